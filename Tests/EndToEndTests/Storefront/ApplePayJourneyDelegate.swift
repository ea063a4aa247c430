import Foundation
import Pay

/// J3's `PaySessionDelegate`: keeps the sandbox checkout in step with the sheet through `Buy`, the way an
/// app's delegate would, and records what it was told so the journey can assert every step. A Storefront
/// failure is recorded and answered with `nil` / `.failure`, so the sheet never waits forever.
@MainActor
final class ApplePayJourneyDelegate: PaySessionDelegate {
    let calls: ApplePayStorefrontCalls
    private(set) var events: [String] = []
    private(set) var postalAddresses: [PayPostalAddress] = []
    private(set) var authorizations: [PayAuthorization] = []
    /// The checkouts handed to the session with rates, in order.
    private(set) var ratesCheckouts: [PayCheckout] = []
    /// The checkout read back after the authorised contact's full address and email were sent (J3 step 5).
    private(set) var checkoutBeforeCompletion: PayCheckout?
    private(set) var payment: (paymentID: String, ready: Bool)?
    private(set) var order: (number: Int32, total: Decimal)?
    private(set) var failures: [String] = []

    init(calls: ApplePayStorefrontCalls) { self.calls = calls }

    func paySession(
        _ paySession: PaySession, didRequestShippingRatesFor address: PayPostalAddress, checkout: PayCheckout,
        provide: @escaping (PayCheckout?, [PayShippingRate]) -> Void
    ) {
        events.append("rates")
        postalAddresses.append(address)
        // Only what the sheet revealed: city, province, country and the (padded) postal code.
        let partial = PayAddress(
            city: address.city, country: address.country, province: address.province, zip: address.zip)
        Task {
            do {
                try await calls.setShippingAddress(partial)
                let rates = try await calls.pollShippingRates()
                let updated = try await calls.pollPayCheckout()
                ratesCheckouts.append(updated)
                provide(updated, rates)
            } catch {
                record(error)
                provide(nil, [])
            }
        }
    }

    func paySession(
        _ paySession: PaySession, didUpdateShippingAddress address: PayPostalAddress, checkout: PayCheckout,
        provide: @escaping (PayCheckout?) -> Void
    ) {
        // J3's checkout needs shipping, so the session must never ask this.
        events.append("address")
        provide(nil)
    }

    func paySession(
        _ paySession: PaySession, didSelectShippingRate shippingRate: PayShippingRate, checkout: PayCheckout,
        provide: @escaping (PayCheckout?) -> Void
    ) {
        events.append("select \(shippingRate.handle)")
        let handle = shippingRate.handle
        Task {
            do {
                try await calls.setShippingLine(handle)
                provide(try await calls.pollPayCheckout())
            } catch {
                record(error)
                provide(nil)
            }
        }
    }

    func paySession(
        _ paySession: PaySession, didAuthorizePayment authorization: PayAuthorization, checkout: PayCheckout,
        completeTransaction: @escaping (PaySession.TransactionStatus) -> Void
    ) {
        events.append("authorize")
        authorizations.append(authorization)
        let key = paySession.identifier
        let completer: any TokenizedCompleting = calls
        Task {
            do {
                try await calls.setShippingAddress(authorization.shippingAddress)
                try await calls.setEmail(
                    authorization.shippingAddress.email ?? authorization.billingAddress.email ?? "")
                let current = try await calls.pollPayCheckout()
                checkoutBeforeCompletion = current
                payment = try await completer.completeWithTokenizedPayment(
                    amount: current.paymentDue, idempotencyKey: key, billing: authorization.billingAddress,
                    token: authorization.token)
                order = try await calls.pollOrder()
                completeTransaction(order == nil ? .failure : .success)
            } catch {
                record(error)
                completeTransaction(.failure)
            }
        }
    }

    func paySessionDidFinish(_ paySession: PaySession) {
        events.append("finish")
    }

    private func record(_ error: any Error) {
        failures.append(String(describing: error))
    }
}
