import Foundation

/// What a merchant offers for a product or cart: delivery methods and payment methods, under one option id.
public struct PaymentOption: Sendable, Decodable {
    /// The option id, passed on to checkout.
    public let id: String
    /// The kind of option as the server labels it; nil when it gives none.
    public let type: String?
    /// The ways the order can be delivered; read from `supported_shipping_methods`.
    public let supportedDeliveryMethods: [SupportedDeliveryMethod]
    /// The ways the order can be paid.
    public let supportedPaymentMethods: [SupportedPaymentMethod]
    /// The products the option applies to, as they will be checked out.
    public let products: [CheckoutProduct]
    /// Any further settings the server attaches, kept as raw JSON.
    public let options: RezolveJSON?

    enum CodingKeys: String, CodingKey {
        case id, type
        case supportedDeliveryMethods = "supported_shipping_methods"
        case supportedPaymentMethods = "supported_payment_methods"
        case products, options
    }

    /// Reads an option, accepting a numeric id.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "option id"))
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
    /// The method's code (`storepickup`, `flatrate`, …), sent back when choosing it; empty when missing.
    public let methodCode: String
    /// The carrier's code, when the method names one.
    public let carrierCode: String?
    /// The name to show the customer.
    public let displayName: String?
    /// Text to show when payment is made by hand, such as on collection.
    public let manualPaymentLabel: String?
    /// What delivery costs, in the merchant's currency; nil when not stated.
    public let price: Decimal?
    /// True for the method the merchant preselects.
    public let isDefault: Bool
    /// Extra code/value settings of the method, such as `pickup_store`.
    public let extensionAttributes: [ExtensionAttribute]
    /// The collection store, for click-and-collect methods; nil otherwise.
    public let storeDetails: StoreDetails?

    /// The pickup store id, from the store details or else from the `pickup_store` extension attribute.
    public var pickupStore: Int? {
        storeDetails?.pickupStore ?? extensionAttributes.first { $0.code == "pickup_store" }.flatMap { Int($0.value) }
    }

    /// Whether this is a click-and-collect method.
    public var isClickAndCollect: Bool { methodCode == "storepickup" }

    enum Outer: String, CodingKey { case execute, details }
    enum Execute: String, CodingKey {
        case methodCode = "method_code"
        case carrierCode = "carrier_code"
        case displayName = "display_name"
        case manualPaymentLabel = "manual_payment_label"
        case price
        case isDefault = "is_default"
        case extensionAttributes = "extension_attributes"
    }
    enum Details: String, CodingKey { case storeDetails = "store_details" }

    /// Reads a method from its `execute` part and, when present, the store from its `details` part.
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

/// A code/value setting attached to a delivery method.
public struct ExtensionAttribute: Sendable, Equatable, Decodable {
    /// The setting's code, such as `pickup_store`.
    public let code: String
    /// The setting's value as text; numbers are converted.
    public let value: String

    enum CodingKeys: String, CodingKey { case code, value }

    /// Reads a setting, accepting a number for `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        value = try c.lenientString(.value) ?? ""
    }
}

/// A store where an order can be collected.
public struct StoreDetails: Sendable, Equatable, Decodable {
    /// The store's postal address; every line is nil when the server omits it.
    public struct Address: Sendable, Equatable, Decodable {
        /// First street line.
        public let street1: String?
        /// Second street line, if any.
        public let street2: String?
        /// Town or city.
        public let city: String?
        /// State, county or region.
        public let region: String?
        /// Postal code.
        public let postCode: String?
        /// Country, as the server sends it.
        public let country: String?

        enum CodingKeys: String, CodingKey {
            case street1, street2, city, region
            case postCode = "post_code"
            case country
        }
    }

    /// The store's id, sent back at checkout to choose this store.
    public let pickupStore: Int?
    /// Store name, for display; empty when missing.
    public let name: String
    /// Longer text about the store.
    public let description: String?
    /// Store contact email.
    public let email: String?
    /// Store phone number as text.
    public let telephone: String?
    /// Opening hours in the server's own shape, kept as raw JSON.
    public let openingTimes: RezolveJSON?
    /// Where the store is.
    public let location: RezolveLocation?
    /// The store's postal address.
    public let address: Address?

    enum CodingKeys: String, CodingKey {
        case pickupStore = "pickup_store"
        case name, description, email, telephone
        case openingTimes = "opening_times"
        case location, address
    }

    /// Reads a store, accepting numbers for the id and phone.
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
    /// What the method needs from the customer; either flag is nil when the server leaves it out.
    public struct Requirements: Sendable, Equatable, Decodable {
        /// True when the customer must have a phone on their Rezolve profile.
        public let rezolvePhone: Bool?
        /// True when a wallet card must be chosen; decides ``SupportedPaymentMethod/requiresPaymentRequest``.
        public let rezolveCreditCard: Bool?
        enum CodingKeys: String, CodingKey {
            case rezolvePhone = "rezolve_phone"
            case rezolveCreditCard = "rezolve_credit_card"
        }
    }

    /// The method's code, such as `spgateway` or `cash`; empty when missing.
    public let type: String
    /// Sub-types the method accepts, from its `data` part.
    public let supportedTypes: [String]
    /// Delivery method codes the payment method can be combined with.
    public let supportedShipping: [String]
    /// Card networks accepted, such as `visa`.
    public let supportedNetworks: [String]
    /// What the method needs from the customer; nil when not stated.
    public let requirements: Requirements?
    /// Card brands the method accepts.
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
        case supportedTypes = "supported_types"
        case supportedShipping = "supported_shipping"
        case supportedNetworks = "supported_networks"
        case requirements
    }

    /// Reads a method; a missing or null `data` part leaves its lists empty.
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
