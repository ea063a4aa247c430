import CommerceCore
import GRDB

/// An app registered with an organisation: a `button_applications` row.
struct ButtonApplication: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_applications"

    var appId: String
    var org: String
    /// Whether the app joined the seeded organisation on its first mobile request (rule 5.3.5) rather than
    /// being created through the control routes.
    var autoRegistered: Bool
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case org
        case appId = "app_id"
        case autoRegistered = "auto_registered"
        case createdAt = "created_at"
    }

    enum Columns {
        static let appId = Column(CodingKeys.appId)
        static let org = Column(CodingKeys.org)
        static let autoRegistered = Column(CodingKeys.autoRegistered)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    /// The entry of an organisation's `applications` array on the control routes.
    var controlObject: JSONValue {
        ["application_id": .string(appId), "auto_registered": .bool(autoRegistered)]
    }
}
