import CommerceCore
import Foundation
import SandboxCore

/// A JSON object request body read with the payment service's rules: a missing or non-object body is
/// `Required request body is missing`, a field of the wrong JSON type is `Invalid format`.
/// `null` counts as absent.
struct ATHMovilBody {
    let object: JSONObject

    init(_ request: SandboxRequest) throws(ATHMovilFailure) {
        guard !request.body.isEmpty, let value = try? request.jsonBody(), let object = value.objectValue else {
            throw .missingBody
        }
        self.object = object
    }

    init(object: JSONObject) { self.object = object }

    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String) throws(ATHMovilFailure) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else { throw .invalidFormat }
        return text
    }

    /// A JSON number as an exact decimal.
    func number(_ key: String) throws(ATHMovilFailure) -> Decimal? {
        guard let value = value(key) else { return nil }
        guard let number = ATHMovilAmount.decimal(value) else { throw .invalidFormat }
        return number
    }

    /// A JSON number or numeric text (the refund `amount`).
    func numberOrText(_ key: String) throws(ATHMovilFailure) -> Decimal? {
        guard let value = value(key) else { return nil }
        guard let number = ATHMovilAmount.decimal(value, allowText: true) else { throw .invalidFormat }
        return number
    }

    func integer(_ key: String) throws(ATHMovilFailure) -> Int64? {
        guard let value = value(key) else { return nil }
        guard let integer = value.integerValue else { throw .invalidFormat }
        return integer
    }

    func array(_ key: String) throws(ATHMovilFailure) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard let items = value.arrayValue else { throw .invalidFormat }
        return items
    }
}

/// Reads the JSON bodies of the `/sandbox/athmovil/...` control routes: problems are `{"error":"<field>: …"}`.
struct ATHMovilControlBody {
    let object: JSONObject

    init(_ request: SandboxRequest, allowEmpty: Bool = true) throws(SandboxPlainError) {
        if request.body.isEmpty, allowEmpty {
            object = [:]
            return
        }
        guard let value = try? request.jsonBody() else { throw .field("body", "is not valid JSON") }
        guard let object = value.objectValue else { throw .field("body", "must be a JSON object") }
        self.object = object
    }

    func string(_ key: String) throws(SandboxPlainError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw .field(key, "must be a string") }
        return text
    }

    func bool(_ key: String) throws(SandboxPlainError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw .field(key, "must be true or false") }
        return flag
    }

    func number(_ key: String) throws(SandboxPlainError) -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.doubleValue, number.isFinite else { throw .field(key, "must be a number") }
        return number
    }

    func integer(_ key: String) throws(SandboxPlainError) -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let integer = value.integerValue, let fitted = Int(exactly: integer) else {
            throw .field(key, "must be an integer")
        }
        return fitted
    }
}
