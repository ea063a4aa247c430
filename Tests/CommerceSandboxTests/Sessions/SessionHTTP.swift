import CommerceCore
import Foundation

/// Real HTTP to a running sandbox or session, for the session tests.
enum SessionHTTP {
    struct Failure: Error { let text: String }

    @discardableResult
    static func send(
        _ method: HTTPMethod, _ base: URL, _ path: String, raw body: String? = nil, headers: HTTPHeaders = [:]
    ) async throws -> (status: Int, body: JSONValue) {
        guard let url = URL(string: base.absoluteString + path) else { throw Failure(text: path) }
        var all = headers
        if body != nil { all["Content-Type"] = "application/json" }
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: method, url: url, headers: all, body: body.map { Data($0.utf8) }))
        return (response.statusCode, (try? JSONValue.parse(response.body)) ?? .null)
    }

    static func sessions(_ base: URL) async throws -> [JSONValue] {
        try await send(.get, base, "/sandbox/sessions").body["sessions"]?.arrayValue ?? []
    }

    static let buttonKey: HTTPHeaders = ["Authorization": "Basic " + Data("sk-sandbox:".utf8).base64EncodedString()]

    static func createOrder(_ base: URL, _ id: String) async throws -> (status: Int, body: JSONValue) {
        try await send(
            .post, base, "/v1/order",
            raw: #"{"order_id":"\#(id)","total":100,"currency":"USD","purchase_date":"2026-11-01T00:00:00Z"}"#,
            headers: buttonKey)
    }

    static func getOrder(_ base: URL, _ id: String) async throws -> Int {
        try await send(.get, base, "/v1/order/\(id)", headers: buttonKey).status
    }
}
