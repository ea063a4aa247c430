import GRDB

/// A secret key of an organisation, the username of the Order API's Basic authentication: a `button_api_keys` row.
struct ButtonAPIKey: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_api_keys"

    var key: String
    /// The organisation the key authenticates as.
    var org: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case key, org
        case createdAt = "created_at"
    }

    enum Columns {
        static let key = Column(CodingKeys.key)
        static let org = Column(CodingKeys.org)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}
