import CommerceCore
import Foundation

/// Interprets Order API responses: Button's envelope on success, its error object otherwise.
enum OrderResponseReader {
    /// The final result of a request (after retries) as a success envelope, or the matching error.
    static func envelope(_ result: Result<HTTPResponse, TransportError>) throws(ButtonOrdersError) -> JSONValue {
        let response: HTTPResponse
        switch result {
        case .failure(let error): throw .transport(message: error.description)
        case .success(let value): response = value
        }
        guard response.isSuccess else { throw error(for: response) }
        // Judged like Button's Node and Ruby clients: a 2xx alone is not success without meta.status "ok".
        guard let json = try? JSONValue.parse(response.body), json["meta"]?["status"]?.stringValue == "ok" else {
            throw invalid(response)
        }
        return json
    }

    /// The single order in `object`.
    static func order(_ result: Result<HTTPResponse, TransportError>) throws(ButtonOrdersError) -> ReportedOrder {
        let json = try envelope(result)
        guard let object = json["object"], object.objectValue != nil else { throw invalid(result) }
        return ReportedOrder(json: object)
    }

    /// The orders in `objects`; entries that are not objects are skipped.
    static func orders(_ result: Result<HTTPResponse, TransportError>) throws(ButtonOrdersError) -> [ReportedOrder] {
        let json = try envelope(result)
        guard let objects = json["objects"]?.arrayValue else { throw invalid(result) }
        return objects.filter { $0.objectValue != nil }.map(ReportedOrder.init(json:))
    }

    /// Maps a non-2xx response by status, using `error.message`, `error.type` and `error.details.field`.
    static func error(for response: HTTPResponse) -> ButtonOrdersError {
        let json = try? JSONValue.parse(response.body)
        let error = json?["error"]
        let type = error?["type"]?.stringValue
        let field = error?["details"]?["field"]?.stringValue
        let message = error?["message"]?.stringValue ?? fallbackMessage(for: response)
        switch response.statusCode {
        case 401: return .unauthorized(message: message)
        case 404: return .notFound(message: message)
        case 409: return .conflict(type: type, message: message)
        case 500...: return .server(statusCode: response.statusCode, message: message)
        default: return .rejected(statusCode: response.statusCode, type: type, field: field, message: message)
        }
    }

    /// For error bodies without Button's envelope (a proxy's HTML page, say): a short excerpt of the body,
    /// or the bare status when there is none.
    private static func fallbackMessage(for response: HTTPResponse) -> String {
        let text = String(decoding: response.body.prefix(200), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return text.isEmpty ? "HTTP \(response.statusCode)" : text
    }

    private static func invalid(_ response: HTTPResponse) -> ButtonOrdersError {
        .invalidResponse(statusCode: response.statusCode, body: String(decoding: response.body, as: UTF8.self))
    }

    private static func invalid(_ result: Result<HTTPResponse, TransportError>) -> ButtonOrdersError {
        switch result {
        case .success(let response): invalid(response)
        case .failure(let error): .transport(message: error.description)
        }
    }
}
