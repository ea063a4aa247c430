import Foundation

/// A payment request in the legacy flow: the whole payment travels in the link to the ATH Móvil app and
/// there is no server step. With the token `"dummy"` it opens a simulated payment.
///
/// The properties and `pay` methods are inherited from ``ATHMPaymentRequestBase``.
// @unchecked: restates the base class's conformance (required); it adds no stored properties.
public final class ATHMPaymentRequest: ATHMPaymentRequestBase, @unchecked Sendable {
    /// Prepares a request; nothing is checked or sent until `pay`.
    public init(account: ATHMBusinessAccount, scheme: ATHMURLScheme, payment: ATHMPayment) {
        super.init(kind: .legacy, account: account, scheme: scheme, payment: payment)
    }
}
