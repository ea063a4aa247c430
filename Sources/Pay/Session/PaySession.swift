import Foundation
import Logging

/// Runs one Apple Pay checkout: presents the wallet sheet for a ``PayCheckout``, turns what the buyer
/// does in the sheet into ``PaySessionDelegate`` calls, and answers the sheet with what the delegate
/// provides.
///
/// The session is a state machine (see ``State``). It never traps: values the sheet leaves out become
/// empty addresses or `nil`, a missing delegate or an unexpected event makes the sheet show a failure.
///
/// ```swift
/// let session = PaySession(shopName: "Sandbox Shoes", checkout: payCheckout,
///                          currency: PayCurrency(currencyCode: "CAD", countryCode: "CA"),
///                          merchantID: "merchant.com.example")
/// session.delegate = self
/// session.authorize()
/// ```
@MainActor
public final class PaySession {
    /// The outcome of the payment, reported by the delegate through `completeTransaction`.
    public enum TransactionStatus: Sendable, Equatable {
        /// The checkout was completed.
        case success
        /// Completing the checkout failed.
        case failure
    }

    /// Where the session is in its flow.
    public enum State: Sendable, Equatable {
        /// Created; ``PaySession/authorize()`` not called yet.
        case idle
        /// The sheet is shown and waits for the buyer.
        case presenting
        /// Waiting for the delegate to provide a checkout after an address change (no shipping needed).
        case awaitingAddressUpdate
        /// Waiting for the delegate to provide shipping rates.
        case awaitingRates
        /// Waiting for the delegate to apply the first rate, which the session selects by itself.
        case awaitingFirstRateSelection
        /// Waiting for the delegate to apply a rate the buyer selected.
        case awaitingRateSelection
        /// Waiting for the delegate to complete the checkout.
        case awaitingTransaction
        /// The delegate reported the transaction's outcome; the sheet is still shown.
        case authorized(TransactionStatus)
        /// The sheet was dismissed; the session is done.
        case finished
    }

    /// Receives the session's requests. Held weakly.
    public weak var delegate: (any PaySessionDelegate)?
    /// The card networks offered in the sheet.
    public var acceptedCardBrands: [PayCardBrand] = [.visa, .masterCard, .americanExpress]
    /// The label of the summary's last line (the amount due).
    public let shopName: String
    /// Currency and merchant country.
    public let currency: PayCurrency
    /// The Apple Pay merchant identifier.
    public let merchantID: String
    /// A UUID string unique to this session; use it as the payment's idempotency key.
    public let identifier: String
    /// The checkout as last provided by the delegate.
    public internal(set) var checkout: PayCheckout
    /// The shipping rates last provided by the delegate.
    public internal(set) var shippingRates: [PayShippingRate] = []
    /// The current state.
    public internal(set) var state: State = .idle

    let controller: any PayAuthorizationController
    /// The sheet's reply that the delegate's next `provide` will answer.
    var pending: PendingReply?
    /// Bumped for every delegate request, so a late or repeated `provide` is recognised and ignored.
    var ticket = 0
    /// The rate the session or the buyer selected last.
    var selectedRate: PayShippingRate?

    static let logger = Logger(label: "CommerceKit.Pay")

    /// Creates a session for `checkout`. Without a `controller`, the session uses Apple Pay where PassKit
    /// exists and a ``SimulatedAuthorizationController`` elsewhere.
    public init(
        shopName: String, checkout: PayCheckout, currency: PayCurrency, merchantID: String,
        controller: (any PayAuthorizationController)? = nil
    ) {
        self.shopName = shopName
        self.checkout = checkout
        self.currency = currency
        self.merchantID = merchantID
        self.identifier = UUID().uuidString
        self.controller = controller ?? Self.defaultController()
    }

    /// The seed's initialiser: the summary's last line is labelled `TOTAL`.
    @available(*, deprecated, message: "Pass shopName; the summary total is labelled TOTAL otherwise.")
    public convenience init(checkout: PayCheckout, currency: PayCurrency, merchantID: String) {
        self.init(shopName: "TOTAL", checkout: checkout, currency: currency, merchantID: merchantID)
    }

    /// The request the sheet is presented with: currency, merchant, accepted brands, all contact fields,
    /// 3-D Secure and the checkout's summary.
    public var paymentRequest: PayPaymentRequest {
        PayPaymentRequest(
            countryCode: currency.countryCode, currencyCode: currency.currencyCode,
            merchantIdentifier: merchantID, supportedCardBrands: acceptedCardBrands,
            summaryItems: checkout.summaryItems(for: shopName))
    }

    /// Presents the sheet. Only the first call does anything.
    public func authorize() {
        guard state == .idle else {
            Self.logger.warning("PaySession.authorize() called in state \(state); ignored.")
            return
        }
        controller.events = self
        state = .presenting
        controller.present(paymentRequest)
    }

    /// The summary of the current checkout.
    var summaryItems: [PaySummaryItem] { checkout.summaryItems(for: shopName) }

    private static func defaultController() -> any PayAuthorizationController {
        #if canImport(PassKit)
        return PassKitAuthorizationController()
        #else
        return SimulatedAuthorizationController()
        #endif
    }
}

extension PaySession {
    /// A sheet reply waiting for the delegate, tagged with the ticket of the request it answers.
    enum PendingReply {
        case contact(ticket: Int, reply: (PaySheetStatus, [PayShippingMethod], [PaySummaryItem]) -> Void)
        case method(ticket: Int, reply: (PaySheetStatus, [PaySummaryItem]) -> Void)
        case payment(ticket: Int, reply: (PaySheetStatus) -> Void)

        var ticket: Int {
            switch self {
            case .contact(let ticket, _), .method(let ticket, _), .payment(let ticket, _): ticket
            }
        }

        /// Answers with a failure, for a sheet that went away while the delegate was busy.
        func fail() {
            switch self {
            case .contact(_, let reply): reply(.failure, [], [])
            case .method(_, let reply): reply(.failure, [])
            case .payment(_, let reply): reply(.failure)
            }
        }
    }

    /// Runs `body` on the main actor: at once when already there, otherwise by hopping. Lets the
    /// delegate call `provide` from any thread.
    nonisolated static func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated(body)
        } else {
            Task { @MainActor in body() }
        }
    }
}
