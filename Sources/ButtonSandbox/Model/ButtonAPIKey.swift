import SandboxCore

/// A secret key of an organisation, the username of the Order API's Basic authentication: a `button_api_keys` row.
struct ButtonAPIKey: SandboxRecord {
    static let databaseTableName = "button_api_keys"

    var key: String
    /// The organisation the key authenticates as.
    var org: String
    var createdAt: Double
}
