import CommerceCore
import Foundation
import GRDB

/// The writes the control routes make to a shop and its tokens (spec §5.16), next to the records that read them.
extension ShopRecord {
    static func domainTaken(_ db: Database, _ domain: String) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM storefront_shops WHERE domain = ?", arguments: [domain]) ?? 0
            > 0
    }

    /// Sets `active`, `frozen` or `locked`; false when no shop has this id.
    static func setState(_ db: Database, id: Int64, _ state: String) throws -> Bool {
        try db.execute(sql: "UPDATE storefront_shops SET state = ? WHERE id = ?", arguments: [state, id])
        return db.changesCount > 0
    }

    /// Stores the shop's simulation settings (already validated and merged).
    static func setSimulation(_ db: Database, id: Int64, _ settings: JSONObject) throws {
        try db.execute(
            sql: "UPDATE storefront_shops SET simulation = ? WHERE id = ?",
            arguments: [JSONValue.object(settings).serialized(), id])
    }

    static func setDiscountCodes(_ db: Database, id: Int64, _ codes: [String]) throws {
        try db.execute(
            sql: "UPDATE storefront_shops SET discount_codes = ? WHERE id = ?",
            arguments: [JSONValue.array(codes.map(JSONValue.string)).serialized(), id])
    }
}

extension TokenGrant {
    /// Revokes the token (a second revocation keeps the first time); false for an unknown token.
    static func revoke(_ db: Database, token: String, at time: Date) throws -> Bool {
        try db.execute(
            sql: "UPDATE storefront_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE token = ?",
            arguments: [time.timeIntervalSince1970, token])
        return db.changesCount > 0
    }

    /// The shop's tokens, oldest first, as `GET /sandbox/storefront/shops` lists them: scopes in stored order.
    static func controlObjects(_ db: Database, shopID: Int64) throws -> [JSONValue] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM storefront_tokens WHERE shop_id = ? ORDER BY created_at, token",
            arguments: [shopID]
        ).map { row in
            let scopes: String = row["scopes"]
            let revokedAt: Double? = row["revoked_at"]
            return [
                "token": .string(row["token"]),
                "scopes": .array(scopes.split(separator: " ").map { .string(String($0)) }),
                "revoked": .bool(revokedAt != nil),
            ]
        }
    }
}
