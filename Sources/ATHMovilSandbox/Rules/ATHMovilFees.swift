import Foundation

/// The sandbox's fee rule (the real schedule is not public):
/// `fee = max(minimum, round_half_up(total × rate, 2))`, `net = total − fee`, no fee for non-profits.
enum ATHMovilFees {
    static let defaultRate = 0.025
    static let defaultMinimumCents: Int64 = 6

    static func fee(totalCents: Int64, rate: Double, minimumCents: Int64, isNonProfit: Bool) -> (fee: Int64, net: Int64)
    {
        guard !isNonProfit else { return (0, totalCents) }
        var product = Decimal(totalCents) * (Decimal(string: "\(rate)") ?? Decimal(rate))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &product, 0, .plain)
        let proportional = NSDecimalNumber(decimal: rounded).int64Value
        let fee = min(totalCents, max(minimumCents, proportional))
        return (fee, totalCents - fee)
    }
}
