import Foundation

/// A product's full details, as `getProductDetails` returns them.
public struct Product: Sendable, Decodable {
    /// Rezolve's numeric product id.
    public var id: Int
    /// Id of the merchant selling the product, as text.
    public var merchantId: String?
    /// Name to show; empty when the reply has none.
    public var title: String
    /// Second line under the title, if any.
    public var subtitle: String?
    /// Long description; may contain HTML as the merchant wrote it.
    public var description: String?
    /// Current unit price in the merchant's currency; nil when absent or unreadable (see ``isAct``).
    public var price: Decimal?
    /// Price before any discount; nil when there is none.
    public var originalPrice: Decimal?
    /// Symbol to show next to prices, such as `$`.
    public var currencySymbol: String?
    /// Shipping weight in the merchant's unit; nil or zero for acts and virtual goods.
    public var weight: Decimal?
    /// Addresses of the full-size images.
    public var images: [String] = []
    /// One list of thumbnails per entry of ``images``.
    public var imageThumbs: [[String]] = []
    /// The configurable attributes (colour, size, …) and their possible values.
    public var options: [ProductOption] = []
    /// The option combinations that can be bought.
    public var optionAvailable: [OptionAvailable] = []
    /// Prices of the option combinations that differ from ``price``.
    public var priceOptions: [PriceOption] = []
    /// Free-form options the buyer fills in or picks (text, date, choice, …).
    public var customOptions: [CustomOption] = []
    /// Most units one order may hold; nil when the merchant sets no limit.
    public var maximumQty: Int?
    /// True when nothing is shipped.
    public var isVirtual: Bool = false
    /// The server's own `is_act` flag; see ``isAct`` for the rule the SDK applies.
    public var isActFlag: Bool = false
    /// Extra merchant content attached to the product, kept as raw JSON.
    public var assets: RezolveJSON?
    /// Extra code/value attributes the merchant publishes.
    public var additionalAttributes: [AdditionalAttribute] = []
    /// Ad and placement of the trigger that led to this product, if any.
    public var productPlacement: ProductPlacement?
    /// Product, merchant and category names for a breadcrumb; nil when the reply has none.
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
        case id
        case merchantId = "merchant_id"
        case title, subtitle, description, price
        case originalPrice = "original_price"
        case currencySymbol = "currency_symbol"
        case weight, images
        case imageThumbs = "image_thumbs"
        case options
        case optionAvailable = "options_available"
        case priceOptions = "options_price"
        case customOptions = "custom_options"
        case maximumQty = "maximum_qty"
        case isVirtual = "is_virtual"
        case isAct = "is_act"
        case assets
        case additionalAttributes = "additional_attributes"
        case productFullPath = "product_full_path"
    }

    /// Reads a product reply; image thumbnails may be a single flat list or one list per image.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
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
    /// Name of the attribute, for display.
    public let label: String
    /// Code that identifies the attribute in a combination.
    public let code: String
    /// Extra text the merchant shows with the attribute, if any.
    public let extraInfo: String?
    /// The values the attribute can take.
    public let values: [OptionValue]

    enum CodingKeys: String, CodingKey {
        case label, code
        case extraInfo = "extra_info"
        case values
    }

    /// Reads an option, with empty text for a missing label or code.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeIfPresent(String.self, forKey: .label) ?? ""
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        extraInfo = try c.decodeIfPresent(String.self, forKey: .extraInfo)
        values = try c.list(OptionValue.self, .values)
    }
}

/// One value an option can take.
public struct OptionValue: Sendable, Equatable, Decodable {
    /// Text to show for the value.
    public let label: String
    /// The value sent back in a combination, as text even when the server sends a number.
    public let value: String

    enum CodingKeys: String, CodingKey { case label, value }

    /// Reads a value, accepting a number for `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeIfPresent(String.self, forKey: .label) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// One purchasable combination of option values.
public struct OptionAvailable: Sendable, Equatable, Decodable {
    /// The attribute values that make up the combination.
    public let combination: [OptionCombination]

    enum CodingKeys: String, CodingKey { case combination }

    /// Reads a combination; an absent list reads as empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        combination = try c.list(OptionCombination.self, .combination)
    }
}

/// One attribute of a combination: `id` is the attribute id, `value` the chosen value.
public struct OptionCombination: Sendable, Equatable, Decodable {
    /// Id of the attribute, as text; nil when the reply omits it.
    public let id: String?
    /// Code of the attribute, matching ``ProductOption/code``.
    public let code: String
    /// The chosen value, as text.
    public let value: String

    enum CodingKeys: String, CodingKey { case id, code, value }

    /// Reads an entry, accepting numbers for `id` and `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// The price of one combination.
public struct PriceOption: Sendable, Equatable, Decodable {
    /// The attribute values this price applies to.
    public let combination: [OptionCombination]
    /// Unit price for the combination; nil when absent or unreadable.
    public let price: Decimal?
    /// Price before any discount; nil when there is none.
    public let originalPrice: Decimal?
    /// True when this combination ships nothing.
    public let isVirtual: Bool

    enum CodingKeys: String, CodingKey {
        case combination, price
        case originalPrice = "original_price"
        case isVirtual = "is_virtual"
    }

    /// Reads a combination price.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        combination = try c.list(OptionCombination.self, .combination)
        price = c.decimal(.price)
        originalPrice = c.decimal(.originalPrice)
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
    }
}

/// An extra code/value attribute of a product, such as a brand or material.
public struct AdditionalAttribute: Sendable, Equatable, Decodable {
    /// The attribute's code.
    public let code: String
    /// The attribute's value as text; nil when the merchant sent none.
    public let value: String?

    enum CodingKeys: String, CodingKey { case code, value }

    /// Reads an attribute, accepting a number for `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value)
    }
}

/// The ad and placement a product was reached through.
public struct ProductPlacement: Sendable, Equatable {
    /// Id of the ad that was engaged.
    public let adId: String
    /// Id of the placement the ad was shown in.
    public let placementId: String
    /// Creates a placement from the ids carried by a trigger.
    public init(adId: String, placementId: String) {
        self.adId = adId
        self.placementId = placementId
    }
}

/// Names along the product's catalogue path.
public struct ProductFullPath: Sendable, Equatable, Decodable {
    /// The product's name.
    public let productTitle: String?
    /// The merchant's name.
    public let merchantName: String?
    /// The category's name.
    public let categoryName: String?

    enum CodingKeys: String, CodingKey {
        case productTitle = "product_title"
        case merchantName = "merchant_name"
        case categoryName = "category_name"
    }
}
