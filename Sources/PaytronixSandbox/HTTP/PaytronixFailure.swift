import CommerceCore
import Foundation
import SandboxCore

/// A Paytronix failure reply: `{"result":"failure","errorCode","errorMessage","errorsByField"?}` and its status.
struct PaytronixFailure: ServiceErrorEnvelope {
    var status: Int
    var code: String
    var message: String
    /// Field path → messages, in the order found.
    var fieldErrors: [(String, [String])] = []

    init(_ status: Int, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        if let field { fieldErrors = [(field, [message])] }
    }

    /// Several field errors of one group; the first message becomes `errorMessage`.
    init(_ status: Int, _ code: String, fields: [(String, String)]) {
        self.status = status
        self.code = code
        self.message = fields.first?.1 ?? code
        for (field, message) in fields {
            if let index = fieldErrors.firstIndex(where: { $0.0 == field }) {
                fieldErrors[index].1.append(message)
            } else {
                fieldErrors.append((field, [message]))
            }
        }
    }

    var body: JSONValue {
        var object: JSONObject = ["result": "failure", "errorCode": .string(code), "errorMessage": .string(message)]
        if !fieldErrors.isEmpty {
            object["errorsByField"] = .object(
                JSONObject(fieldErrors.map { ($0.0, .array($0.1.map(JSONValue.string))) }))
        }
        return .object(object)
    }

    static func missing(_ field: String) -> PaytronixFailure {
        PaytronixFailure(400, "request.missing_field", "\(field) is required", field: field)
    }

    static func invalid(_ field: String, _ message: String) -> PaytronixFailure {
        PaytronixFailure(400, "request.invalid_field", message, field: field)
    }

    static func merchantNotFound(_ id: Int64) -> PaytronixFailure {
        PaytronixFailure(404, "guest.merchant_not_found", "Merchant \(id) not found")
    }
}

extension SandboxResponse {
    /// A Paytronix success reply: `result` first, then `fields`.
    static func paytronixSuccess(_ fields: JSONObject = [:], result: String = "success") -> SandboxResponse {
        var object: JSONObject = ["result": .string(result)]
        for (key, value) in fields { object[key] = value }
        return .json(.object(object))
    }
}
