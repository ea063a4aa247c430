import CommerceCore
import Foundation

/// How the sandbox renders amounts and instants (spec §5.4). Amounts are kept in cents everywhere.
enum StorefrontFormat {
    /// `Decimal` scalar: the fewest fraction digits that keep the value, at least one (`"89.0"`, `"10.5"`, `"32.89"`).
    static func decimal(cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole).0" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Legacy `Money` scalar: always two fraction digits (`"89.00"`).
    static func money(cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Parses `"89"`, `"89.5"`, `"89.00"` into cents (rounded half-up past two digits); `nil` for anything else.
    static func cents(_ text: String) -> Int64? {
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), text.first != "." else {
            return nil
        }
        var scaled = decimal * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return Int64(truncating: rounded as NSNumber)
    }

    /// `DateTime`: UTC, whole seconds unless the shop asked for milliseconds.
    static func dateTime(_ date: Date, fractional: Bool = false) -> String {
        ISO8601.format(date, fraction: fractional ? .milliseconds : .never)
    }

    /// `MoneyV2` as a value the executor can complete.
    static func moneyV2(cents: Int64, currency: String) -> GraphObject {
        GraphObject("MoneyV2", ["amount": decimal(cents: cents), "currencyCode": currency])
    }
}
