import CommerceCore
import Foundation

/// A Button error answer: status, `error.type`, `error.message` and, for validation errors, the failing
/// fields (`details.field` is the first one, `details.errors` lists them all).
struct ButtonError: Error, Sendable {
    var status: Int
    var type: String
    var message: String
    var fieldErrors: [(field: String, message: String)] = []
    var headers: HTTPHeaders = [:]

    /// The error envelope of §3.1.1.
    var body: JSONValue {
        var error: JSONObject = ["message": .string(message), "type": .string(type)]
        if let first = fieldErrors.first {
            error["details"] = ["field": .string(first.field),
                                "errors": .array(fieldErrors.map { ["field": .string($0.field), "message": .string($0.message)] })]
        }
        return ["meta": ["status": "error"], "error": .object(error)]
    }

    func response(headers extra: HTTPHeaders = [:]) -> SandboxResponse {
        var all = headers
        for field in extra where all[field.name] == nil { all[field.name] = field.value }
        return .json(body, status: status, headers: all)
    }

    /// A 400 `invalid_request` naming every failing field; the first one is the message.
    static func invalid(_ failures: [(field: String, message: String)]) -> ButtonError {
        let first = failures.first ?? (field: "body", message: "Request body is invalid")
        return ButtonError(status: 400, type: "invalid_request", message: first.message, fieldErrors: failures)
    }

    static func invalid(field: String, _ message: String) -> ButtonError { invalid([(field, message)]) }

    static func notFound(_ message: String) -> ButtonError { ButtonError(status: 404, type: "not_found", message: message) }

    static func conflict(_ type: String, _ message: String) -> ButtonError { ButtonError(status: 409, type: type, message: message) }

    // A1, A2, B1–B4, R1, R2.
    static let missingKey = ButtonError(status: 401, type: "unauthorized",
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
        ButtonError(status: 405, type: "method_not_allowed", message: "Method \(request.method) is not allowed on \(request.path)",
                    headers: ["Allow": allowed.map(\.rawValue).joined(separator: ", ")])
    }
}

/// Success envelopes and request helpers shared by the Button routes.
enum ButtonHTTP {
    static let maximumBodySize = 1_048_576

    static func object(_ value: JSONValue, headers: HTTPHeaders = [:]) -> SandboxResponse {
        .json(["meta": ["status": "ok"], "object": value], headers: headers)
    }

    static func objects(_ values: [JSONValue], headers: HTTPHeaders = [:]) -> SandboxResponse {
        .json(["meta": ["status": "ok"], "objects": .array(values)], headers: headers)
    }

    /// Runs a handler and turns a thrown ``ButtonError`` into its envelope.
    static func guarded(headers: HTTPHeaders = [:],
                        _ body: @escaping @Sendable (SandboxRequest) async throws -> SandboxResponse) -> SandboxRouter.Handler {
        { request in
            do {
                return try await body(request)
            } catch let error as ButtonError {
                return error.response(headers: headers)
            }
        }
    }

    /// B4, B1, B2, B3 in that order: the body as a JSON object.
    static func requireObjectBody(_ request: SandboxRequest) throws(ButtonError) -> JSONObject {
        guard request.body.count <= maximumBodySize else { throw .bodyTooLarge }
        guard !request.body.isEmpty else { throw .bodyRequired }
        let value: JSONValue
        do { value = try JSONValue.parse(request.body) } catch { throw .bodyNotJSON }
        guard let object = value.objectValue else { throw .bodyNotObject }
        return object
    }

    /// Control routes: an optional JSON object body (empty means `{}`).
    static func controlBody(_ request: SandboxRequest) throws(ButtonError) -> JSONObject {
        guard request.body.count <= maximumBodySize else { throw .bodyTooLarge }
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return JSONObject() }
        let value: JSONValue
        do { value = try JSONValue.parse(request.body) } catch { throw .bodyNotJSON }
        guard let object = value.objectValue else { throw .bodyNotObject }
        return object
    }

    /// `nil` for a missing key and JSON `null`.
    static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    static func date(_ seconds: Double?) -> JSONValue {
        guard let seconds else { return .null }
        return .string(format(Date(timeIntervalSince1970: seconds)))
    }

    /// UTC with `Z`, milliseconds only when they are not zero (§3.1.3).
    static func format(_ date: Date) -> String { ISO8601.format(date, fraction: .millisecondsWhenNonZero) }

    /// A stored JSON column.
    static func parseColumn(_ text: String?) -> JSONValue {
        guard let text else { return .null }
        return (try? JSONValue.parse(text)) ?? .null
    }

    /// `now` plus one calendar year in UTC; 29 February becomes 28 February (rule O11).
    static func oneYearAfter(_ now: Date) -> Date {
        let seconds = now.timeIntervalSince1970
        let days = Int((seconds / 86_400).rounded(.down))
        let timeOfDay = seconds - Double(days) * 86_400
        let (year, month, day) = ISO8601.civilDate(daysSinceEpoch: days)
        let clampedDay = min(day, ISO8601.daysIn(month: month, year: year + 1))
        let newDays = ISO8601.daysSinceEpoch(year: year + 1, month: month, day: clampedDay)
        return Date(timeIntervalSince1970: Double(newDays) * 86_400 + timeOfDay)
    }

    /// `^app-[0-9a-zA-Z]+$`
    static func isApplicationId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 4, bytes.starts(with: Array("app-".utf8)) else { return false }
        return bytes[4...].allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// `YYYY-MM-DD` (rule H1).
    static func isVersionLabel(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { (0x30...0x39).contains(bytes[$0]) }
        guard digits, let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `[A-Za-z0-9._~-]{1,255}` (rule O12).
    static func isURLSafe(_ text: String) -> Bool {
        (1...255).contains(text.utf8.count) && text.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "~")
        }
    }

    /// `^fakesrctok-[a-f0-9]{16}$` (rule O13).
    static func isTestToken(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let prefix = Array("fakesrctok-".utf8)
        return bytes.count == prefix.count + 16 && bytes.starts(with: prefix)
            && bytes[prefix.count...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// An absolute URL with a scheme and a host (or at least a scheme and something after it).
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme, !scheme.isEmpty else { return false }
        return components.host.map { !$0.isEmpty } ?? !components.path.isEmpty
    }

    /// Percent-decodes a raw path piece; malformed escapes leave it as sent.
    static func decode(_ raw: Substring) -> String {
        String(raw).removingPercentEncoding ?? String(raw)
    }
}
