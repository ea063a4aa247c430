import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Checkout (totals; creates the order) and buy (spec §3.5.7–3.5.8, §5.7).
struct RezolveCheckoutRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        let b3 = RezolveEndpoint.b3
        router.post(
            b3 + "/merchant/:mid/checkout/:optionId",
            handler: endpoint.customer { request, caller in
                try await checkout(request, caller, cartId: nil)
            })
        router.post(
            b3 + "/merchant/:mid/cart/:cartId/checkout/:optionId",
            handler: endpoint.customer { request, caller in
                try await checkout(request, caller, cartId: request.parameter("cartId"))
            })
        router.post(
            b3 + "/merchant/:mid/buy/:checkoutId",
            handler: endpoint.customer { request, caller in
                try await RezolveBuy(endpoint: endpoint).respond(request, caller)
            })
    }

    private func checkout(_ request: SandboxRequest, _ caller: RezolveCaller, cartId: String?) async throws
        -> SandboxResponse
    {
        let mid = request.parameter("mid")
        let optionId = request.parameter("optionId")
        let now = endpoint.now
        let body = try RezolveBody(request).object
        let order = try await endpoint.database.write { db in
            try RezolveCheckout.place(
                caller, merchantId: mid, optionId: optionId, cartId: cartId, body: body, now: now, db)
        }
        return .json(RezolveOrderWire.price(order, includeId: true))
    }
}
