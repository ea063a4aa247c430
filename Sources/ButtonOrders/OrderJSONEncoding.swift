import CommerceCore
import Foundation

// The request body is built as a JSONValue (not through JSONEncoder) because local validation runs on the
// JSON form, the same form the sandbox validates; building it once keeps what is checked and what is sent
// identical. Keys come out in a fixed order and `nil` optionals are left out.

extension OrderPayload {
    /// The request body. `includingOrderId` is false for an update whose ``orderId`` is empty, which Button
    /// reads as "the id in the path".
    func jsonValue(includingOrderId: Bool) -> JSONValue {
        var object = JSONObject()
        object["total"] = .integer(total)
        object["currency"] = .string(currency)
        if includingOrderId { object["order_id"] = .string(orderId) }
        object["purchase_date"] = .string(OrderDateFormat.string(from: purchaseDate))
        if let finalizationDate {
            object["finalization_date"] = .string(OrderDateFormat.string(from: finalizationDate))
        }
        if let btnRef { object["btn_ref"] = .string(btnRef) }
        if let customer { object["customer"] = customer.jsonValue }
        if let customerOrderId { object["customer_order_id"] = .string(customerOrderId) }
        if let lineItems { object["line_items"] = .array(lineItems.map(\.jsonValue)) }
        if let legacyAdvertisingId { object["advertising_id"] = .string(legacyAdvertisingId) }
        return .object(object)
    }
}

extension OrderCustomer {
    var jsonValue: JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        if let emailSHA256 { object["email_sha256"] = .string(emailSHA256) }
        if let advertisingId { object["advertising_id"] = .string(advertisingId) }
        return .object(object)
    }
}

extension OrderLineItem {
    var jsonValue: JSONValue {
        var object = JSONObject()
        object["identifier"] = .string(identifier)
        if let total { object["total"] = .integer(total) }
        if let amount { object["amount"] = .integer(amount) }
        if let quantity { object["quantity"] = .integer(Int64(quantity)) }
        if let sku { object["sku"] = .string(sku) }
        if let upc { object["upc"] = .string(upc) }
        if let category { object["category"] = .array(category.map(JSONValue.string)) }
        if let itemDescription { object["description"] = .string(itemDescription) }
        if let attributes {
            // Sorted so the body is byte-for-byte stable across runs (dictionary order is random).
            object["attributes"] = .object(
                JSONObject(attributes.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
        }
        return .object(object)
    }
}

/// Button's date style: UTC with `Z`, and `.SSS` only when the milliseconds are not zero.
enum OrderDateFormat {
    static func string(from date: Date) -> String {
        ISO8601.format(date, fraction: .millisecondsWhenNonZero)
    }
}
