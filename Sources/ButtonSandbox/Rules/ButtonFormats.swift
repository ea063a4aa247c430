import CommerceCore
import Foundation

/// The formats Button's rules check identifiers against.
enum ButtonFormats {
    /// `^app-[0-9a-zA-Z]+$`
    static func isApplicationId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 4, bytes.starts(with: Array("app-".utf8)) else { return false }
        return bytes[4...].allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        }
    }

    /// `YYYY-MM-DD` (rule H1).
    static func isVersionLabel(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (0x30...0x39).contains(bytes[$0]) }
        guard digits, let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `[A-Za-z0-9._~-]{1,255}` (rule O12).
    static func isURLSafe(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "~")
            }
    }

    /// `^fakesrctok-[a-f0-9]{16}$` (rule O13).
    static func isTestToken(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let prefix = Array("fakesrctok-".utf8)
        return bytes.count == prefix.count + 16 && bytes.starts(with: prefix)
            && bytes[prefix.count...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// O4: three capitals `A`–`Z` that CommerceCore's currency table lists as active.
    static func isCurrencyCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 3 && bytes.allSatisfy(isUpper) && Currency.isActive(text)
    }

    /// O6: 1–255 bytes, each printable ASCII (0x20–0x7E).
    static func isMerchantOrderId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...255).contains(bytes.count) && !bytes.contains { $0 < 0x20 || $0 > 0x7E }
    }

    /// O8/O9: the spec's pattern `\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})`, matched
    /// here byte by byte, and then a real instant: the calendar part is left to the parser the sandbox stores
    /// dates with, so a date accepted here is always one it can store.
    static func isZonedDateTime(_ text: String) -> Bool {
        matchesDateTimePattern(Array(text.utf8)) && ISO8601.parse(text) != nil
    }

    private static func matchesDateTimePattern(_ bytes: [UInt8]) -> Bool {
        // Up to the seconds the shape is fixed: digits everywhere except these separators.
        let separators: [Int: UInt8] = [
            4: UInt8(ascii: "-"), 7: UInt8(ascii: "-"), 10: UInt8(ascii: "T"), 13: UInt8(ascii: ":"),
            16: UInt8(ascii: ":"),
        ]
        guard bytes.count > 19 else { return false }
        for offset in 0..<19 {
            let expected = separators[offset]
            guard expected.map({ bytes[offset] == $0 }) ?? isDigit(bytes[offset]) else { return false }
        }
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") {
            let digits = rest.dropFirst().prefix(while: isDigit)
            guard (1...9).contains(digits.count) else { return false }
            rest = rest.dropFirst(1 + digits.count)
        }
        if rest.elementsEqual([UInt8(ascii: "Z")]) { return true }
        guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return false }
        var zone = Array(rest.dropFirst())
        if zone.count == 5, zone[2] == UInt8(ascii: ":") { zone.remove(at: 2) }
        return zone.count == 4 && zone.allSatisfy(isDigit)
    }

    /// C2: 64 hexadecimal digits in either case.
    static func isSHA256Hex(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 64 && bytes.allSatisfy(isHex)
    }

    /// C3: hexadecimal groups of 8, 4, 4, 4 and 12 digits joined by hyphens, either case.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(isHex) }
    }

    /// L7: twelve ASCII digits; Button's own example fails the UPC-A check digit, so it is not computed.
    static func isUPC(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 12 && bytes.allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// An absolute URL with a scheme and a host (or at least a scheme and something after it).
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty else {
            return false
        }
        return components.host.map { !$0.isEmpty } ?? !components.path.isEmpty
    }
}
