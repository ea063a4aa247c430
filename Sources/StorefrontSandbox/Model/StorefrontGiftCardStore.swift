import Foundation
import GRDB
import SandboxCore

/// A shop's gift card: a code and what is left on it (spec §5.11). The code is only ever compared, never shown:
/// carts show its last characters.
struct GiftCardRecord: Sendable, Equatable {
    let id: Int64
    let code: String
    var balanceCents: Int64

    var gid: GlobalID { GlobalID("AppliedGiftCard", id) }
    var lastCharacters: String { String(code.suffix(4)) }
}

/// A `storefront_gift_cards` row.
struct StorefrontGiftCardRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_gift_cards"
    var id: Int64?
    var shopId: Int64
    var code: String
    var balanceCents: Int64

    enum CodingKeys: String, CodingKey {
        case id, code
        case shopId = "shop_id"
        case balanceCents = "balance_cents"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let code = Column(CodingKeys.code)
        static let balanceCents = Column(CodingKeys.balanceCents)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var giftCard: GiftCardRecord { GiftCardRecord(id: id ?? 0, code: code, balanceCents: balanceCents) }
}

/// Reads and writes of gift cards. Every function runs inside the caller's transaction.
enum StorefrontGiftCardStore {
    /// The documented test cards every demo shop has: code and balance in cents.
    static let testCards: [(code: String, balanceCents: Int64)] = [
        ("GIFTCARD-SBX-5000", 5000), ("GIFTCARD-SBX-1000", 1000),
    ]

    /// Codes compare without case and without spaces, as buyers type them.
    static func normalized(_ code: String) -> String {
        code.uppercased().filter { !$0.isWhitespace }
    }

    static func seedTestCards(_ db: Database, shopID: Int64) throws {
        for card in testCards {
            var record = StorefrontGiftCardRecord(
                id: nil, shopId: shopID, code: card.code, balanceCents: card.balanceCents)
            try record.insert(db)
        }
    }

    static func card(_ db: Database, code: String, shopID: Int64) throws -> GiftCardRecord? {
        let wanted = normalized(code)
        return try StorefrontGiftCardRecord.filter { $0.shopId == shopID && $0.code == wanted }.fetchOne(db)?.giftCard
    }

    /// The cards with these ids, in the order given (ids of another shop or no longer stored are left out).
    static func cards(_ db: Database, ids: [Int64], shopID: Int64) throws -> [GiftCardRecord] {
        let found = try StorefrontGiftCardRecord.filter { ids.contains($0.id) && $0.shopId == shopID }.fetchAll(db)
        let byID = Dictionary(found.map { ($0.id ?? 0, $0.giftCard) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// Takes `cents` off a card (an order paid with it).
    static func debit(_ db: Database, id: Int64, cents: Int64) throws {
        guard var record = try StorefrontGiftCardRecord.fetchOne(db, key: id) else { return }
        record.balanceCents = max(0, record.balanceCents - cents)
        try record.update(db, columns: [StorefrontGiftCardRecord.Columns.balanceCents])
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontGiftCardRecord.deleteAll(db)
    }
}
