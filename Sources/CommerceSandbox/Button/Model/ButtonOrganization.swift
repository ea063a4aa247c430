import GRDB

/// An organisation as the Order API sees it after authentication: a `button_organizations` row.
struct ButtonOrganization: Codable, Sendable, FetchableRecord, TableRecord {
    static let databaseTableName = "button_organizations"

    let id: String
    let name: String?
    let windowDays: Int
    let apiVersion: String

    enum CodingKeys: String, CodingKey {
        case id, name
        case windowDays = "window_days"
        case apiVersion = "api_version"
    }

    /// Cached: every Order API request authenticates through this lookup.
    static func fetch(_ db: Database, id: String) throws -> ButtonOrganization? {
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM button_organizations WHERE id = ?"), arguments: [id])
    }

    /// The organisation an API key belongs to, in one cached lookup (A2 on every Order API request).
    static func fetch(_ db: Database, apiKey: String) throws -> ButtonOrganization? {
        try fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT o.* FROM button_api_keys k JOIN button_organizations o ON o.id = k.org WHERE k.key = ?
                    """), arguments: [apiKey])
    }
}
