import Foundation

/// An HTTP method. A struct rather than an enum so uncommon methods need no new case.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method name in upper case, such as `POST`.
    public let rawValue: String
    /// A method from its name, in any letter case.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    /// A method from a string literal, in any letter case.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The upper-case method name.
    public var description: String { rawValue }

    /// Reads a resource; safe and idempotent.
    public static let get: HTTPMethod = "GET"
    /// Creates or acts; not idempotent, so retried only with an `Idempotency-Key` or ``HTTPRequest/allowsRetry``.
    public static let post: HTTPMethod = "POST"
    /// Replaces a resource; idempotent.
    public static let put: HTTPMethod = "PUT"
    /// Changes part of a resource; not idempotent.
    public static let patch: HTTPMethod = "PATCH"
    /// Removes a resource; idempotent.
    public static let delete: HTTPMethod = "DELETE"
    /// Like GET without the body; safe and idempotent.
    public static let head: HTTPMethod = "HEAD"
    /// Asks which methods a resource allows; safe and idempotent.
    public static let options: HTTPMethod = "OPTIONS"

    /// RFC 9110 §9.2.2: repeating these requests has the same effect as sending them once.
    public var isIdempotent: Bool {
        [.get, .head, .put, .delete, .options].contains(self) || rawValue == "TRACE"
    }
}

/// One HTTP request as the client modules build it, independent of any HTTP library.
public struct HTTPRequest: Sendable, Equatable {
    /// The method; it decides whether the request may be retried.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields to send; the transport may add its own, such as `Content-Length`.
    public var headers: HTTPHeaders
    /// The bytes to send, or nil for no body.
    public var body: Data?
    /// Per-attempt time limit; `nil` leaves it to the transport's default.
    public var timeout: Duration?
    /// Overrides the retry decision: `true` for a request the caller made safe to repeat (for example a
    /// full-state update), `false` to forbid retries. `nil` derives it from the method and `Idempotency-Key`.
    public var allowsRetry: Bool?

    /// Creates a request; only `method` and `url` are required.
    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil,
        timeout: Duration? = nil, allowsRetry: Bool? = nil
    ) {
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
