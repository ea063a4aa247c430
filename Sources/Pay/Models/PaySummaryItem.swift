import Foundation

/// One line of the payment sheet's summary, independent of PassKit.
public struct PaySummaryItem: Sendable, Equatable {
    /// The text shown, for example `SUBTOTAL`.
    public var label: String
    /// The amount; discounts and gift cards are negative.
    public var amount: Decimal

    /// Creates a summary line.
    public init(label: String, amount: Decimal) {
        self.label = label
        self.amount = amount
    }
}
