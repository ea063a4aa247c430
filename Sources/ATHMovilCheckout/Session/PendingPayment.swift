import Foundation

/// One payment request as the flows need it after validation.
struct PaymentAttempt: Sendable {
    enum Kind: Sendable {
        /// Registered with the payment service first, authorized after the app returns.
        case secure
        /// The whole payment travels in the app link; no server step.
        case legacy
    }

    let kind: Kind
    let account: ATHMBusinessAccount
    let scheme: ATHMURLScheme
    let payment: ATHMPayment
    let timeout: TimeInterval
    let traceId: UUID
}

/// A payment handed to the ATH Móvil app and waiting for its reply. Its outcome is delivered exactly once;
/// whoever takes it out of the session (the reply URL, the status check, a replacement) delivers it.
final class PendingPayment: @unchecked Sendable {
    let attempt: PaymentAttempt
    private let lock = NSLock()
    private var outcome: PaymentOutcome?
    private var waiter: CheckedContinuation<PaymentOutcome, Never>?

    init(attempt: PaymentAttempt) { self.attempt = attempt }

    /// Delivers the outcome; later calls are ignored.
    func finish(_ value: PaymentOutcome) {
        let continuation: CheckedContinuation<PaymentOutcome, Never>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = value
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume(returning: value)
    }

    /// Waits for the outcome (returns at once when it is already known).
    func result() async -> PaymentOutcome {
        await withCheckedContinuation { continuation in
            let ready: PaymentOutcome? = lock.withLock {
                if let outcome { return outcome }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// A cancelled response built from the payment as it was requested, for replies that cannot be used.
    func cancelledResponse(
        customer: ATHMCustomer = ATHMCustomer(name: "", phoneNumber: "", email: ""),
        error: Error?
    ) -> ATHMPaymentResponse {
        ATHMPaymentResponse(
            payment: attempt.payment, status: ATHMPaymentStatus(status: .cancelled, date: Date()),
            customer: customer, error: error)
    }
}
