import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// How long customer credentials live and how access tokens are issued (spec §5.12); ``StorefrontCustomerStore``
/// keeps them, hashed.
enum CustomerCredentials {
    static let defaultTokenLifetime: TimeInterval = 30 * 86_400
    static let resetLifetime: TimeInterval = 86_400

    static func tokenLifetime(_ shop: ShopRecord) -> TimeInterval {
        shop.simulation["customerAccessTokenTTLSeconds"]?.doubleValue ?? defaultTokenLifetime
    }

    /// Issues a new access token; returns the token and its expiry.
    static func issueAccessToken(_ db: Database, customerID: Int64, lifetime: TimeInterval, now: Date) throws -> (
        String, Date
    ) {
        let token = RandomToken.hex(32)
        let expires = now.addingTimeInterval(lifetime)
        try StorefrontCustomerStore.insertAccessToken(db, token, customerID: customerID, expires: expires, now: now)
        return (token, expires)
    }

    /// Issues a single-use reset (and activation) token, valid for ``resetLifetime``.
    static func issueResetToken(_ db: Database, customerID: Int64, now: Date) throws -> String {
        let token = RandomToken.hex(32)
        try StorefrontCustomerStore.insertResetToken(
            db, token, customerID: customerID, expires: now.addingTimeInterval(resetLifetime))
        return token
    }

    static func accessTokenObject(_ token: String, expires: Date, _ context: StorefrontRequestContext) -> GraphObject {
        GraphObject("CustomerAccessToken", ["accessToken": token, "expiresAt": context.dateTime(expires)])
    }
}
