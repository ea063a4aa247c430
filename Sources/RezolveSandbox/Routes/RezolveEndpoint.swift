import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// What every Rezolve route group shares: the context, the path bases of §3.5, and the wrappers that
/// authenticate the caller and turn a thrown ``RezolveFailure`` into its envelope.
struct RezolveEndpoint: Sendable {
    let context: SandboxContext

    static let b1 = "/api/v1/partner/:pid/customer/:eid"
    static let b2 = "/api/v2/partner/:pid/customer/:eid"
    static let b3 = "/api/v3/partner/:pid/customer/:eid"
    static let b4 = "/api/v4/partner/:pid/customer/:eid"

    var now: Date { context.clock.now() }
    var database: SandboxDatabase { context.database }

    /// A route without a customer (registration, the app version, the external callback).
    func open(_ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse) -> ServiceRoutes.Handler {
        { request in
            do { return try await body(request) } catch let failure as RezolveFailure { return failure.response }
        }
    }

    /// A customer route: verifies the JWT (§5.3) against the path's `pid`/`eid` before the handler runs.
    func customer(_ body: @escaping @Sendable (SandboxRequest, RezolveCaller) async throws -> SandboxResponse)
        -> ServiceRoutes.Handler
    {
        open { request in
            let now = context.clock.now()
            let caller = try await database.read { db in
                try RezolveAuthenticator.customer(
                    request, pid: request.parameter("pid"), eid: request.parameter("eid"),
                    now: now, db)
            }
            return try await body(request, caller)
        }
    }
}

extension SandboxResponse {
    static let noContent = SandboxResponse(status: 204)
}
