import CommerceCore
import Foundation
import SandboxCore

/// A Button error answer: status, `error.type`, `error.message` and, for validation errors, the failing
/// fields (`details.field` is the first one, `details.errors` lists them all).
struct ButtonError: ServiceErrorEnvelope {
    var status: Int
    var type: String
    var message: String
    var fieldErrors: [(field: String, message: String)] = []
    var headers: HTTPHeaders = [:]

    /// The error envelope of §3.1.1.
    var body: JSONValue {
        var error: JSONObject = ["message": .string(message), "type": .string(type)]
        if let first = fieldErrors.first {
            error["details"] = [
                "field": .string(first.field),
                "errors": .array(fieldErrors.map { ["field": .string($0.field), "message": .string($0.message)] }),
            ]
        }
        return ["meta": ["status": "error"], "error": .object(error)]
    }

    /// A 400 `invalid_request` naming every failing field; the first one is the message.
    static func invalid(_ failures: [(field: String, message: String)]) -> ButtonError {
        let first = failures.first ?? (field: "body", message: "Request body is invalid")
        return ButtonError(status: 400, type: "invalid_request", message: first.message, fieldErrors: failures)
    }

    static func invalid(field: String, _ message: String) -> ButtonError { invalid([(field, message)]) }

    static func notFound(_ message: String) -> ButtonError {
        ButtonError(status: 404, type: "not_found", message: message)
    }

    static func conflict(_ type: String, _ message: String) -> ButtonError {
        ButtonError(status: 409, type: type, message: message)
    }

    // A1, A2, B1–B4, R1, R2.
    static let missingKey = ButtonError(
        status: 401, type: "unauthorized",
        message: "Missing API key: use HTTP Basic authentication with your API key as the username")
    static let invalidKey = ButtonError(status: 401, type: "unauthorized", message: "Invalid API key")
    static let bodyRequired = invalid(field: "body", "Request body is required")
    static let bodyNotJSON = invalid(field: "body", "Request body is not valid JSON")
    static let bodyNotObject = invalid(field: "body", "Request body must be a JSON object")
    static let bodyTooLarge = ButtonError(status: 413, type: "payload_too_large", message: "Request body exceeds 1 MiB")

    static func routeNotFound(_ request: SandboxRequest) -> ButtonError {
        notFound("No route for \(request.method) \(request.path) in the CommerceKit sandbox")
    }

    static func methodNotAllowed(_ request: SandboxRequest, _ allowed: [HTTPMethod]) -> ButtonError {
        ButtonError(
            status: 405, type: "method_not_allowed",
            message: "Method \(request.method) is not allowed on \(request.path)",
            headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")])
    }
}
