import GRDB

/// The SSP OAuth proxy's issued bearer tokens (spec §3.5.12, §5.10). Only a SHA-256 of each token is kept,
/// so the database never holds a usable bearer; expiry is an epoch second on the sandbox clock.
enum SspTokenSchema {
    static let table = "rz_ssp_token"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("rezolve-ssp-1-tokens") { db in
            try db.create(table: table) { t in
                t.primaryKey("token_hash", .text)
                t.column("partner_id", .text).notNull().indexed()
                t.column("client_id", .text).notNull()
                t.column("created_at", .double).notNull()
                t.column("expires_at", .double).notNull()
            }
        }
    }
}

/// One issued SSP bearer.
struct RZSspToken: RezolveRecord {
    static let databaseTableName = SspTokenSchema.table
    var tokenHash: String
    var partnerId: String
    var clientId: String
    var createdAt: Double
    var expiresAt: Double

    enum CodingKeys: String, CodingKey {
        case tokenHash = "token_hash"
        case partnerId = "partner_id"
        case clientId = "client_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }

    enum Columns {
        static let tokenHash = Column(CodingKeys.tokenHash)
        static let partnerId = Column(CodingKeys.partnerId)
        static let clientId = Column(CodingKeys.clientId)
        static let createdAt = Column(CodingKeys.createdAt)
        static let expiresAt = Column(CodingKeys.expiresAt)
    }
}
