import CommerceCore
import GRDB
import SandboxCore

/// One `POST /v1/app/activity` report (rule M8): a `button_activity` row.
struct ButtonActivity: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_activity"

    /// Arrival order; `nil` until inserted.
    var id: Int64?
    var appId: String
    /// `activity_data.name`.
    var name: String
    var btnRef: String?
    var sessionId: String?
    /// The whole request body, JSON text.
    var body: String
    var receivedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name, body
        case appId = "app_id"
        case btnRef = "btn_ref"
        case sessionId = "session_id"
        case receivedAt = "received_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let appId = Column(CodingKeys.appId)
        static let name = Column(CodingKeys.name)
        static let btnRef = Column(CodingKeys.btnRef)
        static let sessionId = Column(CodingKeys.sessionId)
        static let body = Column(CodingKeys.body)
        static let receivedAt = Column(CodingKeys.receivedAt)
    }

    /// The report as the control routes list it.
    func controlObject() throws(CorruptRow) -> JSONValue {
        [
            "id": .from(id), "application_id": .string(appId), "name": .string(name), "btn_ref": .from(btnRef),
            "session_id": .from(sessionId), "received_at": ButtonColumn.date(receivedAt),
            "body": try ButtonColumn.json(
                body, table: Self.databaseTableName, id: String(id ?? 0), column: CodingKeys.body.stringValue),
        ]
    }
}
