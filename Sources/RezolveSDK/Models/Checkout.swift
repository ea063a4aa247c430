import Foundation

/// The chosen delivery: a method type with an address (`flatrate`) or a pickup store (`storepickup`).
/// Wire form `{type, address_id}` or `{type, pickup_store}`; an empty address id is left out.
public struct CheckoutShippingMethod: Sendable, Equatable, Encodable {
    public var type: String
    public var addressId: String?
    public var pickupStore: Int?

    public init(type: String, addressId: String) {
        self.type = type
        self.addressId = addressId
    }

    public init(type: String, pickupStore: Int) {
        self.type = type
        self.pickupStore = pickupStore
    }

    enum CodingKeys: String, CodingKey { case type, addressId = "address_id", pickupStore = "pickup_store" }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        if let addressId, !addressId.isEmpty { try c.encode(addressId, forKey: .addressId) }
        try c.encodeIfPresent(pickupStore, forKey: .pickupStore)
    }
}

/// Everything checkout and buy need, for one product or for one cart. Only these two initialisers exist, so a
/// bundle always names exactly one of them.
public struct CheckoutBundle: Sendable {
    public enum Source: Sendable {
        case product(CheckoutProduct)
        case cart(id: String)
    }

    public let source: Source
    public var shippingMethod: CheckoutShippingMethod?
    public var merchantId: String
    public var optionId: String
    public var paymentMethod: SupportedPaymentMethod?
    public var paymentRequest: PaymentRequest?
    public var phoneId: String?
    public var location: RezolveLocation?

    public init(checkoutProduct: CheckoutProduct, shippingMethod: CheckoutShippingMethod?, merchantId: String,
                optionId: String, paymentMethod: SupportedPaymentMethod?, paymentRequest: PaymentRequest?,
                phoneId: String?, location: RezolveLocation?) {
        self.init(source: .product(checkoutProduct), shippingMethod: shippingMethod, merchantId: merchantId,
                  optionId: optionId, paymentMethod: paymentMethod, paymentRequest: paymentRequest, phoneId: phoneId,
                  location: location)
    }

    public init(cartId: String, shippingMethod: CheckoutShippingMethod?, merchantId: String, optionId: String,
                paymentMethod: SupportedPaymentMethod?, paymentRequest: PaymentRequest?, phoneId: String?,
                location: RezolveLocation?) {
        self.init(source: .cart(id: cartId), shippingMethod: shippingMethod, merchantId: merchantId,
                  optionId: optionId, paymentMethod: paymentMethod, paymentRequest: paymentRequest, phoneId: phoneId,
                  location: location)
    }

    private init(source: Source, shippingMethod: CheckoutShippingMethod?, merchantId: String, optionId: String,
                 paymentMethod: SupportedPaymentMethod?, paymentRequest: PaymentRequest?, phoneId: String?,
                 location: RezolveLocation?) {
        self.source = source
        self.shippingMethod = shippingMethod
        self.merchantId = merchantId
        self.optionId = optionId
        self.paymentMethod = paymentMethod
        self.paymentRequest = paymentRequest
        self.phoneId = phoneId
        self.location = location
    }
}

/// A wallet card and the CVV the customer typed. The CVV stays in memory and is encrypted when `buy` builds
/// its request; ``description`` never shows it.
public struct PaymentRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let paymentCard: PaymentCard
    let cvv: String

    public init(paymentCard: PaymentCard, cvv: String) {
        self.paymentCard = paymentCard
        self.cvv = cvv
    }

    public var description: String { "PaymentRequest(card: \(paymentCard.id ?? "new"), cvv: •••)" }
    public var debugDescription: String { description }
}

/// The totals of a checkout; ``id`` is the order id that `buy` takes.
public struct Price: Sendable, Equatable, Decodable {
    public let id: String?
    public let finalPrice: Decimal
    public let priceBreakdowns: [PriceBreakdown]
    public let additionalAttributes: [AdditionalAttribute]

    enum CodingKeys: String, CodingKey {
        case id, finalPrice = "final_price", priceBreakdowns = "price_breakdown", additionalAttributes = "additional_attributes"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        guard let finalPrice = c.decimal(.finalPrice) else {
            throw DecodingError.keyNotFound(CodingKeys.finalPrice, .init(codingPath: c.codingPath, debugDescription: "final price"))
        }
        self.finalPrice = finalPrice
        priceBreakdowns = try c.list(PriceBreakdown.self, .priceBreakdowns)
        additionalAttributes = try c.list(AdditionalAttribute.self, .additionalAttributes)
    }
}

/// One line of a price: `subtotal`, `shipping` or `tax`.
public struct PriceBreakdown: Sendable, Equatable, Decodable {
    public let type: String
    public let amount: Decimal

    enum CodingKeys: String, CodingKey { case type, amount }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        amount = c.decimal(.amount) ?? 0
    }
}

/// The answer to `buy`: the order, the merchant's contact details and, for external payments, the payment id.
/// A successful buy means the request was accepted, not that the order is fulfilled.
public struct CheckoutOrder: Sendable, Equatable, Decodable {
    public let id: String
    public let merchantId: String?
    public let partnerId: String?
    public let partnerName: String?
    public let name: String?
    public let email: String?
    public let phoneNumber: String?
    public let paymentMethod: String?
    public let data: [String: RezolveJSON]

    /// The id the partner's server reports an external payment's outcome with (`data.callback.payment_id`).
    public var externalPaymentId: String? { data["callback"]?["payment_id"]?.stringValue }

    enum CodingKeys: String, CodingKey {
        case id = "order_id", merchantId = "merchant_id", partnerId = "partner_id", partnerName = "partner_name"
        case name, email, phoneNumber = "phone_number", paymentMethod = "payment_method", data
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "order id"))
        }
        self.id = id
        merchantId = try c.lenientString(.merchantId)
        partnerId = try c.lenientString(.partnerId)
        partnerName = try c.decodeIfPresent(String.self, forKey: .partnerName)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        phoneNumber = try c.lenientString(.phoneNumber)
        paymentMethod = try c.decodeIfPresent(String.self, forKey: .paymentMethod)
        // `data` is `{}` for most methods; a list or null counts as empty.
        data = (try? c.decodeIfPresent([String: RezolveJSON].self, forKey: .data)) ?? [:]
    }
}
