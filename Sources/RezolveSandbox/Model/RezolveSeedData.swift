import Foundation
import GRDB

/// The seeded partner and catalogue of spec §5.2. The ids match the seed document's examples, so its
/// snippets work against the sandbox. Values are placeholders, not secrets.
enum RezolveSeedData {
    static let partnerId = "317"
    static let partnerName = "CommerceKit Sandbox Partner"
    static let apiKey = "5a4d1c2e-0000-4000-8000-000000000317"
    static let authKey = "commercekit-sandbox-partner-auth-key-0001"
    static let sspClientId = "sbx-ssp-client"
    static let sspClientSecret = "sbx-ssp-secret-not-a-secret"
    static let sspAudience = "commercekit-sandbox-audience"

    /// Inserts whatever of the seed is missing; running it twice changes nothing.
    static func seed(_ db: Database, now: Double) throws {
        if try RZPartner.fetchOne(db, key: partnerId) == nil {
            try RZPartner(
                id: partnerId, apiKey: apiKey, authKey: authKey, name: partnerName, sspClientId: sspClientId,
                sspClientSecret: sspClientSecret, sspAudience: sspAudience, createdAt: now
            ).insert(db)
        }
        if try RZSettings.fetchOne(db, key: 1) == nil { try RZSettings.defaults.insert(db) }
        guard try RZMerchant.fetchCount(db) == 0 else { return }
        for merchant in merchants { try merchant.insert(db) }
        for store in stores { try store.insert(db) }
        for category in categories { try category.insert(db) }
        for product in products { try product.insert(db) }
    }

    static let merchants = [
        RZMerchant(
            id: "12", name: "Sandbox Outfitters", tagline: "Clothing for every test run",
            keywords: "apparel,clothing,tees",
            email: "orders@outfitters.sandbox.example", phone: "2125550100", currency: "USD", currencySymbol: "$",
            paymentTypes: "spgateway,external,cash", priority: 1, enabled: true, taxRateBasisPoints: 1000,
            flatrateMinor: 500),
        RZMerchant(
            id: "2", name: "Sandbox Books & Media", tagline: "Reading for developers", keywords: "books,media,reading",
            email: "orders@books.sandbox.example", phone: "7875550100", currency: "USD", currencySymbol: "$",
            paymentTypes: "spgateway,external", priority: 2, enabled: true, taxRateBasisPoints: 0, flatrateMinor: 350),
        RZMerchant(
            id: "79", name: "Sandbox Marketplace", tagline: "Odds and ends", keywords: "marketplace,mugs,posters",
            email: "orders@marketplace.sandbox.example", phone: "2125550179", currency: "USD", currencySymbol: "$",
            paymentTypes: "external", priority: 3, enabled: true, taxRateBasisPoints: 0, flatrateMinor: 0),
        RZMerchant(
            id: "80", name: "Closed Merchant", tagline: "Not trading", keywords: "closed",
            email: "orders@closed.sandbox.example", phone: "2125550180", currency: "USD", currencySymbol: "$",
            paymentTypes: "", priority: 4, enabled: false, taxRateBasisPoints: 0, flatrateMinor: 0),
    ]

    static let stores = [
        RZStore(
            id: 1, merchantId: "12", name: "Brooklyn Store", email: "brooklyn@sandbox.example", telephone: "7185550101",
            street1: "300 Eastern Pkwy", city: "Brooklyn", region: "NY", postCode: "11225", country: "US",
            latitude: 40.6782, longitude: -73.9442),
        RZStore(
            id: 2, merchantId: "12", name: "Manhattan Store", email: "manhattan@sandbox.example",
            telephone: "2125550102",
            street1: "1 Times Sq", city: "New York", region: "NY", postCode: "10036", country: "US",
            latitude: 40.7580, longitude: -73.9855),
        RZStore(
            id: 3, merchantId: "2", name: "San Juan Store", email: "sanjuan@sandbox.example", telephone: "7875550103",
            street1: "100 Calle Fortaleza", city: "San Juan", region: "PR", postCode: "00901", country: "US",
            latitude: 18.4655, longitude: -66.1057),
    ]

