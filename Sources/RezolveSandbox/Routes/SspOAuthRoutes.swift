import CommerceCore
import Foundation
import SandboxCore

/// `POST /v1/OAuthProxy/token` (spec §3.5.12): exchanges a partner's SSP client credentials for a bearer
/// that every other SSP route asks for.
struct SspOAuthRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        router.post("/v1/OAuthProxy/token", handler: endpoint.sspOpen(issueToken))
    }

    @Sendable func issueToken(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try endpoint.sspBody(request)
        var missing: [String: [String]] = [:]
        func text(_ field: String) -> String {
            guard let value = body[field]?.stringValue, !value.isEmpty else {
                missing[field] = ["The \(field) field is required."]
                return ""
            }
            return value
        }
        let clientId = text("clientId")
        let secret = text("clientSecret")
        let audience = text("apiAudience")
        guard missing.isEmpty else { throw SspProblem.invalid(missing) }
        let now = endpoint.now
        let issued = try await endpoint.database.write { db in
            try SspAuthenticator.issue(clientId: clientId, clientSecret: secret, audience: audience, now: now, db)
        }
        return .json([
            "bearerToken": .string(issued.token),
            "expirationUtc": .string(ISO8601.format(issued.expiresAt)),
        ])
    }
}
