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

    enum CodingKeys: String, CodingKey {
        case id, name
        case windowDays = "window_days"
        case apiVersion = "api_version"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let windowDays = Column(CodingKeys.windowDays)
        static let apiVersion = Column(CodingKeys.apiVersion)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    /// The one way a row is read: column by column, as this row is decoded on every Order API request (GRDB's
    /// `Decodable` path costs more). Only writes go through `Encodable`, so there is no second reading path.
    init(row: Row) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        windowDays = row[Columns.windowDays]
        apiVersion = row[Columns.apiVersion]
        createdAt = row[Columns.createdAt]
    }

    init(id: String, name: String?, windowDays: Int, apiVersion: String, createdAt: Double) {
        self.id = id
        self.name = name
        self.windowDays = windowDays
        self.apiVersion = apiVersion
        self.createdAt = createdAt
    }
}
