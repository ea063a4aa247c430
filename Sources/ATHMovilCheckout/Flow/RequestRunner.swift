import CommerceCore
import Foundation

/// What both request classes do with a payment attempt, so neither repeats the other.
enum RequestRunner {
    /// The callback form: runs the attempt, then calls the handler's matching closure on the main actor.
    static func start(_ attempt: PaymentAttempt, session: ATHMPaymentSession, handler: AnyPaymentHandler) {
        Task {
            let outcome = await session.run(attempt)
            await handler.deliver(outcome)
        }
    }

    /// The `async` form: every outcome with a result returns, exceptions throw.
    static func response(_ attempt: PaymentAttempt, session: ATHMPaymentSession) async throws(ATHMPaymentError)
        -> ATHMPaymentResponse
    {
        switch await session.run(attempt) {
        case .finished(let response, _): return response
        case .exception(let error): throw error
        }
    }

    /// The `async` dictionary form.
    static func dictionary(_ attempt: PaymentAttempt, session: ATHMPaymentSession) async throws(ATHMPaymentError)
        -> NSDictionary
    {
        switch await session.run(attempt) {
        case .finished(let response, let raw): return raw ?? ReplyDictionary.encode(response)
        case .exception(let error): throw error
        }
    }
}

/// The state both request classes share: the account, scheme and payment, plus the settable timeout and session.
final class RequestSettings: Sendable {
    private let storedTimeout = Locked<TimeInterval>(600)
    private let storedSession = Locked(ATHMPaymentSession.shared)

    var timeout: TimeInterval {
        get { storedTimeout.current }
        set { storedTimeout.set(newValue) }
    }

    var session: ATHMPaymentSession {
        get { storedSession.current }
        set { storedSession.set(newValue) }
    }
}
