import Foundation

/// A payment request in the current, secure flow: the payment is registered with ATH Móvil's payment
/// service first, the ATH Móvil app confirms it, and the SDK authorizes it once the app returns.
public final class ATHMPaymentSecureRequest: NSObject, @unchecked Sendable {
    /// The business being paid.
    public let account: ATHMBusinessAccount
    /// The scheme ATH Móvil uses to return to this app.
    public let scheme: ATHMURLScheme
    /// What the customer is asked to pay.
    public let payment: ATHMPayment
    private let settings = RequestSettings()

    /// Seconds the customer has to finish paying, between 60 and 600 (600 by default).
    public var timeout: TimeInterval {
        get { settings.timeout }
        set { settings.timeout = newValue }
    }

    /// The session that waits for ATH Móvil's reply (ATHMPaymentSession/shared by default).
    public var session: ATHMPaymentSession {
        get { settings.session }
        set { settings.session = newValue }
    }

    /// Prepares a request; nothing is checked or sent until `pay`.
    public init(account: ATHMBusinessAccount, scheme: ATHMURLScheme, payment: ATHMPayment) {
        self.account = account
        self.scheme = scheme
        self.payment = payment
        super.init()
    }

    /// Starts the payment and reports its outcome to `handler` on the main actor.
    public func pay(handler: ATHMPaymentHandler) {
        RequestRunner.start(attempt(traceId: handler.traceId), session: session, handler: .typed(handler))
    }

    /// Starts the payment and reports its outcome to `dictionaryHandler` as flat dictionaries.
    public func pay(dictionaryHandler: ATHMPaymentHandlerDictionary) {
        RequestRunner.start(attempt(traceId: dictionaryHandler.traceId), session: session,
                            handler: .dictionary(dictionaryHandler))
    }

    /// Starts the payment and returns its outcome: completed, expired, cancelled and failed payments return
    /// (see `response.status.status`); request, network and reply problems throw. Cancelling the calling
    /// task drops the waiting payment and throws an error with code `.cancelled`.
    public func pay() async throws(ATHMPaymentError) -> ATHMPaymentResponse {
        try await RequestRunner.response(attempt(traceId: UUID()), session: session)
    }

    /// Like `pay()`, returning the outcome as the flat dictionary the dictionary handler receives.
    public func payDictionary() async throws(ATHMPaymentError) -> NSDictionary {
        try await RequestRunner.dictionary(attempt(traceId: UUID()), session: session)
    }

    private func attempt(traceId: UUID) -> PaymentAttempt {
        PaymentAttempt(kind: .secure, account: account, scheme: scheme, payment: payment, timeout: timeout, traceId: traceId)
    }
}
