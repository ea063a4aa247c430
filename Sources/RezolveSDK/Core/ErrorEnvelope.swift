import CommerceCore
import Foundation

/// Turns a non-2xx core answer into a ``RezolveError``.
///
/// Rezolve prints two shapes (the `errors` array and a flat object) and sends `code` both as a string and as a
/// number, so all four combinations are accepted. The code decides the case; the HTTP status only matters when
/// the body carries no usable code.
enum ErrorEnvelope {
    static func error(status: Int, body: Data) -> RezolveError {
        let entries = entries(in: body)
        if let first = entries.first, let classified = classify(code: first.code, error: first) {
            return classified
        }
        switch status {
        case 403:
            return .authentication(
                entries.first ?? RezolveAPIError(type: "Authentication", code: "1", message: "Access is denied."))
        case 401:
            return .expiredToken(entries.first ?? RezolveAPIError(type: "Expired Token", code: "8", message: ""))
        case 503:
            return .serviceUnavailable(
                entries.first ?? RezolveAPIError(type: "Service Unavailable", code: "7", message: ""))
        default:
            return .http(status: status, errors: entries)
        }
    }

    /// Whether an answer asks for a token renewal: HTTP 401 with code 8 (§3.3).
    static func isExpiredToken(status: Int, body: Data) -> Bool {
        status == 401 && entries(in: body).contains { $0.code == "8" }
    }

    static func entries(in body: Data) -> [RezolveAPIError] {
        guard !body.isEmpty, let json = try? JSONValue.parse(body) else { return [] }
        if let list = json["errors"]?.arrayValue {
            return list.compactMap(entry)
        }
        return entry(json).map { [$0] } ?? []
    }

    private static func entry(_ json: JSONValue) -> RezolveAPIError? {
        guard json.objectValue != nil, let code = codeString(json["code"]) else { return nil }
        var reason: RezolveAPIError.Reason?
        if let raw = json["reason"], raw.objectValue != nil {
            reason = RezolveAPIError.Reason(
                message: raw["message"]?.stringValue ?? "", code: codeString(raw["code"]) ?? "")
        }
        return RezolveAPIError(
            type: json["type"]?.stringValue ?? "", code: code,
            message: json["message"]?.stringValue ?? "", reason: reason)
    }

    private static func codeString(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let text = value.stringValue { return text }
        if let number = value.integerValue { return String(number) }
        return nil
    }

    private static func classify(code: String, error: RezolveAPIError) -> RezolveError? {
        switch code {
        case "1": .authentication(error)
        case "2": .registration(error)
        case "3": .missingParameters(error)
        case "4": .notFound(error)
        case "5": .malformedParameters(error)
        case "6": .badRequest(error)
        case "7": .serviceUnavailable(error)
        case "8": .expiredToken(error)
        default: nil
        }
    }
}

extension RezolveError {
    /// The error a non-2xx core answer stands for (§3.4): used by ``RezolveSDK`` and by server-side code that
    /// calls Rezolve directly, such as the partner server's registration call.
    public static func fromResponse(status: Int, body: Data) -> RezolveError {
        ErrorEnvelope.error(status: status, body: body)
    }
}
