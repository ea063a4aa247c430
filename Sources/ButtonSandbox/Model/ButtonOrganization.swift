import GRDB

/// An organisation: a `button_organizations` row. The Order API reads it on every request to learn the caller's
/// finalization window and pinned version.
struct ButtonOrganization: Encodable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "button_organizations"

    let id: String
    let name: String?
    let windowDays: Int
    let apiVersion: String
    /// Epoch seconds.
    let createdAt: Double

    // Explicit keys rather than `SandboxRecord`'s snake-case strategy: this row is read on every Order API call.
    enum CodingKeys: String, CodingKey {
        case id, name
        case windowDays = "window_days"
        case apiVersion = "api_version"
        case createdAt = "created_at"
    }

    /// The one way a row is read: by column name, as this row is decoded on every Order API request. Only
    /// writes go through `Encodable`, so there is no second, `Decodable` reading path.
    init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        windowDays = row["window_days"]
        apiVersion = row["api_version"]
        createdAt = row["created_at"]
    }

    init(id: String, name: String?, windowDays: Int, apiVersion: String, createdAt: Double) {
        self.id = id
        self.name = name
        self.windowDays = windowDays
        self.apiVersion = apiVersion
        self.createdAt = createdAt
    }
}
