import Foundation

/// The customer's orders between two dates.
public struct OrderHistory: Sendable, Decodable {
    /// First day of the range as `YYYY-MM-DD`, as the server echoes it; nil when the reply leaves it out.
    public let from: String?
    /// Last day of the range as `YYYY-MM-DD`; nil when the reply leaves it out.
    public let to: String?
    /// Number of orders the server reports; falls back to the length of ``orders`` when the count is missing.
    public let count: Int
    /// The orders placed in the range.
    public let orders: [OrderDetails]

    enum CodingKeys: String, CodingKey { case from, to, count, orders }

    /// Reads the reply of the order-history call, accepting a count sent as text or number.
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
    /// Bought (by card, cash or an external payment) and waiting for the merchant to complete it.
    case pending
    /// Cancelled by the merchant (`pre-canceled`); it becomes ``cancelled`` next.
    case preCanceled
    /// Cancelled for good, by the merchant or because an external payment was rejected (Rezolve writes
    /// `cancelled` or `canceled`).
    case cancelled
    /// Completed by the merchant; Acts and free orders are complete as soon as they are bought.
    case complete
    /// A status CommerceKit does not know, kept as the server's text (empty when the reply has none).
    case unknown(String)

    /// Maps Rezolve's status text (`pre-canceled`, either spelling of `cancelled`, …) to a case; anything else becomes
    /// ``unknown(_:)``.
    public init(rawValue: String) {
        switch rawValue {
        case "pending": self = .pending
        case "pre-canceled": self = .preCanceled
        case "cancelled", "canceled": self = .cancelled
        case "complete": self = .complete
        default: self = .unknown(rawValue)
        }
    }

    /// Reads the status from a single JSON string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
}

/// One order with its items, delivery, payment and totals.
public struct OrderDetails: Sendable, Decodable {
    /// How the order is delivered, as the merchant named it; every field is nil when the merchant sent none.
    public struct ShippingMethod: Sendable, Equatable, Decodable {
        /// The merchant's code for the method, sent back when choosing it.
        public let methodCode: String?
        /// The name to show the customer.
        public let displayName: String?
        /// The carrier's code, when the method names one.
        public let carrierCode: String?
        enum CodingKeys: String, CodingKey {
            case methodCode = "method_code"
            case displayName = "display_name"
            case carrierCode = "carrier_code"
        }
    }

    /// How the order was paid.
    public struct PaymentMethod: Sendable, Equatable, Decodable {
        /// The payment type, as a machine code and a label for people.
        public struct Kind: Sendable, Equatable, Decodable {
            /// Machine code of the payment type.
            public let code: String?
            /// Label of the payment type, for display.
            public let label: String?
        }
        /// Which card paid, when the method used a wallet card.
        public struct Details: Sendable, Equatable, Decodable {
            /// Id of the wallet card that paid.
            public let payWith: String?
            /// Last four digits of the card that paid.
            public let pan4: String?
            enum CodingKeys: String, CodingKey {
                case payWith = "pay_with"
                case pan4
            }
        }
        /// The payment type; nil when the order reports none.
        public let type: Kind?
        /// The card that paid; nil when no wallet card was used.
        public let details: Details?
    }

    /// Rezolve's id for the order, as text even when the server sends a number.
    public let orderId: String
    /// When the order was placed; nil when the reply has no timestamp.
    public let timestamp: Date?
    /// The order's state; ``OrderStatus/unknown(_:)`` with empty text when the reply has none.
    public let status: OrderStatus
    /// Sandbox detail: `authorized`, `pay_on_collection`, `awaiting_external`, `approved`, `rejected`, `not_required`.
    public let paymentStatus: String?
    /// Id of the merchant that took the order.
    public let merchantId: String?
    /// Merchant's name, for display.
    public let merchantName: String?
    /// Merchant's contact email.
    public let merchantEmail: String?
    /// Merchant's contact phone, as text.
    public let merchantPhone: String?
    /// Id of the partner the order came through.
    public let partnerId: String?
    /// Customer's first name as given on the order.
    public let firstName: String?
    /// Customer's last name as given on the order.
    public let lastName: String?
    /// Customer's email as given on the order.
    public let email: String?
    /// Customer's phone on the order; nil when none was given.
    public let phone: Phone?
    /// The delivery method chosen; nil when the reply has none.
    public let shippingMethod: ShippingMethod?
    /// Where the order ships; nil when nothing ships.
    public let shippingAddress: Address?
    /// The billing address; nil when the order carries none.
    public let billingAddress: Address?
    /// The store the order is collected from, for click-and-collect orders; nil otherwise.
    public let storeDetails: StoreDetails?
    /// The order's totals.
    public let price: Price?
    /// How the order was paid; nil when the reply leaves it out.
    public let paymentMethod: PaymentMethod?
    /// The order's lines; empty when the reply has none.
    public let items: [OrderProduct]
    /// True when nothing in the order is shipped; false when the reply does not say.
    public let isVirtual: Bool
    /// Where the customer was when ordering; nil when not recorded.
    public let geoloc: RezolveLocation?

    enum CodingKeys: String, CodingKey {
        case orderId = "order_id"
        case timestamp, status
        case paymentStatus = "payment_status"
        case merchantId = "merchant_id"
        case merchantName = "merchant_name"
        case merchantEmail = "merchant_email"
        case merchantPhone = "merchant_phone"
        case partnerId = "partner_id"
        case firstName = "first_name"
        case lastName = "last_name"
        case email, phone
        case shippingMethod = "shipping_method"
        case shippingAddress = "shipping_address_details"
        case billingAddress = "billing_address_details"
        case storeDetails = "store_details"
        case price
        case paymentMethod = "payment_method"
        case items
        case isVirtual = "is_virtual"
        case geoloc
    }

    /// Reads an order, accepting ids sent as text or number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let orderId = try c.lenientString(.orderId) else {
            throw DecodingError.keyNotFound(
                CodingKeys.orderId, .init(codingPath: c.codingPath, debugDescription: "order id"))
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
    /// Product id; nil when the line has none.
    public let id: Int?
    /// Product title; empty when the reply has none.
    public let title: String
    /// Second line of the title, if any.
    public let subtitle: String?
    /// Units ordered; 1 when the reply does not say.
    public let quantity: Int
    /// Unit price in the order's currency; nil when missing or unreadable.
    public let price: Decimal?
    /// True when the line ships nothing.
    public let isVirtual: Bool
    /// True when the line is an Act rather than a product.
    public let isAct: Bool
    /// Image addresses, in the order the server sends them.
    public let images: [String]
    /// Thumbnail addresses as the server sends them, kept as raw JSON.
    public let imageThumbs: RezolveJSON?
    /// The configurable options (size, colour, …) chosen for the line.
    public let configurableOptions: [ConfigurableOption]
    /// The free-form custom options chosen for the line.
    public let customOptions: [CustomConfigurableOption]

    enum CodingKeys: String, CodingKey {
        case id, title, subtitle, quantity, price
        case isVirtual = "is_virtual"
        case isAct = "is_act"
        case images
        case imageThumbs = "image_thumbs"
        case configurableOptions = "configurable_options"
        case customOptions = "custom_options"
    }

    /// Reads a line, with defaults for a missing title and quantity.
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
