import Buy
import Foundation
import Pay

// The Mobile Buy SDK document's Apple Pay section: a plain (nonisolated) app class creates a PaySession with the
// document's initialiser, sets itself as the delegate and calls authorize(); it conforms to PaySessionDelegate in an
// extension with the four methods the document writes (the fifth, didUpdateShippingAddress, keeps its default).
// The delegate methods keep the Storefront checkout in step from completion closures on the client's queue.

/// Runs one Apple Pay checkout for an app screen.
final class ShopCheckoutCoordinator {
    let client: Graph.Client
    let pollInterval: Double
    /// Set by ``presentApplePay(checkout:currency:)``, as the document's `self.paySession`.
    var paySession: PaySession!
    /// The Storefront checkout the sheet pays for.
    private(set) var checkoutID: GraphQL.ID?
    private(set) var payCurrency: PayCurrency?

    /// What the coordinator saw, kept behind a lock: the delegate runs on the main thread, the Storefront
    /// completions on the client's queue. An app's own `NSLock`: the samples use only what an app can import.
    private let journalLock = NSLock()
    private var journal = Journal()

    struct Journal {
        /// Each delegate call the session made, and whether it arrived on the main thread and on the main queue.
        var delegateCalls: [(name: String, onMainThread: Bool, onMainQueue: Bool)] = []
        /// The idempotency keys read from `paySession.identifier` inside completion closures, and whether that
        /// was on the main queue.
        var idempotencyKeys: [(key: String, onMainQueue: Bool)] = []
        /// The order the completed checkout produced.
        var orderNumber: Int32?
        /// The checkout as last read from the shop.
        var payCheckout: PayCheckout?
    }

    /// A copy of what the coordinator saw so far.
    var seen: Journal {
        journalLock.lock()
        defer { journalLock.unlock() }
        return journal
    }

    init(client: Graph.Client, pollInterval: Double = 2.0) {
        self.client = client
        self.pollInterval = pollInterval
        MainQueueCheck.markMainQueue()
    }

    /// Creates a checkout that accepts the partial addresses a wallet sheet reveals, waits until it is ready and
    /// reads the shop's currency: the three things a session needs besides the merchant ID.
    func prepareApplePay(
        lines: [(variant: GraphQL.ID, quantity: Int32)],
        completion: @escaping (PayCheckout?, PayCurrency?) -> Void
    ) {
        let input = Storefront.CheckoutCreateInput.create(
            lineItems: .value(lines.map { .create(variantId: $0.variant, quantity: $0.quantity) }),
            allowPartialAddresses: .value(true)
        )
        let mutation = Storefront.buildMutation {
            $0
                .checkoutCreate(input: input) {
                    $0
                        .checkout {
                            $0
                                .id()
                        }
                        .checkoutUserErrors {
                            $0
                                .field()
                                .message()
                        }
                }
        }
        let task = client.mutateGraphWith(mutation) { result, _ in
            guard let id = result?.checkoutCreate?.checkout?.id else {
                completion(nil, nil)
                return
            }
            self.checkoutID = id
            self.pollPayCheckout(id: id.rawValue) { payCheckout in
                self.fetchPayCurrency { payCurrency in
                    self.payCurrency = payCurrency
                    completion(payCheckout, payCurrency)
                }
            }
        }
        task.resume()
    }

    /// Opens the Apple Pay sheet, as the document does: its initialiser, `delegate = self`, `authorize()`.
    @available(*, deprecated, message: "the document's PaySession(checkout:currency:merchantID:) is deprecated")
    func presentApplePay(checkout payCheckout: PayCheckout, currency payCurrency: PayCurrency) {
        self.paySession = PaySession(
            checkout: payCheckout,
            currency: payCurrency,
            merchantID: "merchant.com.example.shoes"
        )

        self.paySession.delegate = self
        self.paySession.authorize()
    }

    private func note(_ change: (inout Journal) -> Void) {
        journalLock.lock()
        defer { journalLock.unlock() }
        change(&journal)
    }

