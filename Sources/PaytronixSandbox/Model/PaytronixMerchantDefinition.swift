import CommerceCore
import Foundation

/// The card templates, stores and enrollment fields of `POST /sandbox/paytronix/merchants`, checked before
/// anything is written. Every mistake is a 400 `request.invalid_field` naming the item (spec §5.6): a repeated
/// template or store code would otherwise reach the tables' primary keys and surface as a 500.
struct PaytronixMerchantDefinition {
    var templates: [(Int64, String)]
    var stores: [(String, String)]
    var fields: [(String, String, Bool, Int?)]

    static let defaultTemplates: JSONValue = [["code": 0, "label": "Sandbox Rewards"]]
    static let defaultStores: JSONValue = [["code": "123", "label": "Sandbox Store 123"]]
    /// E6's field names; `enrollmentFields` may only configure these.
    static let accountFieldNames = ["favoriteStore", "externalAccounts"]

    init(_ body: JSONObject) throws {
        templates = try Self.items(body["cardTemplates"] ?? Self.defaultTemplates, name: "cardTemplates") {
            item, path in
            guard let code = item["code"]?.integerValue else {
                throw PaytronixFailure.invalid("\(path).code", "\(path).code must be an integer")
            }
            return (code, try Self.label(item, path: path) ?? "Template \(code)")
        }
        try Self.rejectRepeats(templates.map { String($0.0) }, name: "cardTemplates", what: "Card template code")
        stores = try Self.items(body["stores"] ?? Self.defaultStores, name: "stores") { item, path in
            guard let code = item["code"]?.stringValue, !code.isEmpty else {
                throw PaytronixFailure.invalid("\(path).code", "\(path).code must be a non-empty string")
            }
            return (code, try Self.label(item, path: path) ?? "Store \(code)")
        }
        try Self.rejectRepeats(stores.map(\.0), name: "stores", what: "Store code")
        if let list = body["enrollmentFields"] {
            fields = try Self.items(list, name: "enrollmentFields", Self.enrollmentField)
            try Self.rejectRepeats(
                fields.map { "\($0.0).\($0.1)" }, name: "enrollmentFields", keyField: "field", what: "Enrollment field")
        } else {
            fields = PaytronixMerchantStore.defaultEnrollmentFields
        }
    }

    /// `value` must be a list of objects; `read` turns each into a row or throws naming `name[i]`.
    private static func items<T>(_ value: JSONValue, name: String, _ read: (JSONObject, String) throws -> T) throws
        -> [T]
    {
        guard let list = value.arrayValue else {
            throw PaytronixFailure.invalid(name, "\(name) must be a list of objects")
        }
        return try list.enumerated().map { index, item in
            let path = "\(name)[\(index)]"
            guard let object = item.objectValue else {
                throw PaytronixFailure.invalid(path, "\(path) must be an object")
            }
            return try read(object, path)
        }
    }

    private static func label(_ item: JSONObject, path: String) throws -> String? {
        try PaytronixControlRoutes.nonEmptyString(item, "label", field: "\(path).label")
    }

    /// The second occurrence of a key is the one named (as `name[i].keyField`), so the caller can see which entry to drop.
    private static func rejectRepeats(_ keys: [String], name: String, keyField: String = "code", what: String) throws {
        var seen: Set<String> = []
        for (index, key) in keys.enumerated() where !seen.insert(key).inserted {
            throw PaytronixFailure.invalid("\(name)[\(index)].\(keyField)", "\(what) \(key) appears more than once")
        }
    }

    /// `{"type": "user"|"account", "field", "required"?, "minLength"?}` naming one of E6's fields.
    private static func enrollmentField(_ item: JSONObject, path: String) throws -> (String, String, Bool, Int?) {
        let type = item["type"].map { $0.stringValue ?? "" } ?? "user"
        guard type == "user" || type == "account" else {
            throw PaytronixFailure.invalid("\(path).type", "\(path).type must be user or account")
        }
        let known = type == "user" ? PaytronixValidation.userFieldNames : accountFieldNames
        guard let field = item["field"]?.stringValue, known.contains(field) else {
            throw PaytronixFailure.invalid(
                "\(path).field", "\(path).field must be one of \(known.joined(separator: ", "))")
        }
        var required = false
        if let value = item["required"] {
            guard let flag = value.boolValue else {
                throw PaytronixFailure.invalid("\(path).required", "\(path).required must be a boolean")
            }
            required = flag
        }
        var minLength: Int?
        if let value = item["minLength"] {
            // A string, as enrollmentConfig answers it, or a number.
            guard let length = value.integerValue ?? value.stringValue.flatMap({ Int64($0) }),
                (0...1000).contains(length)
            else {
                throw PaytronixFailure.invalid(
                    "\(path).minLength", "\(path).minLength must be a whole number from 0 to 1000")
            }
            minLength = Int(length)
        }
        return (type, field, required, minLength)
    }
}
