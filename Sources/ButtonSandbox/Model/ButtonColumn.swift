import CommerceCore
import Foundation
import SandboxCore

/// How Button's stored columns become JSON: JSON text columns and epoch-second dates.
enum ButtonColumn {
    /// A stored JSON column of row `id` of `table` (`null` when the column is NULL); text that does not parse is a
    /// ``CorruptRow`` naming the row, never an empty value.
    static func json(_ text: String?, table: String, id: String, column: String) throws(CorruptRow) -> JSONValue {
        try CorruptRow.json(text, table: table, id: id, column: column)
    }

    static func date(_ seconds: Double?) -> JSONValue {
        guard let seconds else { return .null }
        return .string(ButtonDates.format(Date(timeIntervalSince1970: seconds)))
    }
}
