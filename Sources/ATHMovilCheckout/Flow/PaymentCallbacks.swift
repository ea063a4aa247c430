import Foundation

/// The five closures of a payment handler and the choice between them, shared by ``ATHMPaymentHandler``
/// (typed responses) and ``ATHMPaymentHandlerDictionary`` (flat dictionaries); `Value` is what they receive.
struct PaymentCallbacks<Value> {
    let onCompleted: @MainActor (Value) -> Void
    let onExpired: @MainActor (Value) -> Void
    let onCancelled: @MainActor (Value) -> Void
    let onFailed: @MainActor (Value) -> Void
    let onException: @MainActor (ATHMPaymentError) -> Void

    /// Calls the closure that matches the outcome; `value` turns a finished reply into what the handler receives.
    @MainActor
    func deliver(_ outcome: PaymentOutcome, as value: (ATHMPaymentResponse, NSDictionary?) -> Value) {
        switch outcome {
        case .exception(let error): onException(error)
        case .finished(let response, let raw):
            let received = value(response, raw)
            switch response.status.status {
            case .completed: onCompleted(received)
            case .expired: onExpired(received)
            case .failed: onFailed(received)
            case .cancelled: onCancelled(received)
            }
        }
    }
}
