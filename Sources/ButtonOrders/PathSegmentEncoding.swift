/// Percent-encodes a value so that it travels as exactly one URL path segment.
///
/// Everything outside RFC 3986 "unreserved" (`A–Z a–z 0–9 - . _ ~`) is encoded from its UTF-8 bytes, so
/// `A/B 1` becomes `A%2FB%201`: an order id containing `/` cannot be mistaken for more path.
enum PathSegmentEncoding {
    static func encode(_ value: String) -> String {
        // "." and ".." are unreserved but would be removed as dot segments by URL normalisation, so a
        // segment made only of dots is encoded in full.
        if !value.isEmpty, value.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
            return String(repeating: "%2E", count: value.utf8.count)
        }
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if JSONRules.isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
