import Foundation

/// Receives the outcome of a payment as typed responses. Every closure runs on the main actor.
///
/// The session keeps the handler alive until the payment ends, so callers need not hold on to it.
public final class ATHMPaymentHandler: NSObject, Sendable {
    private let callbacks: PaymentCallbacks<ATHMPaymentResponse>

    /// Identifies this payment attempt to the legacy status service.
    public let traceId = UUID()

    /// Creates a handler; `onException` is usually written as a trailing closure.
    public init(
        onCompleted: @escaping @MainActor (ATHMPaymentResponse) -> Void,
        onExpired: @escaping @MainActor (ATHMPaymentResponse) -> Void,
        onCancelled: @escaping @MainActor (ATHMPaymentResponse) -> Void,
        onFailed: @escaping @MainActor (ATHMPaymentResponse) -> Void,
        onException: @escaping @MainActor (ATHMPaymentError) -> Void
    ) {
        callbacks = PaymentCallbacks(
            onCompleted: onCompleted, onExpired: onExpired, onCancelled: onCancelled,
            onFailed: onFailed, onException: onException)
        super.init()
    }

    @MainActor
    func deliver(_ outcome: PaymentOutcome) {
        callbacks.deliver(outcome) { response, _ in response }
    }
}

/// The name the ATH Móvil document's text uses for the handler ("through `ATHMHandler`"); its code samples
/// build an ``ATHMPaymentHandler``, which this is.
public typealias ATHMHandler = ATHMPaymentHandler
