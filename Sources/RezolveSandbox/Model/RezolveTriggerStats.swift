import CommerceCore
import GRDB

/// Touch-trigger statistics (spec §3.7, §5.11): how often a product or category was fetched with both an
/// `ad_id` and a `placement_id`. Rezolve only counts a hit when both are present, and so does the sandbox.
enum RezolveTriggerStats {
    static let table = "rz_trigger_stat"

    static func register(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("rezolve-ssp-2-trigger-stats") { db in
            try db.create(table: table) { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("merchant_id", .text).notNull()
                t.column("category_id", .integer).notNull()
                // NULL for a category trigger.
                t.column("product_id", .integer)
                t.column("ad_id", .text).notNull()
                t.column("placement_id", .text).notNull()
                t.column("count", .integer).notNull()
            }
        }
    }

    /// Counts one hit when the query carries a non-empty `ad_id` and `placement_id`; otherwise does nothing.
    static func recordHit(
        query: [String: String], merchantId: String, categoryId: Int64, productId: Int64?,
        _ db: Database
    ) throws {
        guard let adId = query["ad_id"], !adId.isEmpty, let placementId = query["placement_id"], !placementId.isEmpty
        else {
            return
        }
        let same = RZTriggerStat.filter(
            RZTriggerStat.Columns.merchantId == merchantId && RZTriggerStat.Columns.categoryId == categoryId
                && RZTriggerStat.Columns.productId == productId && RZTriggerStat.Columns.adId == adId
                && RZTriggerStat.Columns.placementId == placementId
        )
        if var existing = try same.fetchOne(db) {
            existing.count += 1
            try existing.update(db)
        } else {
            try RZTriggerStat(
                id: nil, merchantId: merchantId, categoryId: categoryId, productId: productId,
                adId: adId, placementId: placementId, count: 1
            ).insert(db)
        }
    }

    /// Every counted combination, oldest first, for `GET /sandbox/rezolve/stats/triggers`.
    static func json(_ db: Database) throws -> JSONValue {
        let rows = try RZTriggerStat.order(RZTriggerStat.Columns.id).fetchAll(db)
        return [
            "triggers": .array(
                rows.map { row in
                    [
                        "merchant_id": .string(row.merchantId), "category_id": .integer(row.categoryId),
                        "product_id": row.productId.map(JSONValue.integer) ?? .null,
                        "ad_id": .string(row.adId), "placement_id": .string(row.placementId),
                        "count": .integer(row.count),
                    ]
                })
        ]
    }
}

struct RZTriggerStat: RezolveRecord {
    static let databaseTableName = RezolveTriggerStats.table
    var id: Int64?
    var merchantId: String
    var categoryId: Int64
    var productId: Int64?
    var adId: String
    var placementId: String
    var count: Int64

    enum CodingKeys: String, CodingKey {
        case id, count
        case merchantId = "merchant_id"
        case categoryId = "category_id"
        case productId = "product_id"
        case adId = "ad_id"
        case placementId = "placement_id"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let categoryId = Column(CodingKeys.categoryId)
        static let productId = Column(CodingKeys.productId)
        static let adId = Column(CodingKeys.adId)
        static let placementId = Column(CodingKeys.placementId)
        static let count = Column(CodingKeys.count)
    }
}
