import CommerceCore
import Foundation
import GRDB

/// Checkout (spec §3.5.7, §5.4, §5.5): turns a live option session and the chosen shipping and payment
/// into an unlisted order with its totals. A new checkout of the same option abandons the earlier order.
enum RezolveCheckout {
    static func place(
        _ caller: RezolveCaller, merchantId: String, optionId: String, cartId: String?, body: JSONObject,
        now: Date, _ db: Database
    ) throws -> RZOrder {
        let merchant = try RezolveCatalogStore.merchant(merchantId, db)
        let session = try RezolveCommerceStore.session(
            optionId, entityId: caller.entityId, merchantId: merchantId,
            cartId: cartId, now: now, db)
        let offers = RezolveOffers(
            merchant: merchant, stores: try RezolveCatalogStore.stores(merchantId: merchantId, db),
            session: session)
        let choice = try RezolveCheckoutRules.choice(body, offers: offers)
        if let addressId = choice.addressId,
            try RezolveCustomerStore.owned(RZAddress.self, id: addressId, entityId: caller.entityId, db) == nil
        {
            throw RezolveFailure.addressNotFound
        }
        if let cartId {
            // The option priced the cart as it was; any change since (emptied or gone too) needs fresh options. A
            // row that no longer reads is no change but the sandbox's own 500 (CorruptRow), so only the cart's
            // not-found is caught.
            let cart: RZCart?
            do {
                cart = try RezolveCommerceStore.cart(cartId, entityId: caller.entityId, merchantId: merchantId, db)
            } catch is RezolveFailure {
                cart = nil
            }
            guard let cart, cart.dateUpdated == session.cartUpdated else {
                throw RezolveFailure.badRequest(6, "Cart has changed; request payment options again.")
            }
        }
        try RezolveCommerceStore.abandonCreatedOrders(optionId: session.id, db)
        let subtotal = session.subtotalMinor
        let order = RZOrder(
            id: try RezolveCommerceStore.nextOrderId(db), partnerId: caller.partner.id, entityId: caller.entityId,
            merchantId: merchantId, optionId: session.id, cartId: cartId, state: "created", paymentStatus: nil,
            paymentType: choice.paymentType, shippingCode: choice.shippingCode, addressId: choice.addressId,
            pickupStore: choice.pickupStore, subtotalMinor: subtotal,
            shippingMinor: offers.shippingPrice(choice.shippingCode),
            taxMinor: RezolvePricing.tax(subtotalMinor: subtotal, basisPoints: merchant.taxRateBasisPoints),
            lines: session.lines, createdAt: now.timeIntervalSince1970, placedAt: nil, payWith: nil, pan4: nil,
            phoneId: nil, latitude: nil, longitude: nil, paymentId: nil)
        try order.insert(db)
        return order
    }
}
