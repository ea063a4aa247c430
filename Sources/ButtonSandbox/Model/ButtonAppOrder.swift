import CommerceCore
import GRDB
import SandboxCore

/// The order signal an app reported through `POST /v1/app/order` (rule 5.3.4), one per (application, order id):
/// a `button_app_orders` row.
struct ButtonAppOrder: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_app_orders"

    var appId: String
    var orderId: String
    var btnRef: String?
    /// The latest request body as JSON text.
    var body: String
    var reportCount: Int64
    var firstReceivedAt: Double
    var receivedAt: Double

    enum CodingKeys: String, CodingKey {
        case body
        case appId = "app_id"
        case orderId = "order_id"
        case btnRef = "btn_ref"
        case reportCount = "report_count"
        case firstReceivedAt = "first_received_at"
        case receivedAt = "received_at"
    }

    enum Columns {
        static let appId = Column(CodingKeys.appId)
        static let orderId = Column(CodingKeys.orderId)
        static let btnRef = Column(CodingKeys.btnRef)
        static let body = Column(CodingKeys.body)
        static let reportCount = Column(CodingKeys.reportCount)
        static let firstReceivedAt = Column(CodingKeys.firstReceivedAt)
        static let receivedAt = Column(CodingKeys.receivedAt)
    }

    /// The signal as the control routes list it.
    func inspectionObject() throws(CorruptRow) -> JSONValue {
        [
            "application_id": .string(appId), "order_id": .string(orderId), "btn_ref": .from(btnRef),
            "report_count": .integer(reportCount), "first_received_at": ButtonColumn.date(firstReceivedAt),
            "received_at": ButtonColumn.date(receivedAt),
            "body": try ButtonColumn.json(
                body, table: Self.databaseTableName, id: "\(appId)/\(orderId)", column: CodingKeys.body.stringValue),
        ]
    }
}
