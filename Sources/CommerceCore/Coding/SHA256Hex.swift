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
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
