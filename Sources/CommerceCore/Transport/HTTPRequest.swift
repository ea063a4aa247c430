import Foundation

/// An HTTP method. A struct rather than an enum so uncommon methods need no new case.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }

    public static let get: HTTPMethod = "GET"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let head: HTTPMethod = "HEAD"
    public static let options: HTTPMethod = "OPTIONS"

    /// RFC 9110 §9.2.2: repeating these requests has the same effect as sending them once.
    public var isIdempotent: Bool {
        [.get, .head, .put, .delete, .options].contains(self) || rawValue == "TRACE"
    }
}

/// One HTTP request as the client modules build it, independent of any HTTP library.
public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?
    /// Per-attempt time limit; `nil` leaves it to the transport's default.
    public var timeout: Duration?
    /// Overrides the retry decision: `true` for a request the caller made safe to repeat (for example a
    /// full-state update), `false` to forbid retries. `nil` derives it from the method and `Idempotency-Key`.
    public var allowsRetry: Bool?

    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
                timeout: Duration? = nil, allowsRetry: Bool? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.allowsRetry = allowsRetry
    }

    /// Whether a retry policy may repeat this request after a failure.
    public var isRetryable: Bool {
        allowsRetry ?? (method.isIdempotent || headers["Idempotency-Key"] != nil)
    }
}
