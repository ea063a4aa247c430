import Foundation

/// The chosen delivery: a method type with an address (`flatrate`) or a pickup store (`storepickup`).
/// Wire form `{type, address_id}` or `{type, pickup_store}`; an empty address id is left out.
public struct CheckoutShippingMethod: Sendable, Equatable, Encodable {
    /// The delivery method code, such as `flatrate` or `storepickup`.
    public var type: String
    /// Id of the address book entry to ship to; nil (or empty) for collection.
    public var addressId: String?
    /// Id of the store to collect from; nil when the order ships.
    public var pickupStore: Int?

    /// Chooses delivery to an address from the customer's address book. The id is optional because an
    /// ``Address`` read back has an optional id, which the Rezolve document passes as is; without one the server
    /// refuses the checkout, naming the address.
    public init(type: String, addressId: String?) {
        self.type = type
        self.addressId = addressId
    }

    /// Chooses collection from a store, by the id a ``StoreDetails`` reports.
    public init(type: String, pickupStore: Int) {
        self.type = type
        self.pickupStore = pickupStore
    }

    enum CodingKeys: String, CodingKey {
        case type
        case addressId = "address_id"
        case pickupStore = "pickup_store"
    }

    /// Writes `{type, address_id}` or `{type, pickup_store}`, leaving out an empty address id.
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
    /// What is being checked out: a single product, or a cart already on the server.
    public enum Source: Sendable {
        /// Buy one product directly ("instant buy").
        case product(CheckoutProduct)
        /// Buy a server-side cart, by its id.
        case cart(id: String)
    }

    /// The product or cart this bundle checks out.
    public let source: Source
    /// The delivery chosen; nil until the customer picks one (checkout can quote without it).
    public var shippingMethod: CheckoutShippingMethod?
    /// Id of the merchant selling.
    public var merchantId: String
    /// Id of the ``PaymentOption`` the delivery and payment methods were taken from.
    public var optionId: String
    /// The payment method chosen; nil until the customer picks one.
    public var paymentMethod: SupportedPaymentMethod?
    /// Wallet card and CVV, when ``SupportedPaymentMethod/requiresPaymentRequest`` is true; nil otherwise.
    public var paymentRequest: PaymentRequest?
    /// Id of the customer's phone book entry, for methods that require a phone.
    public var phoneId: String?
    /// Where the customer is when ordering, if known.
    public var location: RezolveLocation?

    /// A bundle for buying one product directly.
    public init(
        checkoutProduct: CheckoutProduct, shippingMethod: CheckoutShippingMethod?, merchantId: String,
        optionId: String, paymentMethod: SupportedPaymentMethod?, paymentRequest: PaymentRequest?,
        phoneId: String?, location: RezolveLocation?
    ) {
        self.init(
            source: .product(checkoutProduct), shippingMethod: shippingMethod, merchantId: merchantId,
            optionId: optionId, paymentMethod: paymentMethod, paymentRequest: paymentRequest, phoneId: phoneId,
            location: location)
    }

    /// A bundle for buying the contents of a server-side cart, by its id.
    public init(
        cartId: String, shippingMethod: CheckoutShippingMethod?, merchantId: String, optionId: String,
        paymentMethod: SupportedPaymentMethod?, paymentRequest: PaymentRequest?, phoneId: String?,
        location: RezolveLocation?
    ) {
        self.init(
            source: .cart(id: cartId), shippingMethod: shippingMethod, merchantId: merchantId,
            optionId: optionId, paymentMethod: paymentMethod, paymentRequest: paymentRequest, phoneId: phoneId,
            location: location)
    }

