import CommerceCore
import GRDB

/// A mobile session the sandbox started for an app (rule 5.3.6): a `button_sessions` row.
struct ButtonSession: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_sessions"

    var sessionId: String
    var appId: String
    /// `active`, or `expiring` once a test expired it: the next request then gets `null` and a new session.
    var status: String
    var createdAt: Double
    var lastSeenAt: Double

    enum CodingKeys: String, CodingKey {
        case status
        case sessionId = "session_id"
        case appId = "app_id"
        case createdAt = "created_at"
        case lastSeenAt = "last_seen_at"
    }

    enum Columns {
        static let sessionId = Column(CodingKeys.sessionId)
        static let appId = Column(CodingKeys.appId)
        static let status = Column(CodingKeys.status)
        static let createdAt = Column(CodingKeys.createdAt)
        static let lastSeenAt = Column(CodingKeys.lastSeenAt)
    }

    /// The session as the control routes list it.
    var controlObject: JSONValue {
        [
            "session_id": .string(sessionId), "application_id": .string(appId), "status": .string(status),
            "created_at": ButtonColumn.date(createdAt), "last_seen_at": ButtonColumn.date(lastSeenAt),
        ]
    }
}
