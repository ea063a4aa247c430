import Foundation

/// Receives the outcome of a payment as flat dictionaries, for hybrid apps (Flutter, Ionic).
/// Every closure runs on the main actor.
///
/// Keys: `total`, `subtotal`, `tax`, `fee`, `netAmount`, `metadata1`, `metadata2`, `phoneNumber`, `items`,
/// `name`, `email`, `status`, `date`, `referenceNumber`, `dailyTransactionID`, `version`.
public final class ATHMPaymentHandlerDictionary: NSObject, Sendable {
    private let callbacks: PaymentCallbacks<NSDictionary>

    /// Identifies this payment attempt to the legacy status service.
    public let traceId = UUID()

    /// Creates a handler with the callbacks in the published SDK's order (cancelled before failed).
    public init(
        onCompleted: @escaping @MainActor (NSDictionary) -> Void,
        onExpired: @escaping @MainActor (NSDictionary) -> Void,
        onCancelled: @escaping @MainActor (NSDictionary) -> Void,
        onFailed: @escaping @MainActor (NSDictionary) -> Void,
        onException: @escaping @MainActor (ATHMPaymentError) -> Void
    ) {
        callbacks = PaymentCallbacks(
            onCompleted: onCompleted, onExpired: onExpired, onCancelled: onCancelled,
            onFailed: onFailed, onException: onException)
        super.init()
    }

    /// Creates a handler with the callbacks in the order the hybrid-app example of the README uses
    /// (failed before cancelled), so that example compiles unchanged.
    public convenience init(
        onCompleted: @escaping @MainActor (NSDictionary) -> Void,
        onExpired: @escaping @MainActor (NSDictionary) -> Void,
        onFailed: @escaping @MainActor (NSDictionary) -> Void,
        onCancelled: @escaping @MainActor (NSDictionary) -> Void,
        onException: @escaping @MainActor (ATHMPaymentError) -> Void
    ) {
        self.init(
            onCompleted: onCompleted, onExpired: onExpired, onCancelled: onCancelled, onFailed: onFailed,
            onException: onException)
    }

    @MainActor
    func deliver(_ outcome: PaymentOutcome) {
        // A reply passed on as received keeps its own dictionary; otherwise the typed response is flattened.
        callbacks.deliver(outcome) { response, raw in raw ?? ReplyDictionary.encode(response) }
    }
}
