import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The partner behind a valid SSP bearer.
struct SspCaller: Sendable {
    let partnerId: String
    let clientId: String
}

/// Issues SSP bearers for the OAuth proxy and checks them on every other SSP route (spec §3.5.12, §4.2).
enum SspAuthenticator {
    /// How long an issued bearer lives on the sandbox clock.
    static let lifetime: TimeInterval = 3600

    /// The caller of an SSP route: `Authorization: Bearer <token>` naming a token that exists and has not
    /// expired at `now`. Any failure is the same bare 401, so a caller never learns which check failed.
    static func caller(_ request: SandboxRequest, now: Date, _ db: Database) throws(SspProblem) -> SspCaller {
        guard let token = bearer(in: request) else { throw .unauthorized }
        let stored: RZSspToken?
        do { stored = try RezolvePartnerStore.sspToken(hash: HexDigest.sha256(token), db) } catch {
            throw .unauthorized
        }
        guard let stored, stored.expiresAt > now.timeIntervalSince1970 else { throw .unauthorized }
        return SspCaller(partnerId: stored.partnerId, clientId: stored.clientId)
    }

    /// The token of an `Authorization: Bearer …` header (scheme case-insensitive), or `nil`.
    static func bearer(in request: SandboxRequest) -> String? {
        guard let header = request.headers["Authorization"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// Checks the client credentials against the partners' SSP clients and stores a fresh bearer.
    /// Returns the token and its expiry.
    static func issue(
        clientId: String, clientSecret: String, audience: String, now: Date,
        _ db: Database
    ) throws -> (token: String, expiresAt: Date) {
        guard let partner = try RezolvePartnerStore.partner(sspClientId: clientId, db),
            constantTimeEqual(partner.sspClientSecret, clientSecret), partner.sspAudience == audience
        else {
            throw SspProblem.unauthorized
        }
        let token = RandomToken.hex(48)
        // Whole seconds, because `expirationUtc` is printed without a fraction; rounding up keeps the full hour.
        let expiresAt = (now.timeIntervalSince1970 + lifetime).rounded(.up)
        let stored = RZSspToken(
            tokenHash: HexDigest.sha256(token), partnerId: partner.id, clientId: clientId,
            createdAt: now.timeIntervalSince1970, expiresAt: expiresAt)
        try RezolvePartnerStore.insert(stored, droppingExpiredAt: now.timeIntervalSince1970, db)
        return (token, Date(timeIntervalSince1970: expiresAt))
    }

    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
