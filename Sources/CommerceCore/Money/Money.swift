import Foundation

/// An amount in a currency's minor units (cents for USD), so arithmetic never meets binary rounding.
public struct Money: Hashable, Sendable, Comparable {
    /// The amount in the currency's smallest unit, such as cents; negative for refunds and discounts.
    public var minorUnits: Int64
    /// The currency the amount is in; it decides how many minor units make one major unit.
    public var currency: Currency

    /// Creates an amount from minor units, such as `1234` cents for 12.34 USD.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Converts a decimal amount (e.g. `12.34`), rounding half away from zero to the currency's precision.
    public init(decimal: Decimal, currency: Currency) {
        var scaled = decimal
        for _ in 0..<currency.minorUnits { scaled *= 10 }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        self.init(minorUnits: NSDecimalNumber(decimal: rounded).int64Value, currency: currency)
    }

    /// The amount as a decimal number of major units.
    public var decimal: Decimal {
        var value = Decimal(minorUnits)
        for _ in 0..<currency.minorUnits { value /= 10 }
        return value
    }

    /// Orders by amount alone; only compare amounts in the same currency.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}
