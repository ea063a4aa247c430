import CommerceCore
import SandboxCore

/// A mobile session the sandbox started for an app (rule 5.3.6): a `button_sessions` row.
struct ButtonSession: SandboxRecord {
    static let databaseTableName = "button_sessions"

    var sessionId: String
    var appId: String
    /// `active`, or `expiring` once a test expired it: the next request then gets `null` and a new session.
    var status: String
    var createdAt: Double
    var lastSeenAt: Double

    /// The session as the control routes list it.
    var controlObject: JSONValue {
        [
            "session_id": .string(sessionId), "application_id": .string(appId), "status": .string(status),
            "created_at": ButtonColumn.date(createdAt), "last_seen_at": ButtonColumn.date(lastSeenAt),
        ]
    }
}
