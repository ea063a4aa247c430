import CommerceCore
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
final class PendingPayment: Sendable {
    let attempt: PaymentAttempt
    private let state = Locked<(outcome: PaymentOutcome?, waiter: CheckedContinuation<PaymentOutcome, Never>?)>(
        (nil, nil))

    init(attempt: PaymentAttempt) { self.attempt = attempt }

    /// Delivers the outcome; later calls are ignored.
    func finish(_ value: PaymentOutcome) {
        let continuation: CheckedContinuation<PaymentOutcome, Never>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = value
            defer { state.waiter = nil }
            return state.waiter
        }
        continuation?.resume(returning: value)
    }

    /// Waits for the outcome (returns at once when it is already known).
    func result() async -> PaymentOutcome {
        await withCheckedContinuation { continuation in
            let ready: PaymentOutcome? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
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
