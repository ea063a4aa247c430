import Foundation

/// One line of the cart as Apple Pay needs it: a unit price and a quantity.
public struct PayLineItem: Sendable, Equatable {
    /// The price of one unit.
    public var price: Decimal
    /// How many units.
    public var quantity: Int

    /// Creates a line from its unit price and quantity.
    public init(price: Decimal, quantity: Int) {
        self.price = price
        self.quantity = quantity
    }
}

/// Totals over a checkout's line items.
extension Array where Element == PayLineItem {
    /// The sum of `price × quantity` over every line, in `Decimal` so no cent is lost to rounding.
    public var totalPrice: Decimal {
        reduce(Decimal(0)) { $0 + $1.price * Decimal($1.quantity) }
    }
}
