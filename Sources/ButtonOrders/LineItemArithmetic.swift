import CommerceCore

extension ButtonOrderValidator {
    /// Rule L3's arithmetic, which the server performs when it stores a line item.
    ///
    /// With a `total`, the unit amount is `total / quantity` rounded to the nearest integer, halves up
    /// (1001 over 2 gives 501); any `amount` given is ignored. With only an `amount`, the total is
    /// `amount × quantity`. A missing `quantity` means 1.
    ///
    /// - Returns: `nil` when neither value is given, when a value is negative or the quantity below 1, or
    ///   when the product does not fit in 2^53 − 1.
    public static func lineItemTotals(total: Int64?, amount: Int64?, quantity: Int64?) -> (total: Int64, amount: Int64)?
    {
        let quantity = quantity ?? 1
        guard quantity >= 1 else { return nil }
        if let total {
            guard total >= 0 else { return nil }
            // Divide first so a large total cannot overflow; the remainder decides the rounding.
            let (quotient, remainder) = total.quotientAndRemainder(dividingBy: quantity)
            return (total, remainder >= quantity - remainder ? quotient + 1 : quotient)
        }
        guard let amount, amount >= 0 else { return nil }
        let (product, overflow) = amount.multipliedReportingOverflow(by: quantity)
        guard !overflow, product <= JSONRules.maxSafeInteger else { return nil }
        return (product, amount)
    }

    /// ``lineItemTotals(total:amount:quantity:)`` for a line item in JSON form. `null` counts as absent;
    /// values that are not exact non-negative integers (or a quantity outside 1…2147483647) give `nil`.
    public static func lineItemTotals(of item: JSONValue) -> (total: Int64, amount: Int64)? {
        guard let object = item.objectValue else { return nil }
        /// `.some(nil)` when absent, `nil` when present but not an integer in `range`.
        func number(_ key: String, _ range: ClosedRange<Int64>) -> Int64?? {
            guard let value = JSONRules.present(object[key]) else { return .some(nil) }
            guard let number = JSONRules.integer(value, in: range) else { return nil }
            return .some(number)
        }
        guard let total = number("total", 0...JSONRules.maxSafeInteger),
            let quantity = number("quantity", 1...JSONRules.maxQuantity)
        else { return nil }
        var amount: Int64?
        if total == nil {  // `amount` is ignored when a total is present, whatever its shape
            guard let given = number("amount", 0...JSONRules.maxSafeInteger) else { return nil }
            amount = given
        }
        return lineItemTotals(total: total, amount: amount, quantity: quantity)
    }
}
