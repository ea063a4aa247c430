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

    /// What `read` returns; it fetches row `id` of `table`, and a column of that row that does not decode into its
    /// record (JSON text GRDB's decoder refuses) is reported as a `CorruptRow` naming the row and the column.
    /// `column` names it when the error cannot: JSON that does not parse at all says nothing of where it came from.
    package static func reporting<Value>(
        table: String, id: String, column: String? = nil, _ read: () throws -> Value
    ) throws -> Value {
        do { return try read() } catch let error as DecodingError {
            throw CorruptRow(table: table, id: id, column: Self.column(of: error) ?? column ?? "a column")
        }
    }

    /// The column a GRDB decoding error is about (the first key of its coding path), when it says.
    static func column(of error: DecodingError) -> String? {
        let context: DecodingError.Context? =
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                context
            @unknown default: nil
            }
        return context?.codingPath.first?.stringValue
    }

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
