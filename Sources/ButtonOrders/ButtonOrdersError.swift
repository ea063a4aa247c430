/// Everything that can go wrong when talking to the Order API through ``ButtonClient``.
///
/// Each case says whether a request reached the server: ``missingAPIKey`` and ``invalidField(field:message:)``
/// are raised before anything is sent; the others describe the last attempt's outcome after retries.
public enum ButtonOrdersError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The client was created with an empty API key.
    case missingAPIKey
    /// Local validation rejected the payload; no request was sent. `field` uses the sandbox's path syntax,
    /// for example `line_items[1].upc`, and `message` is the text the server would have returned.
    case invalidField(field: String, message: String)
    /// HTTP 401: the key is missing or unknown.
    case unauthorized(message: String)
    /// HTTP 404: no such order (or route).
    case notFound(message: String)
    /// HTTP 409, with `type` one of `order_exists`, `order_finalized` or `order_deleted`.
    case conflict(type: String?, message: String)
    /// Any other non-success status below 500, including the server's own validation (400). `field` comes
    /// from `error.details.field` when the server names one.
    case rejected(statusCode: Int, type: String?, field: String?, message: String)
    /// A 5xx status that persisted through every retry.
    case server(statusCode: Int, message: String)
    /// No HTTP response arrived, even after retries.
    case transport(message: String)
    /// A 2xx response that is not Button's success envelope (not JSON, no `meta.status`, or a status other
    /// than `"ok"`). `body` is the raw text, kept for diagnosis.
    case invalidResponse(statusCode: Int, body: String)

    /// A one-line explanation for logs.
    public var description: String {
        switch self {
        case .missingAPIKey:
            "No API key was provided."
        case .invalidField(let field, let message):
            "Invalid field \(field): \(message)"
        case .unauthorized(let message):
            "Unauthorized (401): \(message)"
        case .notFound(let message):
            "Not found (404): \(message)"
        case .conflict(let type, let message):
            "Conflict (409\(type.map { ", \($0)" } ?? "")): \(message)"
        case .rejected(let statusCode, let type, let field, let message):
            "Rejected (\(statusCode)\(type.map { ", \($0)" } ?? "")\(field.map { ", field \($0)" } ?? "")): \(message)"
        case .server(let statusCode, let message):
            "Server error (\(statusCode)): \(message)"
        case .transport(let message):
            "No response: \(message)"
        case .invalidResponse(let statusCode, let body):
            "Unexpected response (\(statusCode)): \(body)"
        }
    }
}
