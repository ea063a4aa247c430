import Foundation

/// A payment request in the current, secure flow: the payment is registered with ATH Móvil's payment
/// service first, the ATH Móvil app confirms it, and the SDK authorizes it once the app returns.
///
/// The properties and `pay` methods are inherited from ``ATHMPaymentRequestBase``.
// @unchecked: restates the base class's conformance (required); it adds no stored properties.
public final class ATHMPaymentSecureRequest: ATHMPaymentRequestBase, @unchecked Sendable {
    /// Prepares a request; nothing is checked or sent until `pay`.
    public init(account: ATHMBusinessAccount, scheme: ATHMURLScheme, payment: ATHMPayment) {
        super.init(kind: .secure, account: account, scheme: scheme, payment: payment)
    }
}
