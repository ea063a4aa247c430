import CommerceCore
import Foundation

/// Turns an operation into an ``HTTPRequest``: URL, authentication, the fixed headers and the JSON body.
struct OrderRequestBuilder: Sendable {
    let configuration: ButtonClient.Configuration
    /// Precomputed once: `Basic base64("<api key>:")`, the key as user name and an empty password.
    let authorization: String

    init(apiKey: String, configuration: ButtonClient.Configuration) {
        self.configuration = configuration
        authorization = "Basic " + Data("\(apiKey):".utf8).base64EncodedString()
    }

    static let userAgent = "CommerceKit-ButtonOrders/\(CommerceCore.version)"

    /// `scheme://host[:port]`; an IPv6 literal is bracketed.
    var origin: String {
        let host =
            configuration.hostname.contains(":") && !configuration.hostname.hasPrefix("[")
            ? "[\(configuration.hostname)]" : configuration.hostname
        return (configuration.secure ? "https" : "http") + "://" + host + (configuration.port.map { ":\($0)" } ?? "")
    }

    /// - Parameters:
    ///   - path: already encoded, starting with `/`.
    ///   - body: sent as compact JSON with `Content-Type`; `nil` sends no body and no `Content-Type`.
    func request(_ method: HTTPMethod, path: String, body: JSONValue? = nil) throws(ButtonOrdersError) -> HTTPRequest {
        guard let url = URL(string: origin + path), let host = url.host, !host.isEmpty else {
            throw .transport(message: "Cannot form a request URL from hostname \"\(configuration.hostname)\"")
        }
        var headers: HTTPHeaders = [
            "Authorization": authorization,
            "User-Agent": Self.userAgent,
            "Accept": "application/json",
        ]
        if body != nil { headers["Content-Type"] = "application/json" }
        if let version = configuration.apiVersion, !version.isEmpty { headers["X-Button-API-Version"] = version }
        // Every Order API operation may be repeated: GET and DELETE are idempotent, update replaces the full
        // state, and create is made safe by the order_exists follow-up in `Orders.create`.
        return HTTPRequest(
            method: method, url: url, headers: headers, body: body?.serializedData(),
            timeout: configuration.timeout, allowsRetry: true)
    }

    static func orderPath(_ orderId: String) -> String { "/v1/order/" + PathSegmentEncoding.encode(orderId) }
    static func btnRefPath(_ btnRef: String) -> String { "/v1/order/btn-ref/" + PathSegmentEncoding.encode(btnRef) }
    static let createPath = "/v1/order"
}
