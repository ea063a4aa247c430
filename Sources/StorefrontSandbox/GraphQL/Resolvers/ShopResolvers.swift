import Foundation
import GraphQL

extension ResolverRegistry {
    /// `Shop` and `PaymentSettings` (spec §5.3, §5.5).
    mutating func registerShop() {
        let shop = ShopRecord.self
        on("Shop", "name", as: shop) { s, _, _ in s.name }
        on("Shop", "description", as: shop) { s, _, _ in s.description }
        on("Shop", "moneyFormat", as: shop) { s, _, _ in s.moneyFormat }
        on("Shop", "currencyCode", as: shop) { s, _, _ in s.currency }
        on("Shop", "shipsToCountries", as: shop) { s, _, _ in graphList(s.shipsTo) }
        on("Shop", "shopifyPaymentsAccountId", as: shop) { _, _, _ in nil }
        on("Shop", "primaryDomain", as: shop) { s, _, _ in
            GraphObject("Domain", ["host": s.domain, "sslEnabled": true, "url": "https://\(s.domain)"])
        }
        on("Shop", "paymentSettings", as: shop) { s, _, c in
            GraphObject(
                "PaymentSettings",
                [
                    "acceptedCardBrands": graphList(["VISA", "MASTERCARD", "AMERICAN_EXPRESS"]),
                    "cardVaultUrl": c.url("/sessions"),
                    "countryCode": s.country,
                    "currencyCode": s.currency,
                    "enabledPresentmentCurrencies": graphList([s.currency]),
                    "shopifyPaymentsAccountId": nil,
                    "supportedDigitalWallets": graphList(["APPLE_PAY"]),
                ])
        }
        // Shop's catalog fields behave as the root fields of the same name.
        for field in [
            "products", "collections", "productByHandle", "collectionByHandle", "productTags", "productTypes",
        ] {
            if let root = resolvers["QueryRoot.\(field)"] { on("Shop", field, root) }
        }
    }
}
