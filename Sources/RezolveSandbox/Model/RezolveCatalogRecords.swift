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

    enum CodingKeys: String, CodingKey {
        case id, name, tagline, keywords, email, phone, currency, priority, enabled
        case currencySymbol = "currency_symbol"
        case paymentTypes = "payment_types"
        case taxRateBasisPoints = "tax_rate_basis_points"
        case flatrateMinor = "flatrate_minor"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let tagline = Column(CodingKeys.tagline)
        static let keywords = Column(CodingKeys.keywords)
        static let email = Column(CodingKeys.email)
        static let phone = Column(CodingKeys.phone)
        static let currency = Column(CodingKeys.currency)
        static let currencySymbol = Column(CodingKeys.currencySymbol)
        static let paymentTypes = Column(CodingKeys.paymentTypes)
        static let priority = Column(CodingKeys.priority)
        static let enabled = Column(CodingKeys.enabled)
        static let taxRateBasisPoints = Column(CodingKeys.taxRateBasisPoints)
        static let flatrateMinor = Column(CodingKeys.flatrateMinor)
    }

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

    enum CodingKeys: String, CodingKey {
        case id, name, email, telephone, street1, city, region, country, latitude, longitude
        case merchantId = "merchant_id"
        case postCode = "post_code"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let name = Column(CodingKeys.name)
        static let email = Column(CodingKeys.email)
        static let telephone = Column(CodingKeys.telephone)
        static let street1 = Column(CodingKeys.street1)
        static let city = Column(CodingKeys.city)
        static let region = Column(CodingKeys.region)
        static let postCode = Column(CodingKeys.postCode)
        static let country = Column(CodingKeys.country)
        static let latitude = Column(CodingKeys.latitude)
        static let longitude = Column(CodingKeys.longitude)
    }
}

struct RZCategory: RezolveRecord {
    static let databaseTableName = "rz_category"
    var id: Int64
    var merchantId: String
    var parentId: Int64?
    var name: String
    var position: Int

    enum CodingKeys: String, CodingKey {
        case id, name, position
        case merchantId = "merchant_id"
        case parentId = "parent_id"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let parentId = Column(CodingKeys.parentId)
        static let name = Column(CodingKeys.name)
        static let position = Column(CodingKeys.position)
    }
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

    enum CodingKeys: String, CodingKey {
        case id, name, subtitle, description, weight, position, options, variants
        case merchantId = "merchant_id"
        case categoryId = "category_id"
        case priceMinor = "price_minor"
        case originalPriceMinor = "original_price_minor"
        case isAct = "is_act"
        case isVirtual = "is_virtual"
        case maximumQty = "maximum_qty"
        case imageWidth = "image_width"
        case imageHeight = "image_height"
        case customOptions = "custom_options"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let merchantId = Column(CodingKeys.merchantId)
        static let categoryId = Column(CodingKeys.categoryId)
        static let name = Column(CodingKeys.name)
        static let subtitle = Column(CodingKeys.subtitle)
        static let description = Column(CodingKeys.description)
        static let priceMinor = Column(CodingKeys.priceMinor)
        static let originalPriceMinor = Column(CodingKeys.originalPriceMinor)
        static let weight = Column(CodingKeys.weight)
        static let isAct = Column(CodingKeys.isAct)
        static let isVirtual = Column(CodingKeys.isVirtual)
        static let maximumQty = Column(CodingKeys.maximumQty)
        static let position = Column(CodingKeys.position)
        static let imageWidth = Column(CodingKeys.imageWidth)
        static let imageHeight = Column(CodingKeys.imageHeight)
        static let options = Column(CodingKeys.options)
        static let variants = Column(CodingKeys.variants)
        static let customOptions = Column(CodingKeys.customOptions)
    }

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
