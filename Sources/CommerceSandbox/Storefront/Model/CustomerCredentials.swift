import CommerceCore
import Crypto
import Foundation
import GRDB

/// Passwords, access tokens and reset tokens of customer accounts (spec §5.12). Tokens are stored as SHA-256
/// hashes, so the database never holds a usable credential.
enum CustomerCredentials {
    static let defaultTokenLifetime: TimeInterval = 30 * 86_400
    static let resetLifetime: TimeInterval = 86_400

    /// A salted key derived with HKDF-SHA256 from swift-crypto. (The spec asks for PBKDF2, which lives in
    /// `_CryptoExtras`, a product the sandbox target does not link; see Documentation/Storefront-Sandbox.md.)
    static func hash(password: String, salt: String) -> String {
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: Data(password.utf8)), salt: Data(salt.utf8),
                                         info: Data("commercekit-storefront-customer-password".utf8), outputByteCount: 32)
        return key.withUnsafeBytes { HexDigest.hex($0) }
    }

    static func setPassword(_ db: Database, customerID: Int64, password: String) throws {
        let salt = RandomToken.hex(32)
        try db.execute(sql: "UPDATE storefront_customers SET password_salt = ?, password_hash = ? WHERE id = ?",
                       arguments: [salt, hash(password: password, salt: salt), customerID])
    }

    static func passwordMatches(_ db: Database, customerID: Int64, password: String) throws -> Bool {
        guard let row = try Row.fetchOne(db, sql: "SELECT password_salt, password_hash FROM storefront_customers WHERE id = ?",
                                         arguments: [customerID]) else { return false }
        return hash(password: password, salt: row["password_salt"]) == (row["password_hash"] as String)
    }

    static func tokenLifetime(_ shop: ShopRecord) -> TimeInterval {
        shop.simulation["customerAccessTokenTTLSeconds"]?.doubleValue ?? defaultTokenLifetime
    }

    /// Issues a new access token; returns the token and its expiry.
    static func issueAccessToken(_ db: Database, customerID: Int64, lifetime: TimeInterval, now: Date) throws -> (String, Date) {
        let token = RandomToken.hex(32)
        let expires = now.addingTimeInterval(lifetime)
        try db.execute(sql: "INSERT INTO storefront_customer_tokens (customer_id, token_hash, expires_at, created_at) VALUES (?,?,?,?)",
                       arguments: [customerID, HexDigest.sha256(token), expires.timeIntervalSince1970, now.timeIntervalSince1970])
        return (token, expires)
    }

    /// The row ID and customer of an unexpired access token.
    static func findAccessToken(_ db: Database, token: String, shopID: Int64, now: Date) throws -> (id: Int64, customerID: Int64)? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT t.id, t.customer_id FROM storefront_customer_tokens t JOIN storefront_customers c ON c.id = t.customer_id
            WHERE t.token_hash = ? AND t.expires_at > ? AND c.shop_id = ?
            """, arguments: [HexDigest.sha256(token), now.timeIntervalSince1970, shopID]) else { return nil }
        return (row["id"], row["customer_id"])
    }

    static func revokeAll(_ db: Database, customerID: Int64) throws {
        try db.execute(sql: "DELETE FROM storefront_customer_tokens WHERE customer_id = ?", arguments: [customerID])
    }

    static func accessTokenObject(_ token: String, expires: Date, _ context: StorefrontRequestContext) -> GraphObject {
        GraphObject("CustomerAccessToken", ["accessToken": token, "expiresAt": context.dateTime(expires)])
    }
}