    static let categories = [
        RZCategory(id: 1, merchantId: "12", parentId: nil, name: "Sandbox Outfitters", position: 0),
        RZCategory(id: 70, merchantId: "12", parentId: 1, name: "Apparel", position: 1),
        RZCategory(id: 71, merchantId: "12", parentId: 1, name: "Accessories", position: 2),
        RZCategory(id: 2, merchantId: "2", parentId: nil, name: "Sandbox Books & Media", position: 0),
        RZCategory(id: 3, merchantId: "2", parentId: 2, name: "Featured", position: 1),
        RZCategory(id: 79, merchantId: "79", parentId: nil, name: "Sandbox Marketplace", position: 0),
    ]

    static var products: [RZProduct] {
        let color = RZProduct.Option(
            attributeId: 93, label: "Color", code: "color",
            values: [.init(label: "Red", value: "49"), .init(label: "Blue", value: "50")])
        let size = RZProduct.Option(
            attributeId: 142, label: "Size", code: "size",
            values: [.init(label: "S", value: "167"), .init(label: "M", value: "168")])
        let namePrint = RZProduct.CustomOption(
            optionId: 3, title: "Name print", type: "field", isRequire: false,
            sortOrder: 1, priceMinor: 200, values: [])
        var list = [
            product(
                6, "12", 70, "Classic Tee", price: 2000, original: 2500, weight: 0.2, maxQty: 100, position: 1,
                image: (3000, 2000), options: [color, size],
                variants: [
                    .init(combination: ["color": "49", "size": "167"], priceMinor: 2000, originalPriceMinor: 2500),
                    .init(combination: ["color": "49", "size": "168"], priceMinor: 2000, originalPriceMinor: 2500),
                    .init(combination: ["color": "50", "size": "168"], priceMinor: 2200, originalPriceMinor: 2500),
                ],
                custom: [namePrint]),
            product(7, "12", 70, "Hoodie", price: 4500, weight: 0.6, maxQty: 5, position: 2, image: (900, 600)),
            product(8, "2", 3, "The Sandbox Handbook", price: 1250, weight: 0.4, position: 1, image: (400, 300)),
            product(
                9, "2", 3, "Join our newsletter", price: nil, weight: nil, position: 2, image: (800, 800),
                isAct: true, isVirtual: true),
            product(10, "2", 3, "Gift card", price: 1000, weight: 0, position: 3, image: (800, 800), isVirtual: true),
            product(11, "79", 79, "Marketplace Mug", price: 800, weight: 0.3, position: 1, image: (800, 800)),
            product(12, "79", 79, "Free Poster", price: 0, weight: 0.3, position: 2, image: (800, 800)),
        ]
        for index in 1...35 {
            list.append(
                product(
                    Int64(100 + index), "12", 71, "Accessory \(index)", price: Int64(index) * 100, weight: 0.1,
                    position: index, image: (800, 800)))
        }
        return list
    }

    private static func product(
        _ id: Int64, _ merchant: String, _ category: Int64, _ name: String, price: Int64?,
        original: Int64? = nil, weight: Double?, maxQty: Int = 100, position: Int,
        image: (Int, Int), isAct: Bool = false, isVirtual: Bool = false,
        options: [RZProduct.Option] = [], variants: [RZProduct.Variant] = [],
        custom: [RZProduct.CustomOption] = []
    ) -> RZProduct {
        RZProduct(
            id: id, merchantId: merchant, categoryId: category, name: name, subtitle: "",
            description: "\(name), a sandbox product.", priceMinor: price, originalPriceMinor: original ?? price,
            weight: weight, isAct: isAct, isVirtual: isVirtual, maximumQty: maxQty, position: position,
            imageWidth: image.0, imageHeight: image.1, options: options, variants: variants, customOptions: custom)
    }
}
