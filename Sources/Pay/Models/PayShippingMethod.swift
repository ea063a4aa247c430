import Foundation

/// A shipping option as the payment sheet lists it. Its `identifier` is the rate's handle, which is how
/// the sheet's choice is matched back to a ``PayShippingRate``.
public struct PayShippingMethod: Sendable, Equatable {
    /// The rate handle.
    public var identifier: String
    /// The rate title.
    public var label: String
    /// The rate price.
    public var amount: Decimal
    /// The delivery estimate text.
    public var detail: String

    /// Creates a shipping method.
    public init(identifier: String, label: String, amount: Decimal, detail: String) {
        self.identifier = identifier
        self.label = label
        self.amount = amount
        self.detail = detail
    }
}
