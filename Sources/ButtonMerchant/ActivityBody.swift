import CommerceCore
import Foundation

/// The JSON parameters of `POST /v1/app/activity`, before the envelope is added.
enum ActivityBody {
    /// `products == nil` leaves the key out; an empty array is sent as `[]`.
    static func parameters(name: String, products: [JSONValue]?, attributionToken: String?) -> JSONObject {
        var body = JSONObject()
        if let attributionToken { body["btn_ref"] = .string(attributionToken) }
        var data: JSONObject = ["name": .string(name)]
        if let products { data["products"] = .array(products) }
        body["activity_data"] = .object(data)
        return body
    }

    /// Products are turned into JSON on the caller's thread, so the caller's objects never cross threads.
    static func products(_ products: [ButtonProductCompatible]) -> [JSONValue] {
        products.map(product)
    }

    static func product(_ product: ButtonProductCompatible) -> JSONValue {
        var object = JSONObject()
        if let id = product.id { object["id"] = .string(id) }
        if let upc = product.upc { object["upc"] = .string(upc) }
        if let categories = product.categories { object["categories"] = .array(categories.map(JSONValue.string)) }
        if let name = product.name { object["name"] = .string(name) }
        if let currency = product.currency { object["currency"] = .string(currency) }
        // Zero means "not provided" for these two, as in 1.8.0.
        if product.value != 0 { object["value"] = .integer(Int64(product.value)) }
        if product.quantity != 0 { object["quantity"] = .integer(Int64(product.quantity)) }
        if let url = product.url { object["url"] = .string(url) }
        if let attributes = product.attributes { object["attributes"] = .object(stringMap(attributes)) }
        return .object(object)
    }
}
