import Foundation

/// Sort order of a search, sent as `asc` / `desc`.
public enum SearchOrder: String, Sendable, Encodable {
    case ascending = "asc"
    case descending = "desc"
}

public enum MerchantSearchOrderBy: String, Sendable, Encodable {
    case location, score
}

public enum ProductSearchOrderBy: String, Sendable, Encodable {
    case score, price
}

/// Which products a search returns.
public enum SearchResultType: String, Sendable, Encodable {
    case products, acts, all
}

/// A merchant search. Without a query every merchant matches; ordering by location needs a location.
public struct MerchantSearchData: Sendable, Encodable {
    public var query: String?
    public var orderBy: MerchantSearchOrderBy
    public var order: SearchOrder
    public var deviceInfo: DeviceInfo
    public var location: RezolveLocation?

    public init(query: String?, orderBy: MerchantSearchOrderBy, order: SearchOrder, deviceInfo: DeviceInfo,
                location: RezolveLocation?) {
        self.query = query
        self.orderBy = orderBy
        self.order = order
        self.deviceInfo = deviceInfo
        self.location = location
    }

    enum CodingKeys: String, CodingKey { case query, orderBy = "order_by", order, deviceInfo = "device_info", location }

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
    public var query: String?
    public var merchantId: String?
    public var orderBy: ProductSearchOrderBy
    public var order: SearchOrder
    public var location: RezolveLocation?
    public var includeInResults: SearchResultType
    public var deviceInfo: DeviceInfo

    public init(query: String?, merchantId: String?, orderBy: ProductSearchOrderBy, order: SearchOrder,
                location: RezolveLocation?, includeInResults: SearchResultType, deviceInfo: DeviceInfo) {
        self.query = query
        self.merchantId = merchantId
        self.orderBy = orderBy
        self.order = order
        self.location = location
        self.includeInResults = includeInResults
        self.deviceInfo = deviceInfo
    }

    enum CodingKeys: String, CodingKey {
        case query, merchantId = "merchant_id", orderBy = "order_by", order, location
        case includeInResults = "include_in_results", deviceInfo = "device_info"
    }

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

public struct MerchantSearchResult: Sendable, Decodable {
    public let page: Int
    public let total: Int
    public let merchants: [Merchant]

    enum CodingKeys: String, CodingKey { case page, total, merchants }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        merchants = try c.list(Merchant.self, .merchants)
        page = c.lenientInt(.page) ?? 1
        total = c.lenientInt(.total) ?? merchants.count
    }
}

public struct ProductSearchResult: Sendable, Decodable {
    public let page: Int
    public let total: Int
    public let products: [SearchProduct]

    enum CodingKeys: String, CodingKey { case page, total, products }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        products = try c.list(SearchProduct.self, .products)
        page = c.lenientInt(.page) ?? 1
        total = c.lenientInt(.total) ?? products.count
    }
}

/// A product as a search lists it.
public struct SearchProduct: Sendable, Equatable, Decodable {
    public let id: Int
    public let name: String
    public let merchantId: String?
    public let merchantName: String?
    public let categoryId: Int?
    public let categoryName: String?
    public let price: Decimal?
    public let originalPrice: Decimal?
    public let partnerId: String?
    public let isAct: Bool
    public let isVirtual: Bool
    public let hasRequiredOptions: Bool
    public let image: String?
    public let thumbs: [String]

    enum CodingKeys: String, CodingKey {
        case id, name, merchantId = "merchant_id", merchantName = "merchant_name", categoryId = "category_id"
        case categoryName = "category_name", price, originalPrice = "original_price", partnerId = "partner_id"
        case isAct = "is_act", isVirtual = "is_virtual", hasRequiredOptions = "has_required_options", image
        case thumbs = "image_thumbs"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
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
