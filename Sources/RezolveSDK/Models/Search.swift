import Foundation

/// Sort order of a search, sent as `asc` / `desc`.
public enum SearchOrder: String, Sendable, Encodable {
    /// Lowest value of the ranking field first; nearest first when ranking by location.
    case ascending = "asc"
    /// Highest value of the ranking field first; farthest first when ranking by location.
    case descending = "desc"
}

/// What a merchant search ranks by: distance from the given location, or relevance to the query.
public enum MerchantSearchOrderBy: String, Sendable, Encodable {
    /// Nearest to the search's location first; needs a location.
    case location
    /// Best match for the query first.
    case score
}

/// What a product search ranks by: relevance to the query, or price.
public enum ProductSearchOrderBy: String, Sendable, Encodable {
    /// Best match for the query first.
    case score
    /// By price, in the search's order direction.
    case price
}

/// Which products a search returns.
public enum SearchResultType: String, Sendable, Encodable {
    /// Only products that are not Acts.
    case products
    /// Only products shown as Acts.
    case acts
    /// Products and Acts together.
    case all
}

/// A merchant search. Without a query every merchant matches; ordering by location needs a location.
public struct MerchantSearchData: Sendable, Encodable {
    /// Text to match; nil lists every merchant.
    public var query: String?
    /// What the results are ranked by; `location` needs ``location`` set.
    public var orderBy: MerchantSearchOrderBy
    /// Whether ranking runs ascending or descending.
    public var order: SearchOrder
    /// The device that searches, sent as `device_info`.
    public var deviceInfo: DeviceInfo
    /// Where the customer is; needed to rank by distance, and nil otherwise allowed.
    public var location: RezolveLocation?

    /// Creates a merchant search; see the properties for what each value means.
    public init(
        query: String?, orderBy: MerchantSearchOrderBy, order: SearchOrder, deviceInfo: DeviceInfo,
        location: RezolveLocation?
    ) {
        self.query = query
        self.orderBy = orderBy
        self.order = order
        self.deviceInfo = deviceInfo
        self.location = location
    }

    enum CodingKeys: String, CodingKey {
        case query
        case orderBy = "order_by"
        case order
        case deviceInfo = "device_info"
        case location
    }

    /// Writes the search body, leaving out a nil query or location.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(query, forKey: .query)
        try c.encode(orderBy, forKey: .orderBy)
        try c.encode(order, forKey: .order)
        try c.encode(deviceInfo.wireValue, forKey: .deviceInfo)
        try c.encodeIfPresent(location, forKey: .location)
    }
}

/// A product search, across the mall or within one merchant.
public struct ProductSearchData: Sendable, Encodable {
    /// Text to match; nil matches every product.
    public var query: String?
    /// Limits the search to one merchant; nil searches the whole mall.
    public var merchantId: String?
    /// What the results are ranked by.
    public var orderBy: ProductSearchOrderBy
    /// Whether ranking runs ascending or descending.
    public var order: SearchOrder
    /// Where the customer is; nil when unknown.
    public var location: RezolveLocation?
    /// Whether products, acts or both come back.
    public var includeInResults: SearchResultType
    /// The device that searches, sent as `device_info`.
    public var deviceInfo: DeviceInfo

    /// Creates a product search; see the properties for what each value means.
    public init(
        query: String?, merchantId: String?, orderBy: ProductSearchOrderBy, order: SearchOrder,
        location: RezolveLocation?, includeInResults: SearchResultType, deviceInfo: DeviceInfo
    ) {
        self.query = query
        self.merchantId = merchantId
        self.orderBy = orderBy
        self.order = order
        self.location = location
        self.includeInResults = includeInResults
        self.deviceInfo = deviceInfo
    }

    enum CodingKeys: String, CodingKey {
        case query
        case merchantId = "merchant_id"
        case orderBy = "order_by"
        case order, location
        case includeInResults = "include_in_results"
        case deviceInfo = "device_info"
    }

