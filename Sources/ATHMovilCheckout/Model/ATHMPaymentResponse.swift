import CommerceCore
import Foundation

/// What a payment ended as: the payment echoed by ATH Móvil, the transaction status and the customer.
public final class ATHMPaymentResponse: NSObject, Sendable {
    /// The payment values as ATH Móvil reported them; `fee` and `netAmount` are set for completed payments.
    public let payment: ATHMPayment
    /// Status, reference number, daily transaction id and date.
    public let status: ATHMPaymentStatus
    /// The paying customer (empty fields when nobody paid).
    public let customer: ATHMCustomer

    private let storedError: Locked<Error?>

    /// Set when the reply could not be read or the payment could not be authorized.
    public var error: Error? {
        get { storedError.current }
        set { storedError.set(newValue) }
    }

    /// Creates a response.
    public init(payment: ATHMPayment, status: ATHMPaymentStatus, customer: ATHMCustomer, error: Error? = nil) {
        self.payment = payment
        self.status = status
        self.customer = customer
        self.storedError = Locked(error)
        super.init()
    }
}
