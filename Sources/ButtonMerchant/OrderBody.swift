import CommerceCore
import Foundation

/// The JSON parameters of `POST /v1/app/order`, before the envelope is added.
enum OrderBody {
    static func parameters(for order: Order, attributionToken: String?, timeZone: TimeZone) -> JSONObject {
        var body = JSONObject()
        if let attributionToken { body["btn_ref"] = .string(attributionToken) }
        body["order_id"] = .string(order.id)
        body["currency"] = .string(order.currencyCode)
        body["purchase_date"] = .string(ButtonDateFormat.string(from: order.purchaseDate, timeZone: timeZone))
        if let customerOrderId = order.customerOrderId { body["customer_order_id"] = .string(customerOrderId) }
        // Always present, even when empty: the endpoint requires the key, and there is no order-level amount.
        body["line_items"] = .array(order.lineItems.map(lineItem))
        if let customer = order.customer {
            var object: JSONObject = ["id": .string(customer.id)]
            if let isNew = customer.isNew { object["is_new"] = .bool(isNew) }
            body["customer"] = .object(object)
        }
        return body
    }

    private static func lineItem(_ item: LineItem) -> JSONValue {
        var object: JSONObject = [
            "identifier": .string(item.id),
            "total": .integer(item.total),
            "quantity": .integer(Int64(item.quantity)),
        ]
        if let description = item.itemDescription { object["description"] = .string(description) }
        if let sku = item.sku { object["sku"] = .string(sku) }
        if let upc = item.upc { object["upc"] = .string(upc) }
        if let category = item.category { object["category"] = .array(category.map(JSONValue.string)) }
        if let attributes = item.attributes { object["attributes"] = .object(stringMap(attributes)) }
        return .object(object)
    }
}

/// A string dictionary as a JSON object, keys sorted so bodies are reproducible.
func stringMap(_ dictionary: [String: String]) -> JSONObject {
    JSONObject(dictionary.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
}
