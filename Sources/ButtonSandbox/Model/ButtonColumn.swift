import CommerceCore
import Foundation

/// How Button's stored columns become JSON: JSON text columns and epoch-second dates.
enum ButtonColumn {
    /// A stored JSON column.
    static func json(_ text: String?) -> JSONValue {
        guard let text else { return .null }
        return (try? JSONValue.parse(text)) ?? .null
    }

    static func date(_ seconds: Double?) -> JSONValue {
        guard let seconds else { return .null }
        return .string(ButtonDates.format(Date(timeIntervalSince1970: seconds)))
    }
}
