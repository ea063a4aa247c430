import CommerceCore
import GRDB
import SandboxCore

/// One event of a `POST /v1/app/events` batch (rule M7): a `button_app_events` row.
struct ButtonAppEvent: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_app_events"

    /// Arrival order; `nil` until inserted.
    var id: Int64?
    var appId: String
    var name: String
    var source: String?
    var sourceToken: String?
    var sessionId: String?
    /// The event object as the app sent it, JSON text.
    var event: String
    var receivedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name, source, event
        case appId = "app_id"
        case sourceToken = "source_token"
        case sessionId = "session_id"
        case receivedAt = "received_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let appId = Column(CodingKeys.appId)
        static let name = Column(CodingKeys.name)
        static let source = Column(CodingKeys.source)
        static let sourceToken = Column(CodingKeys.sourceToken)
        static let sessionId = Column(CodingKeys.sessionId)
        static let event = Column(CodingKeys.event)
        static let receivedAt = Column(CodingKeys.receivedAt)
    }

    /// The event as the control routes list it: the sandbox's fields, then the app's own where they do not clash.
    func controlObject() throws(CorruptRow) -> JSONValue {
        let sent = try ButtonColumn.json(
            event, table: Self.databaseTableName, id: String(id ?? 0), column: CodingKeys.event.stringValue)
        var object: JSONObject = [
            "id": .from(id), "application_id": .string(appId), "session_id": .from(sessionId),
            "received_at": ButtonColumn.date(receivedAt),
        ]
        for (key, value) in sent.objectValue ?? JSONObject() where object[key] == nil {
            object[key] = value
        }
        return .object(object)
    }
}
