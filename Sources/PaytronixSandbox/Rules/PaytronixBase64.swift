import Foundation

/// Strict decoding of the upload's `p12` field (spec §4.7 U4).
///
/// The spec only says "valid base64" and names no whitespace rule. The sandbox takes the standard alphabet of
/// RFC 4648 §4 (`A–Z a–z 0–9 + /`) with its `=` padding (so the length is a multiple of 4, and `=` only at
/// the end, at most two), and allows CR and LF line breaks anywhere, because `base64` and `openssl base64`
/// wrap their output by default. Anything else — spaces, tabs, the URL-safe `-`/`_`, a missing or misplaced
/// `=`, stray characters such as `%` — is refused rather than skipped, so a damaged copy-and-paste is reported
/// as U4 instead of surfacing later as a confusing "not a PKCS#12 file".
enum PaytronixBase64 {
    static func decode(_ text: String) -> Data? {
        let bytes = text.utf8.filter { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return nil }
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2, bytes.dropLast(padding).allSatisfy(isAlphabet) else { return nil }
        return Data(base64Encoded: Data(bytes))
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}
