import Foundation
import Testing

@testable import ATHMovilCheckout

/// One §4.1 validation input: the request's token, scheme, timeout and payment, and the message the first
/// failing rule must report.
struct ValidationCase: Sendable, CustomTestStringConvertible {
    let label: String
    let token: String
    let scheme: String
    let timeout: TimeInterval
    let build: @Sendable () -> ATHMPayment
    let message: String
    var testDescription: String { label }

    init(
        _ label: String, token: String = "dummy", scheme: String = "athm-checkout", timeout: TimeInterval = 600,
        message: String, build: @escaping @Sendable () -> ATHMPayment = { ATHMPayment(total: 20) }
    ) {
        self.label = label
        self.token = token
        self.scheme = scheme
        self.timeout = timeout
        self.build = build
        self.message = message
    }
}
