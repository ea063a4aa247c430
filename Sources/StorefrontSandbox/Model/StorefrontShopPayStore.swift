import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// A `storefront_shop_pay_sessions` row: a Shop Pay payment request session (spec §5.11) and, once submitted, its
/// receipt. `request` is the last payment request as JSON, read through ``CorruptRow``.
struct StorefrontShopPaySessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_shop_pay_sessions"
    var token: String
    var shopId: Int64
    var sourceIdentifier: String
    var request: String
    var receiptToken: String?
    var idempotencyKey: String?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case token, request
        case shopId = "shop_id"
        case sourceIdentifier = "source_identifier"
        case receiptToken = "receipt_token"
        case idempotencyKey = "idempotency_key"
        case createdAt = "created_at"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let shopId = Column(CodingKeys.shopId)
        static let request = Column(CodingKeys.request)
        static let receiptToken = Column(CodingKeys.receiptToken)
        static let idempotencyKey = Column(CodingKeys.idempotencyKey)
    }

    func requestJSON() throws(CorruptRow) -> JSONValue {
        try CorruptRow.json(request, table: Self.databaseTableName, id: token, column: CodingKeys.request.stringValue)
    }
}

/// Reads and writes of Shop Pay payment request sessions. Every function runs inside the caller's transaction.
enum StorefrontShopPayStore {
    static func session(_ db: Database, token: String, shopID: Int64) throws -> StorefrontShopPaySessionRecord? {
        try StorefrontShopPaySessionRecord.filter { $0.token == token && $0.shopId == shopID }.fetchOne(db)
    }

    /// The shop's session that was submitted with `key`, if any.
    static func session(_ db: Database, idempotencyKey key: String, shopID: Int64) throws
        -> StorefrontShopPaySessionRecord?
    {
        try StorefrontShopPaySessionRecord.filter { $0.idempotencyKey == key && $0.shopId == shopID }.fetchOne(db)
    }

    static func save(_ db: Database, _ session: StorefrontShopPaySessionRecord) throws {
        try session.save(db)
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontShopPaySessionRecord.deleteAll(db)
    }
}
