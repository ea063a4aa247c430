import CommerceCore

/// The small value checks the rule table is built from. Each works on raw bytes or scalars so that its
/// answer never depends on locale, Unicode normalisation or platform regex engines.
enum JSONRules {
    /// 2^53 − 1: the largest integer every JSON client (including JavaScript) holds exactly.
    static let maxSafeInteger: Int64 = 9_007_199_254_740_991
    /// Line-item quantities are 32-bit signed integers on Button's side (decision S9 sets the lower bound).
    static let maxQuantity: Int64 = 2_147_483_647

    /// `nil` for a missing key and for JSON `null`, which every rule treats as absent.
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    /// The number as an exact integer within `range`. A double counts only when it has no fractional part
    /// (`5e3` is 5000); booleans and strings never count.
    static func integer(_ value: JSONValue, in range: ClosedRange<Int64>) -> Int64? {
        let exact: Int64?
        switch value {
        case .integer(let number): exact = number
        case .double(let number): exact = number.isFinite ? Int64(exactly: number) : nil
        default: exact = nil
        }
        guard let exact, range.contains(exact) else { return nil }
        return exact
    }

    /// A string whose length in Unicode scalars lies in `length`.
    static func isString(_ value: JSONValue, length: ClosedRange<Int>) -> Bool {
        guard let text = value.stringValue else { return false }
        return length.contains(text.unicodeScalars.count)
    }

    static func sameScalars(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.elementsEqual(rhs.utf8) }

    /// O4: three ASCII capitals naming an active ISO 4217 currency.
    static func isCurrencyCode(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) } && Currency.isActive(text)
    }

    /// O6: 1–255 printable ASCII characters.
    static func isOrderId(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count) && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// O12: 1–255 characters from `[A-Za-z0-9._~-]`.
    static func isURLSafeToken(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count) && text.utf8.allSatisfy(isUnreserved)
    }

    /// O13: `^fakesrctok-[a-f0-9]{16}$`.
    static func isTestToken(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let prefix = Array("fakesrctok-".utf8)
        return bytes.count == prefix.count + 16 && bytes.starts(with: prefix)
            && bytes[prefix.count...].allSatisfy { isDigit($0) || (0x61...0x66).contains($0) }
    }

    /// C2: 64 hex digits, either case.
    static func isSHA256Hex(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy(isHexDigit)
    }

    /// C3: `8-4-4-4-12` hex digits, either case.
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { offset, byte in
            [8, 13, 18, 23].contains(offset) ? byte == UInt8(ascii: "-") : isHexDigit(byte)
        }
    }

    /// L7: exactly 12 ASCII digits; the check digit is deliberately not verified.
    static func isUPC(_ text: String) -> Bool {
        text.utf8.count == 12 && text.utf8.allSatisfy(isDigit)
    }

    /// O8/O9: `YYYY-MM-DDTHH:MM:SS[.1–9 digits](Z|±HH[:]MM)` that names a real instant. ``ISO8601/parse(_:)``
    /// checks the shape and the calendar; O8's pattern is stricter only in taking an upper-case `T` and `Z`,
    /// the only letters a parsable date-time can hold, so a lower-case `t` or `z` is refused here.
    static func isDateTime(_ text: String) -> Bool {
        ISO8601.parse(text) != nil && !text.utf8.contains { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "z") }
    }

    /// RFC 3986 "unreserved": `A–Z a–z 0–9 - . _ ~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
