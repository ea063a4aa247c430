import Foundation

/// Receives the outcome of a payment as typed responses. Every closure runs on the main actor.
///
/// The session keeps the handler alive until the payment ends, so callers need not hold on to it.
public final class ATHMPaymentHandler: NSObject, @unchecked Sendable {
    let onCompleted: @MainActor (ATHMPaymentResponse) -> Void
    let onExpired: @MainActor (ATHMPaymentResponse) -> Void
    let onCancelled: @MainActor (ATHMPaymentResponse) -> Void
    let onFailed: @MainActor (ATHMPaymentResponse) -> Void
    let onException: @MainActor (ATHMPaymentError) -> Void

    /// Identifies this payment attempt to the legacy status service.
    public let traceId: UUID

    /// Creates a handler; `onException` is usually written as a trailing closure.
    public init(onCompleted: @escaping @MainActor (ATHMPaymentResponse) -> Void,
                onExpired: @escaping @MainActor (ATHMPaymentResponse) -> Void,
                onCancelled: @escaping @MainActor (ATHMPaymentResponse) -> Void,
                onFailed: @escaping @MainActor (ATHMPaymentResponse) -> Void,
                onException: @escaping @MainActor (ATHMPaymentError) -> Void) {
        self.onCompleted = onCompleted
        self.onExpired = onExpired
        self.onCancelled = onCancelled
        self.onFailed = onFailed
        self.onException = onException
        self.traceId = UUID()
        super.init()
    }

    @MainActor
    func deliver(_ outcome: PaymentOutcome) {
        switch outcome {
        case .exception(let error): onException(error)
        case .finished(let response, _):
            switch response.status.status {
            case .completed: onCompleted(response)
            case .expired: onExpired(response)
            case .failed: onFailed(response)
            case .cancelled: onCancelled(response)
            }
        }
    }
}
