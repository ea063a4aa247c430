import Foundation

/// What ``ATHMPaymentRequest`` and ``ATHMPaymentSecureRequest`` have in common: the business, scheme and
/// payment, the settable timeout and session, and the `pay` methods. Create one of those two; this class
/// only exists so they are written once, and it cannot be created or subclassed outside the SDK.
// @unchecked: a non-final class cannot be checked; every stored property is a `let` of a Sendable type.
public class ATHMPaymentRequestBase: NSObject, @unchecked Sendable {
    /// The business being paid.
    public let account: ATHMBusinessAccount
    /// The scheme ATH Móvil uses to return to this app.
    public let scheme: ATHMURLScheme
    /// What the customer is asked to pay.
    public let payment: ATHMPayment
    /// The one thing the subclasses decide: which flow the attempt takes.
    private let kind: PaymentAttempt.Kind
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

    // Internal, so only the two request classes of this module can call it.
    init(kind: PaymentAttempt.Kind, account: ATHMBusinessAccount, scheme: ATHMURLScheme, payment: ATHMPayment) {
        self.kind = kind
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
        RequestRunner.start(
            attempt(traceId: dictionaryHandler.traceId), session: session,
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
        PaymentAttempt(
            kind: kind, account: account, scheme: scheme, payment: payment, timeout: timeout, traceId: traceId)
    }
}
