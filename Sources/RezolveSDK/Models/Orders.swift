import Foundation

/// The customer's orders between two dates.
public struct OrderHistory: Sendable, Decodable {
    public let from: String?
    public let to: String?
    public let count: Int
    public let orders: [OrderDetails]

    enum CodingKeys: String, CodingKey { case from, to, count, orders }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        from = try c.decodeIfPresent(String.self, forKey: .from)
        to = try c.decodeIfPresent(String.self, forKey: .to)
        orders = try c.list(OrderDetails.self, .orders)
        count = c.lenientInt(.count) ?? orders.count
    }
}

/// An order's state as Rezolve reports it; values CommerceKit does not know are kept as text.
public enum OrderStatus: Sendable, Equatable, Decodable {
    case pending, preCanceled, cancelled, complete
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "pending": self = .pending
        case "pre-canceled": self = .preCanceled
        case "cancelled", "canceled": self = .cancelled
        case "complete": self = .complete
        default: self = .unknown(rawValue)
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
}

/// One order with its items, delivery, payment and totals.
public struct OrderDetails: Sendable, Decodable {
    public struct ShippingMethod: Sendable, Equatable, Decodable {
        public let methodCode: String?
        public let displayName: String?
        public let carrierCode: String?
        enum CodingKeys: String, CodingKey { case methodCode = "method_code", displayName = "display_name", carrierCode = "carrier_code" }
    }

    public struct PaymentMethod: Sendable, Equatable, Decodable {
        public struct Kind: Sendable, Equatable, Decodable {
            public let code: String?
            public let label: String?
        }
        public struct Details: Sendable, Equatable, Decodable {
            public let payWith: String?
            public let pan4: String?
            enum CodingKeys: String, CodingKey { case payWith = "pay_with", pan4 }
        }
        public let type: Kind?
        public let details: Details?
    }

    public let orderId: String
    public let timestamp: Date?
    public let status: OrderStatus
    /// Sandbox detail: `authorized`, `pay_on_collection`, `awaiting_external`, `approved`, `rejected`, `not_required`.
    public let paymentStatus: String?
    public let merchantId: String?
    public let merchantName: String?
    public let merchantEmail: String?
    public let merchantPhone: String?
    public let partnerId: String?
    public let firstName: String?
    public let lastName: String?
    public let email: String?
    public let phone: Phone?
    public let shippingMethod: ShippingMethod?
    public let shippingAddress: Address?
    public let billingAddress: Address?
    public let storeDetails: StoreDetails?
    public let price: Price?
    public let paymentMethod: PaymentMethod?
    public let items: [OrderProduct]
    public let isVirtual: Bool
    public let geoloc: RezolveLocation?

    enum CodingKeys: String, CodingKey {
        case orderId = "order_id", timestamp, status, paymentStatus = "payment_status", merchantId = "merchant_id"
        case merchantName = "merchant_name", merchantEmail = "merchant_email", merchantPhone = "merchant_phone"
        case partnerId = "partner_id", firstName = "first_name", lastName = "last_name", email, phone
        case shippingMethod = "shipping_method", shippingAddress = "shipping_address_details"
        case billingAddress = "billing_address_details", storeDetails = "store_details", price
        case paymentMethod = "payment_method", items, isVirtual = "is_virtual", geoloc
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let orderId = try c.lenientString(.orderId) else {
            throw DecodingError.keyNotFound(CodingKeys.orderId, .init(codingPath: c.codingPath, debugDescription: "order id"))
        }
        self.orderId = orderId
        timestamp = try c.decodeIfPresent(Date.self, forKey: .timestamp)
        status = try c.decodeIfPresent(OrderStatus.self, forKey: .status) ?? .unknown("")
        paymentStatus = try c.decodeIfPresent(String.self, forKey: .paymentStatus)
        merchantId = try c.lenientString(.merchantId)
        merchantName = try c.decodeIfPresent(String.self, forKey: .merchantName)
        merchantEmail = try c.decodeIfPresent(String.self, forKey: .merchantEmail)
        merchantPhone = try c.lenientString(.merchantPhone)
        partnerId = try c.lenientString(.partnerId)
        firstName = try c.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try c.decodeIfPresent(String.self, forKey: .lastName)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        phone = try c.decodeIfPresent(Phone.self, forKey: .phone)
        shippingMethod = try c.decodeIfPresent(ShippingMethod.self, forKey: .shippingMethod)
        shippingAddress = try c.decodeIfPresent(Address.self, forKey: .shippingAddress)
        billingAddress = try c.decodeIfPresent(Address.self, forKey: .billingAddress)
        storeDetails = try c.decodeIfPresent(StoreDetails.self, forKey: .storeDetails)
        price = try c.decodeIfPresent(Price.self, forKey: .price)
        paymentMethod = try c.decodeIfPresent(PaymentMethod.self, forKey: .paymentMethod)
        items = try c.list(OrderProduct.self, .items)
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
        geoloc = try c.decodeIfPresent(RezolveLocation.self, forKey: .geoloc)
    }
}

/// One line of an order.
public struct OrderProduct: Sendable, Equatable, Decodable {
    public let id: Int?
    public let title: String
    public let subtitle: String?
    public let quantity: Int
    public let price: Decimal?
    public let isVirtual: Bool
    public let isAct: Bool
    public let images: [String]
    public let imageThumbs: RezolveJSON?
    public let configurableOptions: [ConfigurableOption]
    public let customOptions: [CustomConfigurableOption]

    enum CodingKeys: String, CodingKey {
        case id, title, subtitle, quantity, price, isVirtual = "is_virtual", isAct = "is_act", images
        case imageThumbs = "image_thumbs", configurableOptions = "configurable_options", customOptions = "custom_options"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenientInt(.id)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        quantity = c.lenientInt(.quantity) ?? 1
        price = c.decimal(.price)
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
        isAct = try c.decodeIfPresent(Bool.self, forKey: .isAct) ?? false
        images = try c.list(String.self, .images)
        imageThumbs = try c.decodeIfPresent(RezolveJSON.self, forKey: .imageThumbs)
        configurableOptions = try c.list(ConfigurableOption.self, .configurableOptions)
        customOptions = try c.list(CustomConfigurableOption.self, .customOptions)
    }
}
