import CommerceCore
import GRDB
import SandboxCore

/// One body an order was created or updated with, kept for the inspection route (§5.4): a
/// `button_order_versions` row, keyed by the order and its number.
struct ButtonOrderVersion: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_order_versions"

    /// The `seq` of the order in `button_orders`.
    var orderSeq: Int64
    /// 1 for the body the order was created with, then one more per update; given when stored.
    var number: Int64?
    /// `create` or `update`.
    var kind: String
    /// The request body as JSON text.
    var body: String
    var ignoredFields: String
    var apiVersion: String
    var receivedAt: Double

    enum CodingKeys: String, CodingKey {
        case number, kind, body
        case orderSeq = "order_seq"
        case ignoredFields = "ignored_fields"
        case apiVersion = "api_version"
        case receivedAt = "received_at"
    }

    enum Columns {
        static let orderSeq = Column(CodingKeys.orderSeq)
        static let number = Column(CodingKeys.number)
        static let kind = Column(CodingKeys.kind)
        static let body = Column(CodingKeys.body)
        static let ignoredFields = Column(CodingKeys.ignoredFields)
        static let apiVersion = Column(CodingKeys.apiVersion)
        static let receivedAt = Column(CodingKeys.receivedAt)
    }

    /// The entry of an inspected order's `versions` array; `number` counts from 1.
    func inspectionObject(number: Int) throws(CorruptRow) -> JSONValue {
        let id = "\(orderSeq)/\(self.number ?? 0)"
        return [
            "version": .integer(Int64(number)), "kind": .string(kind), "received_at": ButtonColumn.date(receivedAt),
            "api_version": .string(apiVersion),
            "body": try ButtonColumn.json(
                body, table: Self.databaseTableName, id: id, column: CodingKeys.body.stringValue),
            "ignored_fields": try ButtonColumn.json(
                ignoredFields, table: Self.databaseTableName, id: id, column: CodingKeys.ignoredFields.stringValue),
        ]
    }
}
