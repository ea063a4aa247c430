import Crypto
import Foundation

/// Hex digests through swift-crypto, for the hashes the vendor protocols exchange as text.
package enum HexDigest {
    /// SHA-256 as 64 lowercase hex characters.
    package static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    package static func sha256(_ text: String) -> String { sha256(Data(text.utf8)) }

    /// Lowercase hex of any byte sequence.
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // ASCII bytes decoded once, rather than two `Character` appends per byte (a request's `X-Query-Tag`
        // and cache key are hashed on every send).
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            utf8.append(hexDigit(byte >> 4))
            utf8.append(hexDigit(byte & 0x0F))
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
