import CommerceCore
import SandboxCore

/// An app registered with an organisation: a `button_applications` row.
struct ButtonApplication: SandboxRecord {
    static let databaseTableName = "button_applications"

    var appId: String
    var org: String
    /// Whether the app joined the seeded organisation on its first mobile request (rule 5.3.5) rather than
    /// being created through the control routes.
    var autoRegistered: Bool
    var createdAt: Double

    /// The entry of an organisation's `applications` array on the control routes.
    var controlObject: JSONValue {
        ["application_id": .string(appId), "auto_registered": .bool(autoRegistered)]
    }
}
