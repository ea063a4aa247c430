import Foundation
import GraphQL

extension ResolverRegistry {
    /// `localization`: the shop's own country, and every country it ships to as available. A sandbox shop sells
    /// in one currency, so every country is priced in the shop's currency.
    mutating func registerLocalization() {
        on("QueryRoot", "localization") { _, _, c, _ in
            let currency = StorefrontLocalization.currency(c.shop.currency)
            let available = c.shop.shipsTo.map { StorefrontLocalization.country($0, currency: currency) }
            return GraphObject(
                "Localization",
                [
                    "country": StorefrontLocalization.country(c.shop.country, currency: currency),
                    "availableCountries": graphList(available),
                ])
        }
    }
}

/// The `Country` and `Currency` objects of `localization`.
enum StorefrontLocalization {
    /// Names and symbols of the currencies sandbox shops are created with; other codes show the code itself.
    private static let currencies: [String: (name: String, symbol: String)] = [
        "CAD": ("Canadian Dollar", "$"), "USD": ("US Dollar", "$"), "GBP": ("British Pound", "£"), "EUR": ("Euro", "€"),
        "AUD": ("Australian Dollar", "$"), "JPY": ("Japanese Yen", "¥"), "MXN": ("Mexican Peso", "$"),
    ]

    /// Countries that measure in imperial units; everyone else is metric.
    private static let imperialCountries: Set<String> = ["US", "LR", "MM"]

    static func currency(_ code: String) -> GraphObject {
        let known = currencies[code]
        return GraphObject("Currency", ["isoCode": code, "name": known?.name ?? code, "symbol": known?.symbol ?? code])
    }

    static func country(_ code: String, currency: GraphObject) -> GraphObject {
        GraphObject(
            "Country",
            [
                "isoCode": code, "name": Countries.name(for: code), "currency": currency,
                "unitSystem": imperialCountries.contains(code) ? "IMPERIAL_SYSTEM" : "METRIC_SYSTEM",
            ])
    }
}
