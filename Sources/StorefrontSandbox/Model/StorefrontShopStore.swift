import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of shops, their access tokens and their outbox (spec §5.2, §5.16). Every function runs inside
/// the caller's transaction.
enum StorefrontShopStore {
    // MARK: Shops

    /// The shop, or `nil` for an unknown id.
    static func shop(_ db: Database, id: Int64) throws -> ShopRecord? {
        // Raw SQL for a cached statement: every GraphQL request reads its shop twice (before and inside its
        // transaction), and the query interface would compile the statement each time.
        try StorefrontShopRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM storefront_shops WHERE id = ?"), arguments: [id]
        )?.shop()
    }

    static func shops(_ db: Database) throws -> [ShopRecord] {
        try StorefrontShopRecord.order { $0.id }.fetchAll(db).map { record throws(CorruptRow) in try record.shop() }
    }

    static func exists(_ db: Database, id: Int64) throws -> Bool {
        try StorefrontShopRecord.exists(db, key: id)
    }

    static func isEmpty(_ db: Database) throws -> Bool {
        try StorefrontShopRecord.fetchCount(db) == 0
    }

    static func domainTaken(_ db: Database, _ domain: String) throws -> Bool {
        try StorefrontShopRecord.filter { $0.domain == domain }.fetchCount(db) > 0
    }

    /// Inserts a shop (the next free id unless `id` is given) and returns its id.
    static func insert(
        _ db: Database, _ shop: ShopFactory.NewShop, id: Int64?, discountCodes: [String], now: Date
    ) throws -> Int64 {
        var record = StorefrontShopRecord(
            id: id, name: shop.name, domain: shop.domain, description: shop.description, currency: shop.currency,
            country: shop.country, shipsTo: StorefrontJSONColumn.text(shop.shipsTo), state: "active",
            simulation: "{}", discountCodes: StorefrontJSONColumn.text(discountCodes), nextOrderNumber: 1001,
            createdAt: now.timeIntervalSince1970)
        try record.insert(db)
        return record.id ?? db.lastInsertedRowID
    }

    /// Sets `active`, `frozen` or `locked`; false when no shop has this id.
    static func setState(_ db: Database, id: Int64, _ state: String) throws -> Bool {
        try StorefrontShopRecord.filter(key: id).updateAll(db) { $0.state.set(to: state) } > 0
    }

    /// Stores the shop's simulation settings (already validated and merged).
    static func setSimulation(_ db: Database, id: Int64, _ settings: JSONObject) throws {
        let text = JSONValue.object(settings).serialized()
        try StorefrontShopRecord.filter(key: id).updateAll(db) { $0.simulation.set(to: text) }
    }

    static func setDiscountCodes(_ db: Database, id: Int64, _ codes: [String]) throws {
        let text = StorefrontJSONColumn.text(codes)
        try StorefrontShopRecord.filter(key: id).updateAll(db) { $0.discountCodes.set(to: text) }
    }

    /// Takes the shop's next order number (1001 upwards) for an order being written.
    static func takeOrderNumber(_ db: Database, shopID: Int64) throws -> Int64 {
        let number =
            try StorefrontShopRecord.filter(key: shopID).select({ $0.nextOrderNumber }, as: Int64.self).fetchOne(db)
            ?? 1001
        try StorefrontShopRecord.filter(key: shopID).updateAll(db) { $0.nextOrderNumber.set(to: number + 1) }
        return number
    }

    // MARK: Tokens

    /// What `token` grants, or `nil` for an unknown token.
    static func grant(_ db: Database, token: String) throws -> TokenGrant? {
        // Raw SQL for a cached statement: every GraphQL request looks its token up first.
        try StorefrontTokenRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM storefront_tokens WHERE token = ?"), arguments: [token]
        )?.grant
    }

    static func insertToken(_ db: Database, token: String, shopID: Int64, scopes: [String], now: Date) throws {
        try StorefrontTokenRecord(
            token: token, shopId: shopID, scopes: scopes.joined(separator: " "), createdAt: now.timeIntervalSince1970,
            revokedAt: nil
        ).insert(db)
    }

    /// Revokes the token (a second revocation keeps the first time); false for an unknown token.
    static func revoke(_ db: Database, token: String, at time: Date) throws -> Bool {
        try StorefrontTokenRecord.filter(key: token).updateAll(db) {
            $0.revokedAt.set(to: $0.revokedAt ?? time.timeIntervalSince1970)
        } > 0
    }

    /// The shop's tokens, oldest first, as `GET /sandbox/storefront/shops` lists them: scopes in stored order.
    static func tokenObjects(_ db: Database, shopID: Int64) throws -> [JSONValue] {
        try StorefrontTokenRecord.filter { $0.shopId == shopID }.order { [$0.createdAt, $0.token] }.fetchAll(db).map {
            [
                "token": .string($0.token), "scopes": .array($0.scopeList.map(JSONValue.string)),
                "revoked": .bool($0.revokedAt != nil),
            ]
        }
    }

    // MARK: Outbox

    /// Keeps an "email" the shop sent (password resets) for tests to read instead of delivering it.
    static func send(_ db: Database, shopID: Int64, _ email: JSONValue, at time: Date) throws {
        var record = StorefrontEmailRecord(
            id: nil, shopId: shopID, body: email.serialized(), createdAt: time.timeIntervalSince1970)
        try record.insert(db)
    }

    /// The shop's emails, newest first.
    static func emails(_ db: Database, shopID: Int64) throws -> [JSONValue] {
        try StorefrontEmailRecord.filter { $0.shopId == shopID }.order { $0.id.desc }.fetchAll(db).map {
            record throws(CorruptRow) in try record.email()
        }
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontShopRecord.deleteAll(db)
        try StorefrontTokenRecord.deleteAll(db)
        try StorefrontEmailRecord.deleteAll(db)
    }
}
