import GRDB

/// A merchant of the shared sandbox catalogue; every partner sees the same merchants.
struct RZMerchant: RezolveRecord {
    static let databaseTableName = "rz_merchant"
    var id: String
    var name: String
    var tagline: String
    var keywords: String
    var email: String
    var phone: String
    var currency: String
    var currencySymbol: String
    /// Comma-separated payment types the merchant offers: `spgateway`, `external`, `cash`.
    var paymentTypes: String
    var priority: Int
    var enabled: Bool
    /// 1000 = 10 %, so tax is computed in integers.
    var taxRateBasisPoints: Int64
    var flatrateMinor: Int64

    var offeredPaymentTypes: [String] { paymentTypes.split(separator: ",").map(String.init) }
    var keywordList: [String] { keywords.split(separator: ",").map(String.init) }
}

struct RZStore: RezolveRecord {
    static let databaseTableName = "rz_store"
    var id: Int64
    var merchantId: String
    var name: String
    var email: String
    var telephone: String
    var street1: String
    var city: String
    var region: String
    var postCode: String
    var country: String
    var latitude: Double
    var longitude: Double
}

struct RZCategory: RezolveRecord {
    static let databaseTableName = "rz_category"
    var id: Int64
    var merchantId: String
    var parentId: Int64?
    var name: String
    var position: Int
}

struct RZProduct: RezolveRecord {
    static let databaseTableName = "rz_product"
    var id: Int64
    var merchantId: String
    var categoryId: Int64
    var name: String
    var subtitle: String
    var description: String
    var priceMinor: Int64?
    var originalPriceMinor: Int64?
    var weight: Double?
    var isAct: Bool
    var isVirtual: Bool
    var maximumQty: Int
    var position: Int
    /// Nominal size of the one product image; thumbnails are derived from it.
    var imageWidth: Int
    var imageHeight: Int
    var options: [Option]
    var variants: [Variant]
    var customOptions: [CustomOption]

    /// A configurable attribute (`color`, `size`) and its values.
    struct Option: Codable, Sendable {
        var attributeId: Int
        var label: String
        var code: String
        var values: [Value]
        struct Value: Codable, Sendable {
            var label: String
            var value: String
        }
    }

    /// One available combination (code → value) and its price.
    struct Variant: Codable, Sendable {
        var combination: [String: String]
        var priceMinor: Int64
        var originalPriceMinor: Int64?
    }

    struct CustomOption: Codable, Sendable {
        var optionId: Int
        var title: String
        var type: String
        var isRequire: Bool
        var sortOrder: Int
        /// Charged when a text-type option gets a non-empty value.
        var priceMinor: Int64
        var values: [Value]
        struct Value: Codable, Sendable {
            var valueId: Int
            var title: String
            var sortOrder: Int
            var priceMinor: Int64
        }
    }

    var hasRequiredOptions: Bool { !options.isEmpty || customOptions.contains(where: \.isRequire) }
}
