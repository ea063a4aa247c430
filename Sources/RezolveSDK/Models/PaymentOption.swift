import Foundation

/// What a merchant offers for a product or cart: delivery methods and payment methods, under one option id.
public struct PaymentOption: Sendable, Decodable {
    /// The option id, passed on to checkout.
    public let id: String
    public let type: String?
    public let supportedDeliveryMethods: [SupportedDeliveryMethod]
    public let supportedPaymentMethods: [SupportedPaymentMethod]
    public let products: [CheckoutProduct]
    public let options: RezolveJSON?

    enum CodingKeys: String, CodingKey {
        case id, type, supportedDeliveryMethods = "supported_shipping_methods"
        case supportedPaymentMethods = "supported_payment_methods", products, options
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "option id"))
        }
        self.id = id
        type = try c.decodeIfPresent(String.self, forKey: .type)
        supportedDeliveryMethods = try c.list(SupportedDeliveryMethod.self, .supportedDeliveryMethods)
        supportedPaymentMethods = try c.list(SupportedPaymentMethod.self, .supportedPaymentMethods)
        products = try c.list(CheckoutProduct.self, .products)
        options = try c.decodeIfPresent(RezolveJSON.self, forKey: .options)
    }
}

/// One way to receive the order; `storepickup` entries are click and collect at one store each.
public struct SupportedDeliveryMethod: Sendable, Decodable {
    public let methodCode: String
    public let carrierCode: String?
    public let displayName: String?
    public let manualPaymentLabel: String?
    public let price: Decimal?
    public let isDefault: Bool
    public let extensionAttributes: [ExtensionAttribute]
    public let storeDetails: StoreDetails?

    /// The pickup store id, from the store details or else from the `pickup_store` extension attribute.
    public var pickupStore: Int? {
        storeDetails?.pickupStore ?? extensionAttributes.first { $0.code == "pickup_store" }.flatMap { Int($0.value) }
    }

    /// Whether this is a click-and-collect method.
    public var isClickAndCollect: Bool { methodCode == "storepickup" }

    enum Outer: String, CodingKey { case execute, details }
    enum Execute: String, CodingKey {
        case methodCode = "method_code", carrierCode = "carrier_code", displayName = "display_name"
        case manualPaymentLabel = "manual_payment_label", price, isDefault = "is_default"
        case extensionAttributes = "extension_attributes"
    }
    enum Details: String, CodingKey { case storeDetails = "store_details" }

    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: Outer.self)
        let c = try outer.nestedContainer(keyedBy: Execute.self, forKey: .execute)
        methodCode = try c.decodeIfPresent(String.self, forKey: .methodCode) ?? ""
        carrierCode = try c.decodeIfPresent(String.self, forKey: .carrierCode)
        displayName = try c.decodeIfPresent(String.self, forKey: .displayName)
        manualPaymentLabel = try c.decodeIfPresent(String.self, forKey: .manualPaymentLabel)
        price = c.decimal(.price)
        isDefault = try c.decodeIfPresent(Bool.self, forKey: .isDefault) ?? false
        extensionAttributes = try c.list(ExtensionAttribute.self, .extensionAttributes)
        if (try? outer.decodeNil(forKey: .details)) == false {
            let details = try outer.nestedContainer(keyedBy: Details.self, forKey: .details)
            storeDetails = try details.decodeIfPresent(StoreDetails.self, forKey: .storeDetails)
        } else {
            storeDetails = nil
        }
    }
}

public struct ExtensionAttribute: Sendable, Equatable, Decodable {
    public let code: String
    public let value: String

    enum CodingKeys: String, CodingKey { case code, value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// A store where an order can be collected.
public struct StoreDetails: Sendable, Equatable, Decodable {
    public struct Address: Sendable, Equatable, Decodable {
        public let street1: String?
        public let street2: String?
        public let city: String?
        public let region: String?
        public let postCode: String?
        public let country: String?

        enum CodingKeys: String, CodingKey { case street1, street2, city, region, postCode = "post_code", country }
    }

    public let pickupStore: Int?
    public let name: String
    public let description: String?
    public let email: String?
    public let telephone: String?
    public let openingTimes: RezolveJSON?
    public let location: RezolveLocation?
    public let address: Address?

    enum CodingKeys: String, CodingKey {
        case pickupStore = "pickup_store", name, description, email, telephone, openingTimes = "opening_times"
        case location, address
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pickupStore = c.lenientInt(.pickupStore)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        description = try c.decodeIfPresent(String.self, forKey: .description)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        telephone = try c.lenientString(.telephone)
        openingTimes = try c.decodeIfPresent(RezolveJSON.self, forKey: .openingTimes)
        location = try c.decodeIfPresent(RezolveLocation.self, forKey: .location)
        address = try c.decodeIfPresent(Address.self, forKey: .address)
    }
}

/// One way to pay, such as `spgateway` (card), `cash`, `external` or `free`.
public struct SupportedPaymentMethod: Sendable, Equatable, Decodable {
    public struct Requirements: Sendable, Equatable, Decodable {
        public let rezolvePhone: Bool?
        public let rezolveCreditCard: Bool?
        enum CodingKeys: String, CodingKey { case rezolvePhone = "rezolve_phone", rezolveCreditCard = "rezolve_credit_card" }
    }

    public let type: String
    public let supportedTypes: [String]
    public let supportedShipping: [String]
    public let supportedNetworks: [String]
    public let requirements: Requirements?
    public let brands: [String]

    /// Whether `buy` needs a ``PaymentRequest`` (a wallet card and CVV) for this method.
    public var requiresPaymentRequest: Bool {
        if let flag = requirements?.rezolveCreditCard { return flag }
        return ["spgateway", "aci", "union_pay"].contains(type)
    }

    /// A method by type alone, for building bundles by hand.
    public init(type: String) {
        self.type = type
        supportedTypes = []
        supportedShipping = []
        supportedNetworks = []
        requirements = nil
        brands = []
    }

    enum CodingKeys: String, CodingKey { case type, data, brands }
    enum DataKeys: String, CodingKey {
        case supportedTypes = "supported_types", supportedShipping = "supported_shipping"
        case supportedNetworks = "supported_networks", requirements
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        brands = try c.list(String.self, .brands)
        if (try? c.decodeNil(forKey: .data)) == false {
            let data = try c.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
            supportedTypes = try data.list(String.self, .supportedTypes)
            supportedShipping = try data.list(String.self, .supportedShipping)
            supportedNetworks = try data.list(String.self, .supportedNetworks)
            requirements = try data.decodeIfPresent(Requirements.self, forKey: .requirements)
        } else {
            supportedTypes = []
            supportedShipping = []
            supportedNetworks = []
            requirements = nil
        }
    }
}
