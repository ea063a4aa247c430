import Foundation

/// A product's full details, as `getProductDetails` returns them.
public struct Product: Sendable, Decodable {
    public var id: Int
    public var merchantId: String?
    public var title: String
    public var subtitle: String?
    public var description: String?
    public var price: Decimal?
    public var originalPrice: Decimal?
    public var currencySymbol: String?
    public var weight: Decimal?
    public var images: [String] = []
    /// One list of thumbnails per entry of ``images``.
    public var imageThumbs: [[String]] = []
    public var options: [ProductOption] = []
    /// The option combinations that can be bought.
    public var optionAvailable: [OptionAvailable] = []
    public var priceOptions: [PriceOption] = []
    public var customOptions: [CustomOption] = []
    public var maximumQty: Int?
    public var isVirtual: Bool = false
    /// The server's own `is_act` flag; see ``isAct`` for the rule the SDK applies.
    public var isActFlag: Bool = false
    public var assets: RezolveJSON?
    public var additionalAttributes: [AdditionalAttribute] = []
    /// Ad and placement of the trigger that led to this product, if any.
    public var productPlacement: ProductPlacement?
    public var productFullPath: ProductFullPath?

    /// A product known only by id, as the seed builds one before asking for its details.
    public init(id: Int) {
        self.id = id
        self.title = ""
    }

    /// An act is a product flagged `is_act`, or one with neither a price nor a weight.
    public var isAct: Bool {
        isActFlag || ((price ?? 0) == 0 && (weight ?? 0) == 0)
    }

    enum CodingKeys: String, CodingKey {
        case id, merchantId = "merchant_id", title, subtitle, description, price, originalPrice = "original_price"
        case currencySymbol = "currency_symbol", weight, images, imageThumbs = "image_thumbs", options
        case optionAvailable = "options_available", priceOptions = "options_price", customOptions = "custom_options"
        case maximumQty = "maximum_qty", isVirtual = "is_virtual", isAct = "is_act", assets
        case additionalAttributes = "additional_attributes", productFullPath = "product_full_path"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
        }
        self.id = id
        merchantId = try c.lenientString(.merchantId)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        price = c.decimal(.price)
        originalPrice = c.decimal(.originalPrice)
        currencySymbol = try c.decodeIfPresent(String.self, forKey: .currencySymbol)
        weight = c.decimal(.weight)
        images = try c.list(String.self, .images)
        // One flat list (a single image) is accepted as well as the list of lists.
        if let nested = try? c.decodeIfPresent([[String]].self, forKey: .imageThumbs) {
            imageThumbs = nested
        } else {
            let flat = try c.list(String.self, .imageThumbs)
            imageThumbs = flat.isEmpty ? [] : [flat]
        }
        options = try c.list(ProductOption.self, .options)
        optionAvailable = try c.list(OptionAvailable.self, .optionAvailable)
        priceOptions = try c.list(PriceOption.self, .priceOptions)
        customOptions = try c.list(CustomOption.self, .customOptions)
        maximumQty = c.lenientInt(.maximumQty)
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
        isActFlag = try c.decodeIfPresent(Bool.self, forKey: .isAct) ?? false
        assets = try c.decodeIfPresent(RezolveJSON.self, forKey: .assets)
        additionalAttributes = try c.list(AdditionalAttribute.self, .additionalAttributes)
        productFullPath = try c.decodeIfPresent(ProductFullPath.self, forKey: .productFullPath)
    }
}

/// A configurable attribute of a product (such as colour) and its values.
public struct ProductOption: Sendable, Equatable, Decodable {
    public let label: String
    public let code: String
    public let extraInfo: String?
    public let values: [OptionValue]

    enum CodingKeys: String, CodingKey { case label, code, extraInfo = "extra_info", values }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeIfPresent(String.self, forKey: .label) ?? ""
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        extraInfo = try c.decodeIfPresent(String.self, forKey: .extraInfo)
        values = try c.list(OptionValue.self, .values)
    }
}

public struct OptionValue: Sendable, Equatable, Decodable {
    public let label: String
    public let value: String

    enum CodingKeys: String, CodingKey { case label, value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeIfPresent(String.self, forKey: .label) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// One purchasable combination of option values.
public struct OptionAvailable: Sendable, Equatable, Decodable {
    public let combination: [OptionCombination]

    enum CodingKeys: String, CodingKey { case combination }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        combination = try c.list(OptionCombination.self, .combination)
    }
}

/// One attribute of a combination: `id` is the attribute id, `value` the chosen value.
public struct OptionCombination: Sendable, Equatable, Decodable {
    public let id: String?
    public let code: String
    public let value: String

    enum CodingKeys: String, CodingKey { case id, code, value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// The price of one combination.
public struct PriceOption: Sendable, Equatable, Decodable {
    public let combination: [OptionCombination]
    public let price: Decimal?
    public let originalPrice: Decimal?
    public let isVirtual: Bool

    enum CodingKeys: String, CodingKey { case combination, price, originalPrice = "original_price", isVirtual = "is_virtual" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        combination = try c.list(OptionCombination.self, .combination)
        price = c.decimal(.price)
        originalPrice = c.decimal(.originalPrice)
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
    }
}

public struct AdditionalAttribute: Sendable, Equatable, Decodable {
    public let code: String
    public let value: String?

    enum CodingKeys: String, CodingKey { case code, value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value)
    }
}

/// The ad and placement a product was reached through.
public struct ProductPlacement: Sendable, Equatable {
    public let adId: String
    public let placementId: String
    public init(adId: String, placementId: String) {
        self.adId = adId
        self.placementId = placementId
    }
}

/// Names along the product's catalogue path.
public struct ProductFullPath: Sendable, Equatable, Decodable {
    public let productTitle: String?
    public let merchantName: String?
    public let categoryName: String?

    enum CodingKeys: String, CodingKey {
        case productTitle = "product_title", merchantName = "merchant_name", categoryName = "category_name"
    }
}
