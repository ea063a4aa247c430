import CommerceCore
import Foundation

/// A stored column that does not hold what the sandbox wrote there (a hand-edited data directory, a bug in an older
/// build). Nothing a client sends can cause it, so services answer it as the sandbox's own 500 naming the row, and
/// never read it as an empty value. One type for every service's store.
package struct CorruptRow: Error, CustomStringConvertible {
    var table: String
    var id: String
    var column: String

    package init(table: String, id: String, column: String) {
        self.table = table
        self.id = id
        self.column = column
    }

    package var description: String { "\(table) row \(id) holds an unreadable value in \(column)" }

    /// `text` parsed as JSON; a missing value (a NULL column) is `null`.
    package static func json(
        _ text: String?, table: String, id: String, column: String
    ) throws(CorruptRow) -> JSONValue {
        guard let text else { return .null }
        do { return try JSONValue.parse(Data(text.utf8)) } catch {
            throw CorruptRow(table: table, id: id, column: column)
        }
    }
}