    func record(_ name: String) {
        let onMain = Thread.isMainThread
        let onMainQueue = MainQueueCheck.isOnMainQueue
        note { $0.delegateCalls.append((name, onMain, onMainQueue)) }
    }

    func recordKey(_ key: String) {
        let onMainQueue = MainQueueCheck.isOnMainQueue
        note { $0.idempotencyKeys.append((key, onMainQueue)) }
    }

    func recordOrder(_ number: Int32?) {
        note { $0.orderNumber = number }
    }

    func recordLatest(_ checkout: PayCheckout) {
        note { $0.payCheckout = checkout }
    }
}

/// Tells whether code runs on the main queue, where the main actor runs. `Thread.isMainThread` cannot tell on
/// Linux: once an async `main` has started (as every Swift Testing runner's has), libdispatch serves the main queue
/// from another thread than the process's first one.
enum MainQueueCheck {
    /// The key is only ever read after it is made; the box keeps the static constant free of warnings whether or
    /// not the platform's Dispatch marks the key `Sendable`.
    // @unchecked: the key is a constant made once; Dispatch only compares its identity.
    private struct KeyBox: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
    }
    private static let box = KeyBox()

    /// Tags the main queue; harmless to repeat.
    static func markMainQueue() {
        DispatchQueue.main.setSpecific(key: box.key, value: true)
    }

    static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: box.key) == true
    }
}

extension ShopCheckoutCoordinator: PaySessionDelegate {
    func paySession(
        _ paySession: PaySession, didRequestShippingRatesFor address: PayPostalAddress, checkout: PayCheckout,
        provide: @escaping (PayCheckout?, [PayShippingRate]) -> Void
    ) {
        record("didRequestShippingRates")
        self.updateCheckoutShippingAddress(id: checkout.id, with: address) { updatedCheckout in
            if let updatedCheckout = updatedCheckout {
                self.fetchShippingRates(for: address) { shippingRates in
                    if let shippingRates = shippingRates {
                        // The checkout handed back carries the address the rates were quoted for.
                        provide(updatedCheckout, shippingRates)
                    } else {
                        // No checkout: the sheet tells the buyer the address cannot be served.
                        provide(nil, [])
                    }
                }
            } else {
                provide(nil, [])
            }
        }
    }

    func paySession(
        _ paySession: PaySession, didSelectShippingRate shippingRate: PayShippingRate, checkout: PayCheckout,
        provide: @escaping (PayCheckout?) -> Void
    ) {
        record("didSelectShippingRate \(shippingRate.handle)")
        self.updateCheckoutWithSelectedShippingRate(id: checkout.id, shippingRate: shippingRate) { updatedCheckout in
            if let updatedCheckout = updatedCheckout {
                // The updated checkout includes the shipping line the buyer chose.
                provide(updatedCheckout)
            } else {
                // No checkout: the session fails this authorisation and the sheet shows a generic error.
                provide(nil)
            }
        }
    }

    func paySession(
        _ paySession: PaySession, didAuthorizePayment authorization: PayAuthorization, checkout: PayCheckout,
        completeTransaction: @escaping (PaySession.TransactionStatus) -> Void
    ) {
        record("didAuthorizePayment")
        // 1. The full shipping address, 2. the buyer's email, 3. completion with the billing address and token.
        self.updateCheckoutShippingAddress(id: checkout.id, shippingAddress: authorization.shippingAddress) { saved in
            guard saved else {
                completeTransaction(.failure)
                return
            }
            self.updateCheckoutEmail(id: checkout.id, email: authorization.shippingAddress.email) { saved in
                guard saved else {
                    completeTransaction(.failure)
                    return
                }
                self.completeCheckout(
                    id: checkout.id, billingAddress: authorization.billingAddress, token: authorization.token
                ) { success in
                    completeTransaction(success ? .success : .failure)
                }
            }
        }
    }

    func paySessionDidFinish(_ paySession: PaySession) {
        record("paySessionDidFinish")
    }
}
