import CommerceCore
import Foundation

/// The GraphQL runtime that every generated `Storefront` type builds on: query builders, response models,
/// scalar rendering and parsing. It is a namespace only; it has no cases.
public enum GraphQL {
    /// The POSIX locale, used wherever text must be read or written the same way on every device.
    public static let posixLocale = Locale(identifier: "en_US_POSIX")

    /// Wraps `input` in double quotes and escapes it as a GraphQL string literal.
    ///
    /// Backslash, quote, line feed and carriage return get their short escapes; every other control
    /// character below U+0020 becomes `\u` and four lowercase hex digits. Everything else is kept as is.
    public static func quoteString(input: String) -> String {
        var output = "\""
        output.reserveCapacity(input.utf8.count + 2)
        // Most arguments (ids, cursors, handles) need no escape: copied whole rather than scalar by scalar.
        if !input.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += input
            output += "\""
            return output
        }
        for scalar in input.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
        return output
    }

    /// Reads a `DateTime` value: `yyyy-MM-dd'T'HH:mm:ss`, optionally 1–9 fraction digits, then `Z`,
    /// `±hh:mm` or `±hhmm`. Returns `nil` for anything else (a bare date, a missing zone).
    public static func parseDateTime(_ text: String) -> Date? {
        ISO8601.parse(text)
    }

    /// Writes a `DateTime` value in UTC as `yyyy-MM-dd'T'HH:mm:ss'Z'`, so query text never depends on the
    /// device's time zone.
    public static func formatDateTime(_ date: Date) -> String {
        ISO8601.format(date)
    }
}
