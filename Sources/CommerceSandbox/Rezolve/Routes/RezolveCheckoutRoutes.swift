import CommerceCore
import Foundation
import GRDB

/// Checkout (totals; creates the order) and buy (spec §3.5.7–3.5.8, §5.7).
struct RezolveCheckoutRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: SandboxRouter) {
        let b3 = RezolveEndpoint.b3
        router.post(b3 + "/merchant/:mid/checkout/:optionId", handler: endpoint.customer { request, caller in
            try await checkout(request, caller, cartId: nil)
        })
        router.post(b3 + "/merchant/:mid/cart/:cartId/checkout/:optionId", handler: endpoint.customer { request, caller in
            try await checkout(request, caller, cartId: request.parameter("cartId"))
        })
        router.post(b3 + "/merchant/:mid/buy/:checkoutId", handler: endpoint.customer { request, caller in
            try await RezolveBuy(endpoint: endpoint).respond(request, caller)
        })
    }

    private func checkout(_ request: SandboxRequest, _ caller: RezolveCaller, cartId: String?) async throws -> SandboxResponse {
        let mid = request.parameter("mid"), optionId = request.parameter("optionId")
        let now = endpoint.now
        let body = try RezolveBody(request)
        let order = try await endpoint.database.write { db -> RZOrder in
            let merchant = try RezolveCatalogStore.merchant(mid, db)
            let session = try RezolveCommerceStore.session(optionId, entityId: caller.entityId, merchantId: mid, cartId: cartId,
                                                           now: now, db)
            let offers = RezolveOffers(merchant: merchant, stores: try RezolveCatalogStore.stores(merchantId: mid, db),
                                       session: session)
            let choice = try RezolveCheckoutRules.choice(body.object, offers: offers)
            if let addressId = choice.addressId,
               try RezolveCustomerStore.owned(RZAddress.self, id: addressId, entityId: caller.entityId, db) == nil {
                throw RezolveFailure.addressNotFound
            }
            if let cartId {
                let cart = try? RezolveCommerceStore.cart(cartId, entityId: caller.entityId, merchantId: mid, db)
                guard let cart, cart.dateUpdated == session.cartUpdated else {
                    throw RezolveFailure.badRequest(6, "Cart has changed; request payment options again.")
                }
            }
            try RezolveCommerceStore.abandonCreatedOrders(optionId: session.id, db)
            let subtotal = session.subtotalMinor
            let order = RZOrder(
                id: try RezolveCommerceStore.nextOrderId(db), partnerId: caller.partner.id, entityId: caller.entityId,
                merchantId: mid, optionId: session.id, cartId: cartId, state: "created", paymentStatus: nil,
                paymentType: choice.paymentType, shippingCode: choice.shippingCode, addressId: choice.addressId,
                pickupStore: choice.pickupStore, subtotalMinor: subtotal, shippingMinor: offers.shippingPrice(choice.shippingCode),
                taxMinor: RezolvePricing.tax(subtotalMinor: subtotal, basisPoints: merchant.taxRateBasisPoints),
                lines: session.lines, createdAt: now.timeIntervalSince1970, placedAt: nil, payWith: nil, pan4: nil,
                phoneId: nil, latitude: nil, longitude: nil, paymentId: nil)
            try order.insert(db)
            return order
        }
        return .json(RezolveOrderWire.price(order, includeId: true))
    }
}
