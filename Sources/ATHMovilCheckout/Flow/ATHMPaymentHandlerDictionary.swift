import Foundation

/// Receives the outcome of a payment as flat dictionaries, for hybrid apps (Flutter, Ionic).
/// Every closure runs on the main actor.
///
/// Keys: `total`, `subtotal`, `tax`, `fee`, `netAmount`, `metadata1`, `metadata2`, `phoneNumber`, `items`,
/// `name`, `email`, `status`, `date`, `referenceNumber`, `dailyTransactionID`, `version`.
public final class ATHMPaymentHandlerDictionary: NSObject, @unchecked Sendable {
    let onCompleted: @MainActor (NSDictionary) -> Void
    let onExpired: @MainActor (NSDictionary) -> Void
    let onCancelled: @MainActor (NSDictionary) -> Void
    let onFailed: @MainActor (NSDictionary) -> Void
    let onException: @MainActor (ATHMPaymentError) -> Void

    /// Identifies this payment attempt to the legacy status service.
    public let traceId: UUID

    /// Creates a handler with the callbacks in the published SDK's order (cancelled before failed).
    public init(onCompleted: @escaping @MainActor (NSDictionary) -> Void,
                onExpired: @escaping @MainActor (NSDictionary) -> Void,
                onCancelled: @escaping @MainActor (NSDictionary) -> Void,
                onFailed: @escaping @MainActor (NSDictionary) -> Void,
                onException: @escaping @MainActor (ATHMPaymentError) -> Void) {
        self.onCompleted = onCompleted
        self.onExpired = onExpired
        self.onCancelled = onCancelled
        self.onFailed = onFailed
        self.onException = onException
        self.traceId = UUID()
        super.init()
    }

    /// Creates a handler with the callbacks in the order the hybrid-app example of the README uses
    /// (failed before cancelled), so that example compiles unchanged.
    public convenience init(onCompleted: @escaping @MainActor (NSDictionary) -> Void,
                            onExpired: @escaping @MainActor (NSDictionary) -> Void,
                            onFailed: @escaping @MainActor (NSDictionary) -> Void,
                            onCancelled: @escaping @MainActor (NSDictionary) -> Void,
                            onException: @escaping @MainActor (ATHMPaymentError) -> Void) {
        self.init(onCompleted: onCompleted, onExpired: onExpired, onCancelled: onCancelled, onFailed: onFailed,
                  onException: onException)
    }

    @MainActor
    func deliver(_ outcome: PaymentOutcome) {
        switch outcome {
        case .exception(let error): onException(error)
        case .finished(let response, let raw):
            let dictionary = raw ?? ReplyDictionary.encode(response)
            switch response.status.status {
            case .completed: onCompleted(dictionary)
            case .expired: onExpired(dictionary)
            case .failed: onFailed(dictionary)
            case .cancelled: onCancelled(dictionary)
            }
        }
    }
}
