import CommerceCore
import Foundation

/// Dollar amounts on the wire (JSON numbers, sometimes numeric text) turned into integer cents.
enum ATHMovilAmount {
    /// The exact decimal value of a JSON number or numeric text, or `nil` for anything else.
    static func decimal(_ value: JSONValue, allowText: Bool = false) -> Decimal? {
        switch value {
        case .integer(let integer): return Decimal(integer)
        case .double(let double): return double.isFinite ? Decimal(string: "\(double)") : nil
        case .string(let text) where allowText:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) else {
                return nil
            }
            return Decimal(string: trimmed)
        default: return nil
        }
    }

    /// Whether the amount fits ATH Móvil's `<4 digits>.<2 digits>`.
    static func fitsBounds(_ amount: Decimal) -> Bool {
        var scaled = amount * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        return whole == scaled && abs(amount) < 10_000
    }

    /// Cents, rounding half up (only exact after ``fitsBounds(_:)``). Amounts beyond `Int64` saturate:
    /// `int64Value` would wrap them (92233720368547758.08 dollars came back as `Int64.min`), and the legacy
    /// link's subtotal, tax and prices are not bounds-checked.
    static func cents(_ amount: Decimal) -> Int64 {
        var scaled = amount * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        if whole.isNaN { return 0 }
        if whole >= Decimal(Int64.max) { return .max }
        if whole <= Decimal(Int64.min) { return .min }
        return NSDecimalNumber(decimal: whole).int64Value
    }

    /// Cents as a JSON number of dollars: `2000` → `20`, `50` → `0.5`.
    static func json(_ cents: Int64) -> JSONValue {
        cents % 100 == 0 ? .integer(cents / 100) : .double(Double(cents) / 100)
    }
}
