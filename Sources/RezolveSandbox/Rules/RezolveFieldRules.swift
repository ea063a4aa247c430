import CommerceCore
import Foundation

/// Small schema checks shared by the record routes, worded as the live API words them (spec §4.1).
enum RezolveFieldRules {
    /// `Type mismatch` items for the named fields that are present but not strings, sorted by pointer.
    /// With `allowNull`, a JSON null is accepted (an optional field cleared).
    static func stringMismatches(
        _ object: JSONObject, _ names: [String], allowNull: Bool = false,
        at base: String = "#"
    ) -> [String] {
        names.sorted().compactMap { name in
            guard let value = object[name] else { return nil }
            if value.stringValue != nil || (allowNull && value.isNull) { return nil }
            return RezolveMessage.typeMismatch(expected: "String", got: value, at: base + "/" + name)
        }
    }

    /// A syntactically valid e-mail address: one `@`, something before it, a dotted domain after it.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// `^\+?[0-9]{4,20}$`.
    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return (4...20).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `MMYY` with a month 01–12.
    static func isMMYY(_ text: String) -> Bool {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let month = Int(text.prefix(2)) else {
            return false
        }
        return (1...12).contains(month)
    }

    /// A string field's value, or `fallback` when absent or null.
    static func string(_ object: JSONObject, _ name: String, default fallback: String = "") -> String {
        object[name]?.stringValue ?? fallback
    }
}
