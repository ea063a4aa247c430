import Foundation

/// Delivery and payment choices for a product (instant buy) or a cart. Ask again whenever the variant,
/// quantity, delivery or payment choice changes: each answer is a new option session.
public final class PaymentOptionManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    /// `POST /api/v4/…/merchant/{mid}/options` with the checkout product as the whole body.
    public func getPaymentOptionFor(checkoutProduct: CheckoutProduct, merchantId: String) async throws(RezolveError)
        -> PaymentOption
    {
        try await core.write(
            .post, PaymentOption.self, core.customerPath(4, "/merchant/\(segment(merchantId))/options"),
            json: checkoutProduct)
    }

    /// `POST /api/v4/…/merchant/{mid}/cart/{cartId}/options` with `{}`.
    public func getPaymentOptionsForCartWith(merchantId: String, cartId: String) async throws(RezolveError)
        -> [PaymentOption]
    {
        let path = core.customerPath(4, "/merchant/\(segment(merchantId))/cart/\(segment(cartId))/options")
        return try await core.write(.post, [PaymentOption].self, path, json: EmptyObject())
    }

    /// Callback form of `getPaymentOptionFor(checkoutProduct:merchantId:)`: the handler runs on the main actor with the
    /// option, or the error.
    public func getPaymentOptionFor(
        checkoutProduct: CheckoutProduct, merchantId: String,
        completionHandler: @escaping @MainActor (Result<PaymentOption, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.getPaymentOptionFor(checkoutProduct: checkoutProduct, merchantId: merchantId)
            }, completion: completionHandler)
    }

    /// Callback form of `getPaymentOptionsForCartWith(merchantId:cartId:)`: the handler runs on the main actor with the
    /// options, or the error.
    public func getPaymentOptionsForCartWith(
        merchantId: String, cartId: String,
        completionHandler: @escaping @MainActor (Result<[PaymentOption], RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.getPaymentOptionsForCartWith(merchantId: merchantId, cartId: cartId)
            }, completion: completionHandler)
    }
}
