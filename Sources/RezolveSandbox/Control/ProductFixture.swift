import CommerceCore
import Foundation
import SandboxCore

/// Reads the body of `POST /sandbox/rezolve/products` into a product for one merchant's category. The seeded
/// catalogue of spec §5.2 has no product with a *required* custom option, so a test that needs one (the §4.1
/// row "required custom option without a value") adds it here instead of changing the seed every count relies on.
///
/// ```json
/// {"id":500,"merchantId":"12","categoryId":71,"name":"Engraved Keyring","priceMinor":1500,
///  "customOptions":[{"optionId":4,"title":"Engraving","type":"field","isRequire":true,"priceMinor":0}]}
/// ```
enum ProductFixture {
    static let customOptionTypes = ["field", "area", "drop_down", "radio", "checkbox", "multiple"]

    /// The product the body describes; the merchant and category are checked against the database by the caller.
    static func product(from body: JSONObject) throws(SandboxPlainError) -> RZProduct {
        let id = try integer(body, "id", within: 1...Int64(Int32.max))
        guard let merchantId = body["merchantId"]?.stringValue, !merchantId.isEmpty else {
            throw .field("merchantId", "must be a non-empty string")
        }
        let categoryId = try integer(body, "categoryId", within: 1...Int64(Int32.max))
        guard let name = body["name"]?.stringValue, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .field("name", "must be a non-empty string")
        }
        let price = try optionalInteger(body, "priceMinor", within: 0...100_000_000) ?? 1000
        let maximumQty = try optionalInteger(body, "maximumQty", within: 1...10_000) ?? 100
        var options: [RZProduct.CustomOption] = []
        if let value = body["customOptions"], !value.isNull {
            guard let items = value.arrayValue else { throw .field("customOptions", "must be an array") }
            for (index, item) in items.enumerated() {
                options.append(try customOption(item, field: "customOptions[\(index)]", sortOrder: index + 1))
            }
            guard Set(options.map(\.optionId)).count == options.count else {
                throw .field("customOptions", "optionId values must be distinct")
            }
        }
        return RZProduct(
            id: id, merchantId: merchantId, categoryId: categoryId, name: name, subtitle: "",
            description: "\(name), a product added for a test.", priceMinor: price, originalPriceMinor: price,
            weight: 0.1, isAct: false, isVirtual: false, maximumQty: Int(maximumQty), position: 1_000,
            imageWidth: 800, imageHeight: 800, options: [], variants: [], customOptions: options)
    }

    private static func customOption(_ item: JSONValue, field: String, sortOrder: Int) throws(SandboxPlainError)
        -> RZProduct.CustomOption
    {
        guard case .object(let option) = item else { throw .field(field, "must be an object") }
        let optionId = try integer(option, "optionId", within: 1...Int64(Int32.max), prefix: field + ".")
        guard let title = option["title"]?.stringValue, !title.isEmpty else {
            throw .field(field + ".title", "must be a non-empty string")
        }
        guard let type = option["type"]?.stringValue, customOptionTypes.contains(type) else {
            throw .field(field + ".type", "must be one of \(customOptionTypes.joined(separator: ", "))")
        }
        var isRequire = false
        if let value = option["isRequire"], !value.isNull {
            guard let flag = value.boolValue else { throw .field(field + ".isRequire", "must be a boolean") }
            isRequire = flag
        }
        let price = try optionalInteger(option, "priceMinor", within: 0...100_000_000, prefix: field + ".") ?? 0
        var values: [RZProduct.CustomOption.Value] = []
        if let list = option["values"], !list.isNull {
            guard let entries = list.arrayValue else { throw .field(field + ".values", "must be an array") }
            for (index, entry) in entries.enumerated() {
                let path = field + ".values[\(index)]"
                guard case .object(let value) = entry else { throw .field(path, "must be an object") }
                let valueId = try integer(value, "valueId", within: 1...Int64(Int32.max), prefix: path + ".")
                guard let valueTitle = value["title"]?.stringValue, !valueTitle.isEmpty else {
                    throw .field(path + ".title", "must be a non-empty string")
                }
                let valuePrice =
                    try optionalInteger(value, "priceMinor", within: 0...100_000_000, prefix: path + ".") ?? 0
                values.append(
                    .init(valueId: Int(valueId), title: valueTitle, sortOrder: index + 1, priceMinor: valuePrice))
            }
        }
        return RZProduct.CustomOption(
            optionId: Int(optionId), title: title, type: type, isRequire: isRequire,
            sortOrder: sortOrder, priceMinor: price, values: values)
    }

    private static func integer(
        _ body: JSONObject, _ field: String, within range: ClosedRange<Int64>,
        prefix: String = ""
    ) throws(SandboxPlainError) -> Int64 {
        guard let value = try optionalInteger(body, field, within: range, prefix: prefix) else {
            throw .field(prefix + field, "is required")
        }
        return value
    }

    private static func optionalInteger(
        _ body: JSONObject, _ field: String, within range: ClosedRange<Int64>,
        prefix: String = ""
    ) throws(SandboxPlainError) -> Int64? {
        guard let value = body[field], !value.isNull else { return nil }
        guard case .integer(let number) = value, range.contains(number) else {
            throw .field(prefix + field, "must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
