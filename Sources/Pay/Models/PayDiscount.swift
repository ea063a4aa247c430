import Foundation

/// A discount on the cart or on shipping.
public struct PayDiscount: Sendable, Equatable {
    /// The code the buyer entered; empty for an automatic (anonymous) discount.
    public var code: String
    /// The amount taken off, as a positive number.
    public var amount: Decimal

    /// Creates a discount; pass an empty `code` for one that was applied automatically.
    public init(code: String, amount: Decimal) {
        self.code = code
        self.amount = amount
    }
}
