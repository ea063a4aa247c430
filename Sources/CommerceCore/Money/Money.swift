import Foundation

/// An amount in a currency's minor units (cents for USD), so arithmetic never meets binary rounding.
public struct Money: Hashable, Sendable, Comparable {
    public var minorUnits: Int64
    public var currency: Currency

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

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }
}
