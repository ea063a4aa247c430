import Foundation

/// How one payment attempt ended, before it is handed to a handler or returned from `pay()`.
// @unchecked: `raw` is an immutable `NSDictionary` built from the reply and never mutated after.
enum PaymentOutcome: @unchecked Sendable {
    /// A result reply: the typed response and, when the reply is passed on as received, its raw dictionary.
    case finished(ATHMPaymentResponse, raw: NSDictionary?)
    /// A problem with the request or the reply.
    case exception(ATHMPaymentError)
}

/// Either kind of handler, so the flows need not care which one the caller used.
enum AnyPaymentHandler: Sendable {
    case typed(ATHMPaymentHandler)
    case dictionary(ATHMPaymentHandlerDictionary)

    var traceId: UUID {
        switch self {
        case .typed(let handler): handler.traceId
        case .dictionary(let handler): handler.traceId
        }
    }

    /// Calls the matching closure on the main actor.
    func deliver(_ outcome: PaymentOutcome) async {
        switch self {
        case .typed(let handler): await MainActor.run { handler.deliver(outcome) }
        case .dictionary(let handler): await MainActor.run { handler.deliver(outcome) }
        }
    }
}
