import Foundation

/// Shipping rates, taxes and duties (spec §5.9). Rates depend only on the destination country (and two
/// zips that have none), so a padded Apple Pay zip and the full one give the same rates.
enum CheckoutPricing {
    /// Every rate, by country; a handle outside this table was never issued (K12).
    static let ratesByCountry: [String: [CheckoutRecord.ShippingLine]] = [
        "CA": [
            .init(handle: "sandbox-standard-10.00", title: "Standard", priceCents: 1000),
            .init(handle: "sandbox-express-25.00", title: "Express", priceCents: 2500),
        ],
        "US": [.init(handle: "sandbox-standard-us-15.00", title: "Standard (US)", priceCents: 1500)],
        "GB": [.init(handle: "sandbox-international-35.00", title: "International", priceCents: 3500)],
    ]

    static let noRateZips: Set<String> = ["00000", "X0X 0X0"]

    /// Tax and duty rates in basis points; duties are `nil` for the shop's own country.
    private static let taxBasisPoints: [String: Int64] = ["CA": 1300]
    private static let dutyBasisPoints: [String: Int64] = ["GB": 500]

    static func isIssued(_ handle: String) -> Bool {
        ratesByCountry.values.contains { $0.contains { $0.handle == handle } }
    }

    /// The rates for an address (empty for the no-rate zips and unserved countries).
    static func rates(for address: [String: String]?) -> [CheckoutRecord.ShippingLine] {
        guard let address, let country = address["country"] else { return [] }
        if let zip = address["zip"], noRateZips.contains(zip.trimmingCharacters(in: .whitespaces).uppercased()) {
            return []
        }
        return ratesByCountry[country] ?? []
    }

    /// Round half up to cents of `cents × basisPoints / 10 000`.
    private static func share(_ cents: Int64, _ basisPoints: Int64) -> Int64 {
        (cents * basisPoints + 5_000) / 10_000
    }

    /// What a finished recalculation stores.
    static func totals(_ checkout: CheckoutRecord, shopCountry: String) -> CheckoutRecord.Totals {
        var totals = CheckoutRecord.Totals()
        totals.subtotalCents = checkout.lines.reduce(0) { $0 + $1.unitPriceCents * $1.quantity }
        totals.shippingCents = checkout.requiresShipping ? (checkout.shippingLine?.priceCents ?? 0) : 0
        guard let country = checkout.shippingAddress?["country"] else { return totals }
        totals.taxCents = share(totals.subtotalCents, taxBasisPoints[country] ?? 0)
        totals.dutiesCents = country == shopCountry ? nil : share(totals.subtotalCents, dutyBasisPoints[country] ?? 0)
        return totals
    }
}
