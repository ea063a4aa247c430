import CommerceCore
import Foundation
import SandboxCore

/// Wrappers for the SSP routes (spec §3.5.11–3.5.12): they answer a thrown ``SspProblem`` in problem-details
/// form, and `ssp` checks the bearer before the handler runs. Every SSP route, including the geozone query,
/// goes through these.
extension RezolveEndpoint {
    /// An SSP route without a bearer (the OAuth proxy itself).
    func sspOpen(_ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse) -> ServiceRoutes.Handler
    {
        { request in
            do { return try await body(request) } catch let problem as SspProblem { return problem.response }
        }
    }

    /// An SSP route that needs a valid bearer from `POST /v1/OAuthProxy/token`.
    func ssp(_ body: @escaping @Sendable (SandboxRequest, SspCaller) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        sspOpen { request in
            let now = context.clock.now()
            let caller = try await database.read { db in try SspAuthenticator.caller(request, now: now, db) }
            return try await body(request, caller)
        }
    }

    /// The SSP request body as a JSON object; an empty body reads as `{}`.
    func sspBody(_ request: SandboxRequest) throws(SspProblem) -> JSONObject {
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        guard case .object(let object)? = try? JSONValue.parse(request.body) else {
            throw .invalid("$", "The request body must be a JSON object.")
        }
        return object
    }
}
