import CommerceCore
import Foundation

/// One HTTP request as the sandbox's services see it, independent of the HTTP server library.
package struct SandboxRequest: Sendable {
    package var method: HTTPMethod
    /// The path exactly as sent, still percent-encoded (services that need `%2F` inside a segment read this).
    package var rawPath: String
    /// The raw query string without `?`, or `nil`.
    package var rawQuery: String?
    package var headers: HTTPHeaders
    package var body: Data
    /// The peer's IP address, when known.
    package var remoteAddress: String?
    /// Values captured by `:name` segments of the matched route, percent-decoded.
    package var parameters: [String: String] = [:]
    /// The percent-decoded remainder matched by a trailing `**`.
    package var catchAll: String?

    package init(
        method: HTTPMethod, rawPath: String, rawQuery: String? = nil, headers: HTTPHeaders = [:],
        body: Data = Data(), remoteAddress: String? = nil
    ) {
        self.method = method
        self.rawPath = rawPath
        self.rawQuery = rawQuery
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The path with percent-escapes decoded. Most paths have none, and Foundation's decoder is a bridged
    /// string copy, so those are returned as they are.
    package var path: String {
        guard rawPath.utf8.contains(UInt8(ascii: "%")) else { return rawPath }
        return rawPath.removingPercentEncoding ?? rawPath
    }

    /// Query items, decoded (`+` is a space, as HTML forms send it).
    package var query: [String: String] { rawQuery.map(Self.formFields) ?? [:] }

    /// The fields of an `application/x-www-form-urlencoded` body (what HTML forms post).
    package var formBody: [String: String] { Self.formFields(String(decoding: body, as: UTF8.self)) }

    /// The one reader of `name=value&…` text, for query strings and form bodies alike: `+` is a space, escapes
    /// are decoded (a malformed escape is kept as sent), a name without `=` has an empty value, and a repeated
    /// name keeps its last value.
    package static func formFields(_ text: String) -> [String: String] {
        guard !text.isEmpty else { return [:] }
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode: (Substring) -> String = {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            guard let name = parts.first.map(decode) else { continue }
            items[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return items
    }

    /// A route parameter, or an empty string when the route has none of that name.
    package func parameter(_ name: String) -> String { parameters[name] ?? "" }

    /// The body parsed as JSON.
    package func jsonBody() throws(JSONParseError) -> JSONValue { try JSONValue.parse(body) }
}
