import CommerceCore
import Foundation
import SandboxCore

/// An error answer of the core API in Rezolve's envelope (spec §3.4):
/// `{"errors":[{"type":…,"code":"<n>","message":…[,"reason":{…}]}]}`.
struct RezolveFailure: ServiceErrorEnvelope, Equatable {
    let status: Int
    let code: Int
    let type: String
    let message: String
    var reason: (message: String, code: String)?

    init(status: Int, code: Int, type: String, message: String, reason: (message: String, code: String)? = nil) {
        self.status = status
        self.code = code
        self.type = type
        self.message = message
        self.reason = reason
    }

    static func == (lhs: RezolveFailure, rhs: RezolveFailure) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.type == rhs.type && lhs.message == rhs.message
            && lhs.reason?.message == rhs.reason?.message && lhs.reason?.code == rhs.reason?.code
    }

    var body: JSONValue {
        var error: JSONObject = ["type": .string(type), "code": .string(String(code)), "message": .string(message)]
        if let reason { error["reason"] = ["message": .string(reason.message), "code": .string(reason.code)] }
        return ["errors": [.object(error)]]
    }

    // MARK: The fixed errors

    /// Every masked authentication cause gives this same body, so a caller never learns which check failed.
    static let accessDenied = RezolveFailure(status: 403, code: 1, type: "Authentication", message: "Access is denied.")
    static let expiredToken = RezolveFailure(
        status: 401, code: 8, type: "Expired Token",
        message: "Your token has expired, refresh your token and try again.")
    static let registrationFailed = RezolveFailure(
        status: 400, code: 2, type: "Registration", message: "Registration failed.")
    static let serviceUnavailable = RezolveFailure(
        status: 503, code: 7, type: "Service Unavailable",
        message:
            "Our apologies for the temporary inconvenience. The requested URL generated 503 Service Unavailable error due to overloading or maintenance of the server."
    )

    static func notFound(_ message: String) -> RezolveFailure {
        RezolveFailure(status: 404, code: 4, type: "Not Found", message: message)
    }

    /// 400 with one of the `Bad Request` codes: 3 (missing), 5 (malformed) or 6 (system).
    static func badRequest(_ code: Int, _ message: String) -> RezolveFailure {
        RezolveFailure(status: 400, code: code, type: "Bad Request", message: message)
    }

    /// `Validation error: [a, b]` with the given code.
    static func validation(_ code: Int, _ items: [String]) -> RezolveFailure {
        badRequest(code, "Validation error: [" + items.joined(separator: ", ") + "]")
    }

    static let productNotFound = RezolveFailure(
        status: 404, code: 4, type: "Not Found", message: "Requested entity doesn't exist",
        reason: (message: "Product with the given ID not found", code: "rce_product_not_found"))
    static let merchantNotFound = notFound("Merchant not found")
    static let categoryNotFound = notFound("Requested category doesn't exist")
    static let phoneNotFound = notFound("Phone not found")
    static let addressNotFound = notFound("Address not found")
    static let cardNotFound = notFound("Card not found")
    static let favouriteNotFound = notFound("Favourite not found")
    static let cartNotFound = notFound("Cart not found")
    static let optionsSessionNotFound = notFound("Unable to find options session")
    static let orderNotFound = notFound("Order not found")
    static let resourceNotFound = notFound("Requested resource not found")

    /// The envelope for a status the sandbox produces without a route (an injected fault, a 405): 503 and
    /// the auth statuses keep their fixed bodies; anything else uses the nearest code with `message`.
    static func forStatus(_ status: Int, message: String) -> RezolveFailure {
        switch status {
        case 503: serviceUnavailable
        case 403: accessDenied
        case 401: expiredToken
        case 404: notFound(message)
        default: RezolveFailure(status: status, code: 6, type: "Bad Request", message: message)
        }
    }
}

/// Builds the `Validation error: [...]` items the live API uses, so every route words them the same way.
enum RezolveMessage {
    /// `Required property x was not present. - #` or `Required properties x, y were not present. - #`.
    static func required(_ names: [String], at pointer: String = "#") -> String {
        names.count == 1
            ? "Required property \(names[0]) was not present. - \(pointer)"
            : "Required properties \(names.joined(separator: ", ")) were not present. - \(pointer)"
    }

    static func typeMismatch(expected: String, got value: JSONValue, at pointer: String) -> String {
        "Type mismatch. Expected \(expected) but got \(typeName(value)). - \(pointer)"
    }

    static func minimumLength(_ minimum: Int, actual: Int, at pointer: String) -> String {
        "Expected value to have a minimum length of \(minimum) but was \(actual). - \(pointer)"
    }

    static func notInEnum(at pointer: String) -> String { "Value is not allowed in enum. - \(pointer)" }
    static func between1And100(at pointer: String) -> String { "Expected value to be between 1 and 100. - \(pointer)" }

    /// The schema-style type name of a JSON value, as the live API prints it.
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "Null"
        case .bool: "Boolean"
        case .integer: "Integer"
        // A whole number too large for an integer (1e300) is a Number: calling it Integer would contradict the message.
        case .double(let number): Int64(exactly: number) != nil ? "Integer" : "Number"
        case .string: "String"
        case .array: "Array"
        case .object: "Object"
        }
    }
}
