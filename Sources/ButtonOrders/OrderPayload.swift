import CommerceCore
import Foundation

/// The state of an order as the merchant reports it, for both create and update.
///
/// Money is in the currency's minor unit (5000 is $50.00 in USD). Optional properties left `nil` are
/// omitted from the JSON. Encoding with `JSONEncoder` produces the same keys and date text that
/// ``ButtonClient`` sends.
public struct OrderPayload: Codable, Sendable, Equatable {
    /// The commissionable total, at least 0.
    public var total: Int64
    /// ISO 4217 code in upper case, such as `USD`.
    public var currency: String
    /// The merchant's order id: 1–255 printable ASCII characters. On update it must equal the id in the
    /// path; leave it empty to omit it from an update body.
    public var orderId: String
    /// When the purchase happened; sent in UTC with milliseconds only when they are non-zero.
    public var purchaseDate: Date
    /// Overrides the organisation's default finalization date. Only send it when Button asks you to.
    public var finalizationDate: Date?
    /// The attribution token from the app (`ButtonMerchant.attributionToken`).
    public var btnRef: String?
    /// The shopper, identified by the merchant's customer id and optionally a hashed email.
    public var customer: OrderCustomer?
    /// The order number the shopper sees, when it differs from ``orderId``.
    public var customerOrderId: String?
    /// What was bought; many publishers require line items even though the API does not.
    public var lineItems: [OrderLineItem]?
    /// Stored separately so the deprecated accessor below is the only place that warns.
    var legacyAdvertisingId: String?

    /// The top-level advertising id (JSON `advertising_id`), which Button has deprecated in favour of
    /// ``OrderCustomer/advertisingId``.
    @available(*, deprecated, message: "Use customer.advertisingId")
    public var advertisingId: String? {
        get { legacyAdvertisingId }
        set { legacyAdvertisingId = newValue }
    }

    /// Creates a payload; the deprecated top-level advertising id is left out.
    public init(
        total: Int64, currency: String, orderId: String, purchaseDate: Date,
        finalizationDate: Date? = nil, btnRef: String? = nil, customer: OrderCustomer? = nil,
        customerOrderId: String? = nil, lineItems: [OrderLineItem]? = nil
    ) {
        self.total = total
        self.currency = currency
        self.orderId = orderId
        self.purchaseDate = purchaseDate
        self.finalizationDate = finalizationDate
        self.btnRef = btnRef
        self.customer = customer
        self.customerOrderId = customerOrderId
        self.lineItems = lineItems
    }

    enum CodingKeys: String, CodingKey {
        case total, currency
        case orderId = "order_id"
        case purchaseDate = "purchase_date"
        case finalizationDate = "finalization_date"
        case btnRef = "btn_ref"
        case customer
        case customerOrderId = "customer_order_id"
        case lineItems = "line_items"
        case advertisingId = "advertising_id"
    }

    /// Reads an order body in Button's JSON form; dates must be ISO-8601 date-times with a zone.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int64.self, forKey: .total)
        currency = try container.decode(String.self, forKey: .currency)
        orderId = try container.decodeIfPresent(String.self, forKey: .orderId) ?? ""
        guard let purchaseDate = try Self.decodeDate(container, .purchaseDate) else {
            throw DecodingError.valueNotFound(
                Date.self,
                DecodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.purchaseDate],
                    debugDescription: "purchase_date is null"))
        }
        self.purchaseDate = purchaseDate
        finalizationDate = try Self.decodeDate(container, .finalizationDate)
        btnRef = try container.decodeIfPresent(String.self, forKey: .btnRef)
        customer = try container.decodeIfPresent(OrderCustomer.self, forKey: .customer)
        customerOrderId = try container.decodeIfPresent(String.self, forKey: .customerOrderId)
        lineItems = try container.decodeIfPresent([OrderLineItem].self, forKey: .lineItems)
        legacyAdvertisingId = try container.decodeIfPresent(String.self, forKey: .advertisingId)
    }

    /// Encodes exactly the JSON the client sends, so the two can never drift apart.
    public func encode(to encoder: Encoder) throws {
        try jsonValue(includingOrderId: true).encode(to: encoder)
    }

    /// `nil` when the key is absent or null; a string that is not an ISO-8601 date-time is an error.
    private static func decodeDate(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = ISO8601.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "Not an ISO-8601 date-time with a zone: \(text)")
        }
        return date
    }
}
