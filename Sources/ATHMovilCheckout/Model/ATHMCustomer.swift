import Foundation

/// The ATH Móvil user who paid. Every field may be empty when the customer never finished the payment.
public final class ATHMCustomer: NSObject, Sendable {
    /// The name registered in ATH Móvil.
    public let name: String
    /// The phone registered in ATH Móvil, formatted `(xxx) xxx-xxxx`.
    public let phoneNumber: String
    /// The e-mail address registered in ATH Móvil.
    public let email: String

    /// Creates a customer record.
    public init(name: String, phoneNumber: String, email: String) {
        self.name = name
        self.phoneNumber = phoneNumber
        self.email = email
        super.init()
    }
}
