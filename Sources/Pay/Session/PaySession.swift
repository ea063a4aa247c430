import CommerceCore
import Foundation
import Logging

/// Runs one Apple Pay checkout: presents the wallet sheet for a ``PayCheckout``, turns what the buyer
/// does in the sheet into ``PaySessionDelegate`` calls, and answers the sheet with what the delegate
/// provides.
///
/// The session is a state machine (see ``State``). It never traps: values the sheet leaves out become
/// empty addresses or `nil`, a missing delegate or an unexpected event makes the sheet show a failure.
///
/// The session lives on the main actor, where it calls its delegate, but what the Pay document calls on it works
/// from any thread and any class, as the document writes it: the initialisers without a controller,
/// ``identifier`` and the other constants, ``delegate`` and ``authorize()``.
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

    /// Receives the session's requests. Held weakly; may be set from any thread.
    nonisolated public var delegate: (any PaySessionDelegate)? {
        get { delegateBox.get().value }
        set { delegateBox.set(WeakDelegate(newValue)) }
    }
    /// The card networks offered in the sheet.
    public var acceptedCardBrands: [PayCardBrand] = [.visa, .masterCard, .americanExpress]
    /// The label of the summary's last line (the amount due).
    nonisolated public let shopName: String
    /// Currency and merchant country.
    nonisolated public let currency: PayCurrency
    /// The Apple Pay merchant identifier.
    nonisolated public let merchantID: String
    /// A UUID string unique to this session; use it as the payment's idempotency key.
    nonisolated public let identifier: String
    /// The checkout as last provided by the delegate.
    public internal(set) var checkout: PayCheckout
    /// The shipping rates last provided by the delegate.
    public internal(set) var shippingRates: [PayShippingRate] = []
    /// The current state.
    public internal(set) var state: State = .idle

    /// The controller given to the initialiser, or the platform's default once the sheet is first presented.
    private var chosenController: (any PayAuthorizationController)?
    private let delegateBox = Locked(WeakDelegate<any PaySessionDelegate>(nil))
    /// The sheet's reply that the delegate's next `provide` will answer.
    var pending: PendingReply?
    /// Bumped for every delegate request, so a late or repeated `provide` is recognised and ignored.
    var ticket = 0
    /// The rate the session or the buyer selected last.
    var selectedRate: PayShippingRate?

    static let logger = Logger(label: "CommerceKit.Pay")

    /// Creates a session for `checkout` that uses Apple Pay where PassKit exists and a
    /// ``SimulatedAuthorizationController`` elsewhere. Callable from any thread.
    nonisolated public init(shopName: String, checkout: PayCheckout, currency: PayCurrency, merchantID: String) {
        self.shopName = shopName
        self.checkout = checkout
        self.currency = currency
        self.merchantID = merchantID
        self.identifier = UUID().uuidString
    }

    /// Creates a session for `checkout` that presents its sheet through `controller` (a test's, or your own).
    public convenience init(
        shopName: String, checkout: PayCheckout, currency: PayCurrency, merchantID: String,
        controller: any PayAuthorizationController
    ) {
        self.init(shopName: shopName, checkout: checkout, currency: currency, merchantID: merchantID)
        chosenController = controller
    }

    /// The seed's initialiser: the summary's last line is labelled `TOTAL`.
    @available(*, deprecated, message: "Pass shopName; the summary total is labelled TOTAL otherwise.")
    nonisolated public convenience init(checkout: PayCheckout, currency: PayCurrency, merchantID: String) {
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

    /// Presents the sheet. Only the first call does anything. From another thread than the main one, the sheet is
    /// presented on the main actor shortly after the call returns.
    nonisolated public func authorize() {
        MainActorDelivery.run { self.present() }
    }

    private func present() {
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

    /// The controller the sheet is presented through.
    var controller: any PayAuthorizationController {
        if let chosenController { return chosenController }
        let made = Self.defaultController()
        chosenController = made
        return made
    }

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
}
