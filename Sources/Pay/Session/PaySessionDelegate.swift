import Foundation

/// The app's half of an Apple Pay checkout: it keeps the Storefront checkout in step with what the buyer
/// picks in the sheet and completes the payment.
///
/// Every callback arrives on the main actor. Each hands you a closure that you must call exactly once,
/// from any thread, when your checkout mutation has finished; a second call is ignored. Passing `nil`
/// makes the sheet show an error.
@MainActor
public protocol PaySessionDelegate: AnyObject {
    /// The buyer picked a shipping contact and the checkout needs shipping: set the (partial) address on
    /// the checkout, poll its shipping rates, then `provide` the updated checkout and the rates. An empty
    /// rate list tells the buyer the address cannot be served.
    func paySession(
        _ paySession: PaySession, didRequestShippingRatesFor address: PayPostalAddress,
        checkout: PayCheckout, provide: @escaping (PayCheckout?, [PayShippingRate]) -> Void)

    /// The buyer picked a shipping contact and the checkout needs no shipping: update the address (taxes
    /// may depend on it) and `provide` the updated checkout.
    func paySession(
        _ paySession: PaySession, didUpdateShippingAddress address: PayPostalAddress,
        checkout: PayCheckout, provide: @escaping (PayCheckout?) -> Void)

    /// A shipping rate was chosen (also the first one, which the sheet preselects silently): set the
    /// shipping line, poll readiness and `provide` the updated checkout.
    func paySession(
        _ paySession: PaySession, didSelectShippingRate shippingRate: PayShippingRate,
        checkout: PayCheckout, provide: @escaping (PayCheckout?) -> Void)

    /// The buyer authorised: update the checkout with the full shipping address and email, complete it
    /// with `authorization.token` (use ``PaySession/identifier`` as the idempotency key), poll for the
    /// order, then call `completeTransaction`.
    func paySession(
        _ paySession: PaySession, didAuthorizePayment authorization: PayAuthorization,
        checkout: PayCheckout, completeTransaction: @escaping (PaySession.TransactionStatus) -> Void)

    /// The sheet was dismissed, whether or not a payment was made. Called once per session.
    func paySessionDidFinish(_ paySession: PaySession)
}

extension PaySessionDelegate {
    /// The default when the delegate does not implement it, as the Pay document's delegate does not: the
    /// checkout is handed back unchanged, so the sheet goes on with the totals it already shows.
    public func paySession(
        _ paySession: PaySession, didUpdateShippingAddress address: PayPostalAddress,
        checkout: PayCheckout, provide: @escaping (PayCheckout?) -> Void
    ) {
        provide(checkout)
    }
}
