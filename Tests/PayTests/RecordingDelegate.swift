import Foundation
import Pay

/// A delegate that records every call and answers at once with configurable values, or holds the
/// closures (`holds = true`) so a test can answer later, twice, or from another thread.
@MainActor
final class RecordingDelegate: PaySessionDelegate {
    var calls: [String] = []
    var addresses: [PayPostalAddress] = []
    var authorizations: [PayAuthorization] = []
    var finishCount = 0

    var ratesAnswer: (PayCheckout?, [PayShippingRate]) = (nil, [])
    var addressAnswer: PayCheckout?
    /// The checkout handed back after a rate is applied; `nil` reports a failure.
    var rateAnswer: (PayShippingRate, PayCheckout) -> PayCheckout? = { rate, checkout in
        var updated = checkout
        updated.shippingRate = rate
        updated.paymentDue = checkout.subtotalPrice + rate.price
        return updated
    }
    var transactionAnswer = PaySession.TransactionStatus.success

    var holds = false
    var heldRates: ((PayCheckout?, [PayShippingRate]) -> Void)?
    var heldCheckout: ((PayCheckout?) -> Void)?
    var heldTransaction: ((PaySession.TransactionStatus) -> Void)?

    func paySession(
        _ paySession: PaySession, didRequestShippingRatesFor address: PayPostalAddress, checkout: PayCheckout,
        provide: @escaping (PayCheckout?, [PayShippingRate]) -> Void
    ) {
        calls.append("rates")
        addresses.append(address)
        if holds { heldRates = provide } else { provide(ratesAnswer.0, ratesAnswer.1) }
    }

    func paySession(
        _ paySession: PaySession, didUpdateShippingAddress address: PayPostalAddress, checkout: PayCheckout,
        provide: @escaping (PayCheckout?) -> Void
    ) {
        calls.append("address")
        addresses.append(address)
        if holds { heldCheckout = provide } else { provide(addressAnswer) }
    }

    func paySession(
        _ paySession: PaySession, didSelectShippingRate shippingRate: PayShippingRate, checkout: PayCheckout,
        provide: @escaping (PayCheckout?) -> Void
    ) {
        calls.append("select \(shippingRate.handle)")
        if holds { heldCheckout = provide } else { provide(rateAnswer(shippingRate, checkout)) }
    }

    func paySession(
        _ paySession: PaySession, didAuthorizePayment authorization: PayAuthorization, checkout: PayCheckout,
        completeTransaction: @escaping (PaySession.TransactionStatus) -> Void
    ) {
        calls.append("authorize")
        authorizations.append(authorization)
        if holds { heldTransaction = completeTransaction } else { completeTransaction(transactionAnswer) }
    }

    func paySessionDidFinish(_ paySession: PaySession) {
        calls.append("finish")
        finishCount += 1
    }
}

/// Replies a sheet received, for tests that drive ``PaySession`` through its event methods directly.
@MainActor
final class SheetReplies {
    var contact: [(PaySheetStatus, [PayShippingMethod], [PaySummaryItem])] = []
    var method: [(PaySheetStatus, [PaySummaryItem])] = []
    var payment: [PaySheetStatus] = []
}
