import CommerceCore
import Foundation

/// A stored JSON column that no longer parses (a hand-edited data directory or a sandbox bug): answered as a 500
/// that names the row, never read as an empty value.
struct RezolveCorruptRow: Error, CustomStringConvertible {
    var table: String
    var id: String
    var column: String

    var description: String { "\(table) row \(id) holds unreadable JSON in \(column)" }

    /// `text` parsed as JSON; a missing value (a NULL column) is `null`.
    static func json(_ text: String?, table: String, id: String, column: String) throws(RezolveCorruptRow)
        -> JSONValue
    {
        guard let text else { return .null }
        do { return try JSONValue.parse(Data(text.utf8)) } catch {
            throw RezolveCorruptRow(table: table, id: id, column: column)
        }
    }
}