    /// Writes the search body, leaving out a nil query, merchant or location.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(query, forKey: .query)
        try c.encodeIfPresent(merchantId, forKey: .merchantId)
        try c.encode(orderBy, forKey: .orderBy)
        try c.encode(order, forKey: .order)
        try c.encodeIfPresent(location, forKey: .location)
        try c.encode(includeInResults, forKey: .includeInResults)
        try c.encode(deviceInfo.wireValue, forKey: .deviceInfo)
    }
}

/// One page of merchants found by a merchant search.
public struct MerchantSearchResult: Sendable, Decodable {
    /// The page number, from 1; 1 when the reply omits it.
    public let page: Int
    /// Merchants matching across all pages; the page's length when the reply omits it.
    public let total: Int
    /// The merchants on this page.
    public let merchants: [Merchant]

    enum CodingKeys: String, CodingKey { case page, total, merchants }

    /// Reads a result page, accepting numbers sent as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        merchants = try c.list(Merchant.self, .merchants)
        page = c.lenientInt(.page) ?? 1
        total = c.lenientInt(.total) ?? merchants.count
    }
}

/// One page of products found by a product search.
public struct ProductSearchResult: Sendable, Decodable {
    /// The page number, from 1; 1 when the reply omits it.
    public let page: Int
    /// Products matching across all pages; the page's length when the reply omits it.
    public let total: Int
    /// The products on this page.
    public let products: [SearchProduct]

    enum CodingKeys: String, CodingKey { case page, total, products }

    /// Reads a result page, accepting numbers sent as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        products = try c.list(SearchProduct.self, .products)
        page = c.lenientInt(.page) ?? 1
        total = c.lenientInt(.total) ?? products.count
    }
}

/// A product as a search lists it.
public struct SearchProduct: Sendable, Equatable, Decodable {
    /// Rezolve's numeric product id, to pass to `getProductDetails`.
    public let id: Int
    /// Product name; empty when the reply has none.
    public let name: String
    /// Id of the merchant selling it, as text.
    public let merchantId: String?
    /// Merchant's name, for display.
    public let merchantName: String?
    /// Id of the category the product is listed in.
    public let categoryId: Int?
    /// Category name, for display.
    public let categoryName: String?
    /// Current unit price in the merchant's currency; nil when absent or unreadable.
    public let price: Decimal?
    /// Price before any discount; nil when there is none.
    public let originalPrice: Decimal?
    /// Id of the partner the product comes through.
    public let partnerId: String?
    /// True when the result is an Act; search results carry no weight, so only the flag decides.
    public let isAct: Bool
    /// True when nothing is shipped.
    public let isVirtual: Bool
    /// True when options must be chosen before the product can go in a cart.
    public let hasRequiredOptions: Bool
    /// Address of the main image, if any.
    public let image: String?
    /// Thumbnail addresses; read from `image_thumbs`.
    public let thumbs: [String]

    enum CodingKeys: String, CodingKey {
        case id, name
        case merchantId = "merchant_id"
        case merchantName = "merchant_name"
        case categoryId = "category_id"
        case categoryName = "category_name"
        case price
        case originalPrice = "original_price"
        case partnerId = "partner_id"
        case isAct = "is_act"
        case isVirtual = "is_virtual"
        case hasRequiredOptions = "has_required_options"
        case image
        case thumbs = "image_thumbs"
    }

    /// Reads a search result, accepting numeric ids sent as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
        }
        self.id = id
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        merchantId = try c.lenientString(.merchantId)
        merchantName = try c.decodeIfPresent(String.self, forKey: .merchantName)
        categoryId = c.lenientInt(.categoryId)
        categoryName = try c.decodeIfPresent(String.self, forKey: .categoryName)
        price = c.decimal(.price)
        originalPrice = c.decimal(.originalPrice)
        partnerId = try c.lenientString(.partnerId)
        isAct = try c.decodeIfPresent(Bool.self, forKey: .isAct) ?? false
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
        hasRequiredOptions = try c.decodeIfPresent(Bool.self, forKey: .hasRequiredOptions) ?? false
        image = try c.decodeIfPresent(String.self, forKey: .image)
        thumbs = try c.list(String.self, .thumbs)
    }
}
