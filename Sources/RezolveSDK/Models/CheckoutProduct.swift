import Foundation

/// A product with quantity and chosen options, as carts, payment options and checkout take it.
/// Wire form: `{id, qty, configurable_options: [{code, value}], custom_options: [{option_id, value: [String]}]}`.
public struct CheckoutProduct: Sendable, Equatable, Codable {
    /// Rezolve's numeric product id.
    public var id: Int
    /// Units to buy; sent as `qty`.
    public var quantity: Int
    /// The values chosen for the product's configurable attributes.
    public var configurableOptions: [ConfigurableOption]
    /// The input given for the product's custom options.
    public var customOptions: [CustomConfigurableOption]

    /// Creates a line from a product id and the options chosen by hand.
    public init(
        id: Int, quantity: Int, configurableOptions: [ConfigurableOption] = [],
        customOptions: [CustomConfigurableOption] = []
    ) {
        self.id = id
        self.quantity = quantity
        self.configurableOptions = configurableOptions
        self.customOptions = customOptions
    }

    /// Takes the product's first available combination and the customer's input of its custom options.
    public init(product: Product, quantity: Int = 1) {
        let combination = product.optionAvailable.first?.combination ?? []
        self.init(
            id: product.id, quantity: quantity,
            configurableOptions: combination.map { ConfigurableOption(code: $0.code, value: $0.value) },
            customOptions: product.customOptions.compactMap { option in
                let selection = option.selection
                return selection.isEmpty ? nil : CustomConfigurableOption(optionId: option.optionId, value: selection)
            })
    }

    enum CodingKeys: String, CodingKey {
        case id
        case quantity = "qty"
        case configurableOptions = "configurable_options"
        case customOptions = "custom_options"
    }

    /// Reads a line, accepting numbers sent as text; the quantity defaults to 1.
    /// - Throws: `DecodingError.keyNotFound` when `id` is missing or not a number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
        }
        self.id = id
        quantity = c.lenientInt(.quantity) ?? 1
        configurableOptions = try c.list(ConfigurableOption.self, .configurableOptions)
        customOptions = try c.list(CustomConfigurableOption.self, .customOptions)
    }
}

/// A chosen value of a configurable attribute.
public struct ConfigurableOption: Sendable, Equatable, Codable {
    /// Code of the attribute, matching ``ProductOption/code``.
    public var code: String
    /// The chosen value, matching ``OptionValue/value``.
    public var value: String
    /// Pairs an attribute code with a chosen value.
    public init(code: String, value: String) {
        self.code = code
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case code, value }

    /// Reads a choice, accepting a number for `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// The input given for one custom option.
public struct CustomConfigurableOption: Sendable, Equatable, Codable {
    /// Id of the custom option, matching ``CustomOption/optionId``.
    public var optionId: Int
    /// The input: the text typed, or the ids of the values picked.
    public var value: [String]
    /// Pairs a custom option id with its input.
    public init(optionId: Int, value: [String]) {
        self.optionId = optionId
        self.value = value
    }

    enum CodingKeys: String, CodingKey {
        case optionId = "option_id"
        case value
    }
}

/// The seed's helper, shipped so its snippets compile: the product's first combination, quantity 1.
public func createCheckoutProductWithVariant(product: Product) -> CheckoutProduct {
    CheckoutProduct(product: product, quantity: 1)
}

/// A customer's open cart at one merchant.
public struct CartDetails: Sendable, Equatable, Decodable {
    /// Id of the cart, as text; used to check it out.
    public let id: String
    /// Id of the merchant the cart belongs to; empty when missing.
    public let merchantId: String
    /// When the cart was created, as the server formats it.
    public let dateCreated: String?
    /// When the cart last changed, as the server formats it.
    public let dateUpdated: String?
    /// The cart's lines.
    public let products: [CheckoutProduct]

    enum CodingKeys: String, CodingKey {
        case id
        case merchantId = "merchant_id"
        case dateCreated = "date_created"
        case dateUpdated = "date_updated"
        case products
    }

    /// Reads a cart, accepting numeric ids.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "cart id"))
        }
        self.id = id
        merchantId = try c.lenientString(.merchantId) ?? ""
        dateCreated = try c.decodeIfPresent(String.self, forKey: .dateCreated)
        dateUpdated = try c.decodeIfPresent(String.self, forKey: .dateUpdated)
        products = try c.list(CheckoutProduct.self, .products)
    }
}
