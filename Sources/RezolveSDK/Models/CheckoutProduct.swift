import Foundation

/// A product with quantity and chosen options, as carts, payment options and checkout take it.
/// Wire form: `{id, qty, configurable_options: [{code, value}], custom_options: [{option_id, value: [String]}]}`.
public struct CheckoutProduct: Sendable, Equatable, Codable {
    public var id: Int
    public var quantity: Int
    public var configurableOptions: [ConfigurableOption]
    public var customOptions: [CustomConfigurableOption]

    public init(id: Int, quantity: Int, configurableOptions: [ConfigurableOption] = [],
                customOptions: [CustomConfigurableOption] = []) {
        self.id = id
        self.quantity = quantity
        self.configurableOptions = configurableOptions
        self.customOptions = customOptions
    }

    /// Takes the product's first available combination and the customer's input of its custom options.
    public init(product: Product, quantity: Int = 1) {
        let combination = product.optionAvailable.first?.combination ?? []
        self.init(id: product.id, quantity: quantity,
                  configurableOptions: combination.map { ConfigurableOption(code: $0.code, value: $0.value) },
                  customOptions: product.customOptions.compactMap { option in
                      let selection = option.selection
                      return selection.isEmpty ? nil : CustomConfigurableOption(optionId: option.optionId, value: selection)
                  })
    }

    enum CodingKeys: String, CodingKey {
        case id, quantity = "qty", configurableOptions = "configurable_options", customOptions = "custom_options"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
        }
        self.id = id
        quantity = c.lenientInt(.quantity) ?? 1
        configurableOptions = try c.list(ConfigurableOption.self, .configurableOptions)
        customOptions = try c.list(CustomConfigurableOption.self, .customOptions)
    }
}

/// A chosen value of a configurable attribute.
public struct ConfigurableOption: Sendable, Equatable, Codable {
    public var code: String
    public var value: String
    public init(code: String, value: String) {
        self.code = code
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case code, value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// The input given for one custom option.
public struct CustomConfigurableOption: Sendable, Equatable, Codable {
    public var optionId: Int
    public var value: [String]
    public init(optionId: Int, value: [String]) {
        self.optionId = optionId
        self.value = value
    }

    enum CodingKeys: String, CodingKey { case optionId = "option_id", value }
}

/// The seed's helper, shipped so its snippets compile: the product's first combination, quantity 1.
public func createCheckoutProductWithVariant(product: Product) -> CheckoutProduct {
    CheckoutProduct(product: product, quantity: 1)
}

/// A customer's open cart at one merchant.
public struct CartDetails: Sendable, Equatable, Decodable {
    public let id: String
    public let merchantId: String
    public let dateCreated: String?
    public let dateUpdated: String?
    public let products: [CheckoutProduct]

    enum CodingKeys: String, CodingKey {
        case id, merchantId = "merchant_id", dateCreated = "date_created", dateUpdated = "date_updated", products
    }

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