    private init(
        source: Source, shippingMethod: CheckoutShippingMethod?, merchantId: String, optionId: String,
        paymentMethod: SupportedPaymentMethod?, paymentRequest: PaymentRequest?, phoneId: String?,
        location: RezolveLocation?
    ) {
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
    /// The wallet card to charge.
    public let paymentCard: PaymentCard
    let cvv: String

    /// Pairs a wallet card with the CVV the customer just typed; the CVV is never stored.
    public init(paymentCard: PaymentCard, cvv: String) {
        self.paymentCard = paymentCard
        self.cvv = cvv
    }

    /// Names the card by id and masks the CVV.
    public var description: String { "PaymentRequest(card: \(paymentCard.id ?? "new"), cvv: •••)" }
    /// Same as ``description``, so the CVV is masked in the debugger too.
    public var debugDescription: String { description }
}

/// The totals of a checkout; ``id`` is the order id that `buy` takes.
public struct Price: Sendable, Equatable, Decodable {
    /// The order id to pass to `buy`, as text; nil when the reply carries none.
    public let id: String?
    /// What the customer pays in total, in the merchant's currency.
    public let finalPrice: Decimal
    /// The lines that make up the total (subtotal, shipping, tax).
    public let priceBreakdowns: [PriceBreakdown]
    /// Extra code/value attributes the server attaches to the totals.
    public let additionalAttributes: [AdditionalAttribute]

    enum CodingKeys: String, CodingKey {
        case id
        case finalPrice = "final_price"
        case priceBreakdowns = "price_breakdown"
        case additionalAttributes = "additional_attributes"
    }

    /// Reads totals, accepting amounts sent as text or number.
    /// - Throws: `DecodingError.keyNotFound` when `final_price` is missing or unreadable.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.lenientString(.id)
        guard let finalPrice = c.decimal(.finalPrice) else {
            throw DecodingError.keyNotFound(
                CodingKeys.finalPrice, .init(codingPath: c.codingPath, debugDescription: "final price"))
        }
        self.finalPrice = finalPrice
        priceBreakdowns = try c.list(PriceBreakdown.self, .priceBreakdowns)
        additionalAttributes = try c.list(AdditionalAttribute.self, .additionalAttributes)
    }
}

/// One line of a price: `subtotal`, `shipping` or `tax`.
public struct PriceBreakdown: Sendable, Equatable, Decodable {
    /// Which line this is, such as `subtotal`, `shipping` or `tax`; empty when missing.
    public let type: String
    /// The amount in the merchant's currency; 0 when missing or unreadable.
    public let amount: Decimal

    enum CodingKeys: String, CodingKey { case type, amount }

    /// Reads a line, accepting an amount sent as text or number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
        amount = c.decimal(.amount) ?? 0
    }
}

/// The answer to `buy`: the order, the merchant's contact details and, for external payments, the payment id.
/// A successful buy means the request was accepted, not that the order is fulfilled.
public struct CheckoutOrder: Sendable, Equatable, Decodable {
    /// Rezolve's id for the new order, read from `order_id`.
    public let id: String
    /// Id of the merchant that took the order.
    public let merchantId: String?
    /// Id of the partner the order came through.
    public let partnerId: String?
    /// Name of the partner the order came through.
    public let partnerName: String?
    /// The merchant's contact name.
    public let name: String?
    /// The merchant's contact email.
    public let email: String?
    /// The merchant's contact phone, as text.
    public let phoneNumber: String?
    /// Code of the payment method used, such as `external`.
    public let paymentMethod: String?
    /// Method-specific extras; empty for most methods, and for a list or null.
    public let data: [String: RezolveJSON]

    /// The id the partner's server reports an external payment's outcome with (`data.callback.payment_id`).
    public var externalPaymentId: String? { data["callback"]?["payment_id"]?.stringValue }

    enum CodingKeys: String, CodingKey {
        case id = "order_id"
        case merchantId = "merchant_id"
        case partnerId = "partner_id"
        case partnerName = "partner_name"
        case name, email
        case phoneNumber = "phone_number"
        case paymentMethod = "payment_method"
        case data
    }

    /// Reads a buy reply, accepting ids sent as numbers.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try c.lenientString(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "order id"))
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
