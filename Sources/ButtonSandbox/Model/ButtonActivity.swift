import CommerceCore
import SandboxCore

/// One `POST /v1/app/activity` report (rule M8): a `button_activity` row.
struct ButtonActivity: SandboxRecord {
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

    /// The report as the control routes list it.
    var controlObject: JSONValue {
        [
            "id": .from(id), "application_id": .string(appId), "name": .string(name), "btn_ref": .from(btnRef),
            "session_id": .from(sessionId), "received_at": ButtonColumn.date(receivedAt),
            "body": ButtonColumn.json(body),
        ]
    }
}
