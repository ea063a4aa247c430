import CommerceCore
import Crypto
import Foundation
import GRDB
import SandboxCore

/// Passwords, access tokens and reset tokens of customer accounts (spec §5.12). Tokens are stored as SHA-256
/// hashes, so the database never holds a usable credential.
enum CustomerCredentials {
    static let defaultTokenLifetime: TimeInterval = 30 * 86_400
    static let resetLifetime: TimeInterval = 86_400

    static func setPassword(_ db: Database, customerID: Int64, password: String) throws {
        let salt = SecretHasher.newSalt()
        try db.execute(
            sql: "UPDATE storefront_customers SET password_salt = ?, password_hash = ? WHERE id = ?",
            arguments: [salt, SecretHasher.hash(password, salt: salt), customerID])
    }

    static func passwordMatches(_ db: Database, customerID: Int64, password: String) throws -> Bool {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT password_salt, password_hash FROM storefront_customers WHERE id = ?",
                arguments: [customerID])
        else { return false }
        return SecretHasher.verify(password, salt: row["password_salt"], hash: row["password_hash"])
    }

    static func tokenLifetime(_ shop: ShopRecord) -> TimeInterval {
        shop.simulation["customerAccessTokenTTLSeconds"]?.doubleValue ?? defaultTokenLifetime
    }

    /// Issues a new access token; returns the token and its expiry.
    static func issueAccessToken(_ db: Database, customerID: Int64, lifetime: TimeInterval, now: Date) throws -> (
        String, Date
    ) {
        let token = RandomToken.hex(32)
        let expires = now.addingTimeInterval(lifetime)
        try db.execute(
            sql:
                "INSERT INTO storefront_customer_tokens (customer_id, token_hash, expires_at, created_at) VALUES (?,?,?,?)",
            arguments: [customerID, HexDigest.sha256(token), expires.timeIntervalSince1970, now.timeIntervalSince1970])
        return (token, expires)
    }

    /// The row ID and customer of an unexpired access token.
    static func findAccessToken(_ db: Database, token: String, shopID: Int64, now: Date) throws -> (
        id: Int64, customerID: Int64
    )? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT t.id, t.customer_id FROM storefront_customer_tokens t JOIN storefront_customers c ON c.id = t.customer_id
                    WHERE t.token_hash = ? AND t.expires_at > ? AND c.shop_id = ?
                    """, arguments: [HexDigest.sha256(token), now.timeIntervalSince1970, shopID])
        else { return nil }
        return (row["id"], row["customer_id"])
    }

    /// Renews an access token found with ``findAccessToken(_:token:shopID:now:)``.
    static func extendAccessToken(_ db: Database, id: Int64, until expires: Date) throws {
        try db.execute(
            sql: "UPDATE storefront_customer_tokens SET expires_at = ? WHERE id = ?",
            arguments: [expires.timeIntervalSince1970, id])
    }

    static func deleteAccessToken(_ db: Database, id: Int64) throws {
        try db.execute(sql: "DELETE FROM storefront_customer_tokens WHERE id = ?", arguments: [id])
    }

    static func revokeAll(_ db: Database, customerID: Int64) throws {
        try db.execute(sql: "DELETE FROM storefront_customer_tokens WHERE customer_id = ?", arguments: [customerID])
    }

    static func accessTokenObject(_ token: String, expires: Date, _ context: StorefrontRequestContext) -> GraphObject {
        GraphObject("CustomerAccessToken", ["accessToken": token, "expiresAt": context.dateTime(expires)])
    }
}
