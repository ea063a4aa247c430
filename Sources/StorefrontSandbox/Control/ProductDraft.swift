import CommerceCore
import Foundation
import GRDB

/// The body of `POST /sandbox/storefront/shops/{id}/products` (spec §5.16), checked field by field. It
/// carries the same columns as a demo-catalog product (§5.5):
///
/// ```json
/// {"title":"Racer","handle":"racer","productType":"sneaker","vendor":"Sandbox Athletics","tags":["red"],
///  "description":"…","optionName":"Size","requiresShipping":true,"createdAt":"2019-01-01T00:00:00Z",
///  "updatedAt":"…","sales":0,"variants":[{"title":"8","price":"99.00","inventory":5}],
///  "images":[{"name":"racer-1","altText":"Racer"}],"collections":[1]}
/// ```
///
/// Only `title` and `variants` (each with a `price`) are required. Variant and image IDs follow the demo
/// catalog's scheme, `10 × product id + n`, so a product holds at most 9 of each and IDs never collide with
/// a demo catalog seeded later.
struct ProductDraft {
    struct Variant {
        let title: String
        let priceCents: Int64
        /// `nil`: stock not tracked.
        let inventory: Int64?
    }

    struct Image {
        let name: String?
        let altText: String?
    }

    /// A field that failed the checks, named as in the body (`variants[0].price`).
    struct Invalid: Error {
        let field: String
        let message: String
    }

    var title = ""
    var handle = ""
    var productType = ""
    var vendor = ""
    var tags: [String] = []
    var description = ""
    var optionName = "Title"
    var requiresShipping = true
    var createdAt: Date?
    var updatedAt: Date?
    var sales: Int64 = 0
    var variants: [Variant] = []
    var images: [Image] = []
    /// Collection numeric IDs (or Base64 / raw global IDs, decoded when written).
    var collections: [JSONValue] = []

    static func parse(_ body: JSONObject) throws(Invalid) -> ProductDraft {
        var draft = ProductDraft()
        draft.title = try text(body, "title", required: true) ?? ""
        draft.handle = try text(body, "handle") ?? handleize(draft.title)
        guard !draft.handle.isEmpty else {
            throw Invalid(field: "handle", message: "handle must contain a letter or digit")
        }
        draft.productType = try text(body, "productType", allowBlank: true) ?? ""
        draft.vendor = try text(body, "vendor", allowBlank: true) ?? ""
        draft.description = try text(body, "description", allowBlank: true) ?? ""
        draft.optionName = try text(body, "optionName") ?? "Title"
        if let tags = body["tags"] {
            guard let list = tags.arrayValue, let strings = Optional(list.compactMap(\.stringValue)),
                strings.count == list.count
            else {
                throw Invalid(field: "tags", message: "tags must be a list of strings")
            }
            draft.tags = strings
        }
        if let ships = body["requiresShipping"] {
            guard let flag = ships.boolValue else {
                throw Invalid(field: "requiresShipping", message: "requiresShipping must be true or false")
            }
            draft.requiresShipping = flag
        }
        draft.createdAt = try date(body, "createdAt")
        draft.updatedAt = try date(body, "updatedAt")
        if let sales = body["sales"] {
            guard let count = sales.integerValue, count >= 0 else {
                throw Invalid(field: "sales", message: "sales must be an integer of 0 or more")
            }
            draft.sales = count
        }
        guard let variants = body["variants"]?.arrayValue, (1...maximumPerProduct).contains(variants.count) else {
            throw Invalid(field: "variants", message: "variants must be a list of 1 to \(maximumPerProduct) objects")
        }
        for (index, item) in variants.enumerated() {
            let path = "variants[\(index)]"
            guard let variant = item.objectValue else {
                throw Invalid(field: path, message: "\(path) must be an object")
            }
            let title =
                try text(variant, "title", path: path)
                ?? (variants.count == 1 ? "Default Title" : "Variant \(index + 1)")
            guard let price = variant["price"] else {
                throw Invalid(field: "\(path).price", message: "price is required")
            }
            let cents = try priceCents(price, field: "\(path).price")
            let inventory = try inventory(variant["inventory"], field: "\(path).inventory")
            draft.variants.append(Variant(title: title, priceCents: cents, inventory: inventory))
        }
        if let images = body["images"] {
            guard let list = images.arrayValue, list.count <= maximumPerProduct else {
                throw Invalid(field: "images", message: "images must be a list of at most \(maximumPerProduct) objects")
            }
            for (index, item) in list.enumerated() {
                let path = "images[\(index)]"
                guard let image = item.objectValue else {
                    throw Invalid(field: path, message: "\(path) must be an object")
                }
                let name = try text(image, "name", path: path)
                if let name, name.range(of: "^[A-Za-z0-9_-]+$", options: .regularExpression) == nil {
                    throw Invalid(field: "\(path).name", message: "name may hold letters, digits, - and _ only")
                }
                draft.images.append(
                    Image(name: name, altText: try text(image, "altText", path: path, allowBlank: true)))
            }
        }
        if let collections = body["collections"] {
            guard let list = collections.arrayValue else {
                throw Invalid(field: "collections", message: "collections must be a list of collection IDs")
            }
            draft.collections = list
        }
        return draft
    }

    /// Variants and images per product (IDs are `10 × product id + n`).
    static let maximumPerProduct = 9

    /// `"99"`, `"99.5"`, `"99.00"` → cents; a negative or malformed price is refused.
    static func priceCents(_ value: JSONValue, field: String) throws(Invalid) -> Int64 {
        guard let text = value.stringValue,
            text.range(of: #"^\d{1,9}(\.\d{1,2})?$"#, options: .regularExpression) != nil,
            let cents = StorefrontFormat.cents(text)
        else {
            throw Invalid(field: field, message: "\(field) must be a decimal string such as \"89.00\"")
        }
        return cents
    }

    /// An integer of 0 or more, or `null` for "not tracked"; absent is "not tracked" too.
    static func inventory(_ value: JSONValue?, field: String) throws(Invalid) -> Int64? {
        guard let value, !value.isNull else { return nil }
        guard let count = value.integerValue, count >= 0, value.doubleValue == Double(count) else {
            throw Invalid(
                field: field, message: "\(field) must be an integer of 0 or more, or null when stock is not tracked")
        }
        return count
    }

    /// Lower-case letters and digits joined by `-`, like a shop's handles.
    static func handleize(_ title: String) -> String {
        title.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }.joined(separator: "-")
    }

    private static func text(
        _ object: JSONObject, _ key: String, path: String? = nil, required: Bool = false,
        allowBlank: Bool = false
    ) throws(Invalid) -> String? {
        let field = path.map { "\($0).\(key)" } ?? key
        guard let value = object[key], !value.isNull else {
            if required { throw Invalid(field: field, message: "\(field) is required") }
            return nil
        }
        guard let string = value.stringValue else { throw Invalid(field: field, message: "\(field) must be a string") }
        if !allowBlank, string.trimmingCharacters(in: .whitespaces).isEmpty {
            throw Invalid(field: field, message: "\(field) can't be blank")
        }
        return string
    }

    private static func date(_ object: JSONObject, _ key: String) throws(Invalid) -> Date? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue, let date = ISO8601.parse(text) else {
            throw Invalid(field: key, message: "\(key) must be an ISO 8601 date-time such as \"2019-01-01T00:00:00Z\"")
        }
        return date
    }
}
