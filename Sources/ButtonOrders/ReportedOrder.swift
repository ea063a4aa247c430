import CommerceCore
import Foundation

/// An order as Button holds it, returned by every ``ButtonClient/Orders`` call that reads or writes one.
///
/// Decoding is deliberately forgiving: unknown keys are ignored, and a field that is missing, `null` or of
/// an unexpected type falls back to `nil` (or an empty value) instead of failing the whole call. The order
/// was accepted by the server either way, and a client should not break because a field changed shape.
public struct ReportedOrder: Sendable, Equatable, Decodable {
    /// Button's own id, `btnorder-` plus 16 hex digits. Empty if the server did not send one.
    public var buttonOrderId: String
    /// The merchant's order id.
    public var orderId: String
    /// The order total in the currency's minor unit.
    public var total: Int64
    /// The ISO 4217 code.
    public var currency: String
    /// When the purchase happened; `nil` if the server sent none or an unreadable value.
    public var purchaseDate: Date?
    /// The effective finalization date: the one sent, possibly capped, or the organisation default.
    public var finalizationDate: Date?
    /// The attribution token the order is credited to.
    public var btnRef: String?
    /// The customer as stored; Button lower-cases ``OrderCustomer/emailSHA256``.
    public var customer: OrderCustomer?
    /// The customer-facing order number.
    public var customerOrderId: String?
    /// The line items, with ``OrderLineItem/amount`` as computed by the server.
    public var lineItems: [OrderLineItem]
    /// Open, finalized or deleted.
    public var status: OrderStatus
    /// The echo of the deprecated top-level advertising id (JSON `ifa`).
    public var advertisingId: String?

    /// Builds an order by hand, for example to stub ``ButtonClient`` responses in an app's own tests.
    public init(
        buttonOrderId: String, orderId: String, total: Int64, currency: String, purchaseDate: Date?,
        finalizationDate: Date?, btnRef: String? = nil, customer: OrderCustomer? = nil,
        customerOrderId: String? = nil, lineItems: [OrderLineItem] = [], status: OrderStatus,
        advertisingId: String? = nil
    ) {
        self.buttonOrderId = buttonOrderId
        self.orderId = orderId
        self.total = total
        self.currency = currency
        self.purchaseDate = purchaseDate
        self.finalizationDate = finalizationDate
        self.btnRef = btnRef
        self.customer = customer
        self.customerOrderId = customerOrderId
        self.lineItems = lineItems
        self.status = status
        self.advertisingId = advertisingId
    }

    /// Decodes the `object` of a response envelope (or any JSON of the same shape) leniently.
    public init(from decoder: Decoder) throws {
        self.init(json: try JSONValue(from: decoder))
    }

    /// Reads an order object. Never fails: see the type's discussion for the fallbacks.
    init(json: JSONValue) {
        buttonOrderId = json["button_order_id"]?.stringValue ?? ""
        orderId = json["order_id"]?.stringValue ?? ""
        total = json["total"]?.integerValue ?? 0
        currency = json["currency"]?.stringValue ?? ""
        purchaseDate = json["purchase_date"]?.stringValue.flatMap(ISO8601.parse)
        finalizationDate = json["finalization_date"]?.stringValue.flatMap(ISO8601.parse)
        btnRef = json["btn_ref"]?.stringValue
        customer = json["customer"].flatMap(OrderCustomer.init(lenient:))
        customerOrderId = json["customer_order_id"]?.stringValue
        lineItems = (json["line_items"]?.arrayValue ?? []).compactMap(OrderLineItem.init(lenient:))
        status = json["status"]?.stringValue.map(OrderStatus.init(rawValue:)) ?? .unknown("")
        advertisingId = json["ifa"]?.stringValue ?? json["advertising_id"]?.stringValue
    }
}

extension OrderCustomer {
    /// `nil` unless `json` is an object; a missing id becomes empty.
    init?(lenient json: JSONValue) {
        guard json.objectValue != nil else { return nil }
        self.init(
            id: json["id"]?.stringValue ?? "",
            emailSHA256: json["email_sha256"]?.stringValue,
            advertisingId: json["advertising_id"]?.stringValue)
    }
}

extension OrderLineItem {
    /// `nil` unless `json` is an object. Non-string categories and attribute values are dropped.
    init?(lenient json: JSONValue) {
        guard json.objectValue != nil else { return nil }
        var attributes: [String: String]?
        if let object = json["attributes"]?.objectValue {
            attributes = [:]
            for (key, value) in object { if let text = value.stringValue { attributes?[key] = text } }
        }
        self.init(
            identifier: json["identifier"]?.stringValue ?? "",
            total: json["total"]?.integerValue,
            amount: json["amount"]?.integerValue,
            quantity: json["quantity"]?.integerValue.flatMap { Int(exactly: $0) },
            sku: json["sku"]?.stringValue,
            upc: json["upc"]?.stringValue,
            category: json["category"]?.arrayValue?.compactMap(\.stringValue),
            itemDescription: json["description"]?.stringValue,
            attributes: attributes)
    }
}
