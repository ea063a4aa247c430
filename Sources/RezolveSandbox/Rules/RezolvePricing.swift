import Foundation

/// Prices, shipping and tax (spec §5.5), all in integer minor units.
enum RezolvePricing {
    /// The variant's price (else the product price, `null` counting as 0) plus chosen custom-option prices:
    /// a text-type option costs its price when its value is non-empty; choice options add their values' prices.
    static func unitPrice(_ line: RZLine, product: RZProduct) -> Int64 {
        var unit = RezolveLineRules.variant(of: product, for: line)?.priceMinor ?? product.priceMinor ?? 0
        for choice in line.custom {
            guard let option = product.customOptions.first(where: { $0.optionId == choice.optionId }) else { continue }
            if ["field", "area", "date"].contains(option.type) {
                if choice.value.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    unit += option.priceMinor
                }
            } else {
                let ids = Set(choice.value.compactMap { Int($0) })
                unit += option.values.filter { ids.contains($0.valueId) }.reduce(0) { $0 + $1.priceMinor }
            }
        }
        return unit
    }

    /// `round_half_even(subtotal × rate, 2)` with the rate in basis points.
    static func tax(subtotalMinor: Int64, basisPoints: Int64) -> Int64 {
        let product = subtotalMinor * basisPoints
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: 10_000)
        let twice = remainder * 2
        if twice > 10_000 || (twice == 10_000 && quotient % 2 != 0) { return quotient + 1 }
        return quotient
    }

    static func priced(_ line: RZLine, product: RZProduct) -> RZPricedLine {
        RZPricedLine(
            line: line, unitMinor: unitPrice(line, product: product), title: product.name, subtitle: product.subtitle,
            isVirtual: product.isVirtual, isAct: product.isAct)
    }
}
