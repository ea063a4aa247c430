import CommerceCore
import Foundation
import GRDB

/// Single-use password-reset and activation tokens (`storefront_reset_tokens`), kept as SHA-256 hashes.
enum CustomerResetTokens {
    /// Stores a new token for the customer, valid for ``CustomerCredentials/resetLifetime``.
    static func issue(_ db: Database, token: String, customerID: Int64, now: Date) throws {
        try db.execute(
            sql: "INSERT INTO storefront_reset_tokens (token_hash, customer_id, expires_at) VALUES (?,?,?)",
            arguments: [
                HexDigest.sha256(token), customerID,
                now.addingTimeInterval(CustomerCredentials.resetLifetime).timeIntervalSince1970,
            ])
    }

    /// Whether the token is the customer's, unused and not expired.
    static func isValid(_ db: Database, token: String, customerID: Int64, now: Date) throws -> Bool {
        try Row.fetchOne(
            db,
            sql: """
                SELECT 1 FROM storefront_reset_tokens WHERE token_hash = ? AND customer_id = ? AND used_at IS NULL AND expires_at > ?
                """, arguments: [HexDigest.sha256(token), customerID, now.timeIntervalSince1970]) != nil
    }

    static func markUsed(_ db: Database, token: String, now: Date) throws {
        try db.execute(
            sql: "UPDATE storefront_reset_tokens SET used_at = ? WHERE token_hash = ?",
            arguments: [now.timeIntervalSince1970, HexDigest.sha256(token)])
    }
}
