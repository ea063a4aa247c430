import Foundation

/// What the buyer authorised: the payment token to send with `checkoutCompleteWithTokenizedPayment`, the
/// full addresses (now including the street) and the chosen shipping rate.
public struct PayAuthorization: Sendable, Equatable {
    /// The wallet's payment data as UTF-8 text: the `paymentData` of the tokenized payment input.
    public var token: String
    /// The billing address.
    public var billingAddress: PayAddress
    /// The full shipping address; update the checkout with it before completing.
    public var shippingAddress: PayAddress
    /// The selected shipping rate, or `nil` when the checkout needs no shipping.
    public var shippingRate: PayShippingRate?

    /// Creates an authorisation (public so tests and other sheets can build one).
    public init(token: String, billingAddress: PayAddress, shippingAddress: PayAddress, shippingRate: PayShippingRate?)
    {
        self.token = token
        self.billingAddress = billingAddress
        self.shippingAddress = shippingAddress
        self.shippingRate = shippingRate
    }
}
