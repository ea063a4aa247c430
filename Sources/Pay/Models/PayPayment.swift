import Foundation

/// What a wallet sheet hands over when the buyer authorises: the encrypted payment data and the full
/// contacts.
public struct PayPayment: Sendable, Equatable {
    /// The wallet's payment token (for Apple Pay, the JSON of `PKPaymentToken.paymentData`).
    public var paymentData: Data
    /// The billing contact.
    public var billingContact: PayContact?
    /// The shipping contact, now with the full street and postal code.
    public var shippingContact: PayContact?
    /// The handle of the shipping method shown as selected.
    public var shippingMethodIdentifier: String?

    /// Creates a payment.
    public init(
        paymentData: Data, billingContact: PayContact? = nil, shippingContact: PayContact? = nil,
        shippingMethodIdentifier: String? = nil
    ) {
        self.paymentData = paymentData
        self.billingContact = billingContact
        self.shippingContact = shippingContact
        self.shippingMethodIdentifier = shippingMethodIdentifier
    }
}

extension PayPayment {
    /// What the CommerceKit sandbox should do with a simulated payment.
    public enum SimulatedOutcome: String, Sendable, Equatable {
        /// The sandbox approves the payment.
        case approve
        /// The sandbox declines it.
        case decline
    }

    /// A payment whose data has the shape of an Apple Pay token and tells the sandbox how to answer, so
    /// a whole Apple Pay flow can run without a device.
    public static func simulated(
        outcome: SimulatedOutcome, billingContact: PayContact? = nil,
        shippingContact: PayContact? = nil, shippingMethodIdentifier: String? = nil
    ) -> PayPayment {
        let transaction = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let payload = Data("sandbox payment \(transaction)".utf8).base64EncodedString()
        // Built by hand so the key order is fixed; none of the values needs escaping.
        let json =
            #"{"version":"EC_v1","data":"\#(payload)","signature":"c2FuZGJveA==","header":{"transactionId":"\#(transaction)"},"sandbox_outcome":"\#(outcome.rawValue)"}"#
        return PayPayment(
            paymentData: Data(json.utf8), billingContact: billingContact, shippingContact: shippingContact,
            shippingMethodIdentifier: shippingMethodIdentifier)
    }
}
