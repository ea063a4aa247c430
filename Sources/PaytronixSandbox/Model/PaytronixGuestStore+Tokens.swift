import CommerceCore
import Foundation
import GRDB

/// OAuth tokens (`paytronix_tokens`): issuing, checking and revoking them, and signing a new guest in.
extension PaytronixGuestStore {
    static let accessTokenLifetime: TimeInterval = 1800
    static let refreshTokenLifetime: TimeInterval = 90 * 86_400
    static let allScopes = ["account_read", "account_write", "user_read", "user_write"]

    static func issueTokens(
        _ db: Database, clientId: String, merchantId: Int64, userId: Int64, scope: String, now: Date,
        refreshToken existing: String? = nil
    ) throws -> (access: String, refresh: String) {
        func issue(_ kind: String, lifetime: TimeInterval) throws -> String {
            let token = PaytronixSecrets.base62(40)
            try PaytronixTokenRecord(
                token: token, kind: kind, clientId: clientId, merchantId: merchantId, userId: userId, scope: scope,
                issuedAt: now.timeIntervalSince1970, expiresAt: now.timeIntervalSince1970 + lifetime,
                revoked: false
            ).insert(db)
            return token
        }
        let access = try issue("access", lifetime: accessTokenLifetime)
        if let existing { return (access, existing) }
        return (access, try issue("refresh", lifetime: refreshTokenLifetime))
    }

    /// An unrevoked token of `kind` for `clientId` that is still valid at `now`.
    static func validToken(_ db: Database, _ token: String, kind: String, clientId: String, now: Date) throws
        -> PaytronixTokenRecord?
    {
        try PaytronixTokenRecord.filter { $0.token == token && $0.kind == kind }.filter { $0.clientId == clientId }
            .live(at: now).fetchOne(db)
    }

    /// Access tokens of a user that are neither revoked nor expired at `now`.
    static func activeAccessTokenCount(_ db: Database, userId: Int64, now: Date) throws -> Int {
        try PaytronixTokenRecord.filter { $0.userId == userId && $0.kind == "access" }.live(at: now).fetchCount(db)
    }

    /// Revokes one token, or every token of a user; returns how many were still live.
    static func revokeTokens(_ db: Database, token: String? = nil, userId: Int64? = nil) throws -> Int {
        var request = PaytronixTokenRecord.filter { $0.revoked == false }
        if let token { request = request.filter { $0.token == token } }
        if let userId { request = request.filter { $0.userId == userId } }
        return try request.updateAll(db) { $0.revoked.set(to: true) }
    }

    static func tokenJSON(access: String, refresh: String, scope: String, username: String, printedCardNumber: String?)
        -> JSONValue
    {
        var object: JSONObject = [
            "access_token": .string(access), "token_type": "bearer", "expires_in": 1800,
            "refresh_token": .string(refresh), "scope": .string(scope),
        ]
        if !username.isEmpty { object["username"] = .string(username) }
        if let printedCardNumber { object["printedCardNumber"] = .string(printedCardNumber) }
        return .object(object)
    }

    /// The tail of every enrollment (createAndRegister, register): links the sent devices, then signs the new guest
    /// in with every scope. Returns the `oauthTokens` object.
    static func completeEnrollment(
        _ db: Database, clientId: String, merchantId: Int64, accountId: Int64, printedCardNumber: String,
        externalAccounts: [ValidExternalAccount], now: Date
    ) throws -> JSONValue {
        try applyExternalAccounts(
            db, merchantId: merchantId, accountId: accountId, operation: "add", accounts: externalAccounts,
            now: now, fieldPrefix: "setAccountFields.externalAccounts")
        guard let user = try user(db, accountId: accountId), let userId = user.id else {
            throw PaytronixFailure.missing("setUserFields")
        }
        let scope = allScopes.joined(separator: " ")
        let tokens = try issueTokens(
            db, clientId: clientId, merchantId: merchantId, userId: userId, scope: scope, now: now)
        return tokenJSON(
            access: tokens.access, refresh: tokens.refresh, scope: scope, username: user.username,
            printedCardNumber: printedCardNumber)
    }
}
