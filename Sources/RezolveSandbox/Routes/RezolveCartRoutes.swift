import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Carts (one open cart per customer and merchant) and payment options (spec §3.5.5–3.5.6, §5.4).
struct RezolveCartRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        let b1 = RezolveEndpoint.b1
        let b4 = RezolveEndpoint.b4
        router.post(b1 + "/merchant/:mid/cart", handler: endpoint.customer(addToCart))
        router.get(
            b1 + "/cart",
            handler: endpoint.customer { _, caller in
                let carts = try await endpoint.database.read { db in
                    try RezolveCommerceStore.carts(entityId: caller.entityId, db)
                }
                return .json(.array(carts.filter { !$0.lines.isEmpty }.map(Self.cartJSON)))
            })
        router.delete(b1 + "/merchant/:mid/cart/:cartId/product/:index", handler: endpoint.customer(removeLine))
        router.post(b4 + "/merchant/:mid/options", handler: endpoint.customer(productOptions))
        router.post(b4 + "/merchant/:mid/cart/:cartId/options", handler: endpoint.customer(cartOptions))
    }

    @Sendable func addToCart(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let mid = request.parameter("mid")
        _ = try await endpoint.database.read { db in try RezolveCatalogStore.merchant(mid, db) }
        let body = try RezolveBody(request)
        guard let productValue = body["product"] else {
            throw RezolveFailure.validation(3, [RezolveMessage.required(["product"])])
        }
        guard case .object(let productObject) = productValue else {
            throw RezolveFailure.validation(
                3, [RezolveMessage.typeMismatch(expected: "Object", got: productValue, at: "#/product")])
        }
        let line = try RezolveLineRules.parse(productObject, at: "#/product")
        let now = endpoint.now.timeIntervalSince1970
        let cart = try await endpoint.database.write { db in
            try RezolveCarts.add(line, caller: caller, merchantId: mid, now: now, db)
        }
        return .json(Self.cartJSON(cart), status: 201)
    }

    @Sendable func removeLine(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let mid = request.parameter("mid")
        let cartId = request.parameter("cartId")
        let index = Int(request.parameter("index"))
        let now = endpoint.now.timeIntervalSince1970
        let remaining = try await endpoint.database.write { db in
            try RezolveCarts.remove(index: index, cartId: cartId, caller: caller, merchantId: mid, now: now, db)
        }
        guard let remaining else { return .noContent }
        return .json(Self.cartJSON(remaining))
    }

    /// Instant buy: one product, unwrapped in the body; answers one option.
    @Sendable func productOptions(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let mid = request.parameter("mid")
        _ = try await endpoint.database.read { db in try RezolveCatalogStore.merchant(mid, db) }
        let line = try RezolveLineRules.parse(try RezolveBody(request).object, at: "#")
        let option = try await makeSession(caller, merchantId: mid, lines: [line], cart: nil)
        return .json(option)
    }

    /// A cart: answers an array with one option.
    @Sendable func cartOptions(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let mid = request.parameter("mid")
        let cartId = request.parameter("cartId")
        let cart = try await endpoint.database.read { db in
            _ = try RezolveCatalogStore.merchant(mid, db)
            return try RezolveCommerceStore.cart(cartId, entityId: caller.entityId, merchantId: mid, db)
        }
        let option = try await makeSession(caller, merchantId: mid, lines: cart.lines, cart: cart)
        return .json([option])
    }

    private func makeSession(_ caller: RezolveCaller, merchantId: String, lines: [RZLine], cart: RZCart?) async throws
        -> JSONValue
    {
        let now = endpoint.now.timeIntervalSince1970
        return try await endpoint.database.write { db in
            try RezolveCarts.makeSession(caller, merchantId: merchantId, lines: lines, cart: cart, now: now, db)
        }
    }

    static func cartJSON(_ cart: RZCart) -> JSONValue {
        [
            "id": .string(cart.id), "merchant_id": .string(cart.merchantId),
            "date_created": RezolveWire.time(cart.dateCreated),
            "date_updated": RezolveWire.time(cart.dateUpdated), "products": .array(cart.lines.map(RezolveOffers.line)),
        ]
    }
}
