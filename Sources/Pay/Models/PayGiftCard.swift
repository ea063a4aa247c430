import Foundation

/// A gift card applied to the checkout.
public struct PayGiftCard: Sendable, Equatable {
    /// The gift card's identifier.
    public var id: String
    /// What is left on the card.
    public var balance: Decimal
    /// What the card pays towards this checkout.
    public var amount: Decimal
    /// The last characters of the card's code, shown to the buyer.
    public var lastCharacters: String

    /// Creates a gift card entry.
    public init(id: String, balance: Decimal, amount: Decimal, lastCharacters: String) {
        self.id = id
        self.balance = balance
        self.amount = amount
        self.lastCharacters = lastCharacters
    }
}
