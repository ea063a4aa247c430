import Foundation

/// A complete HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code, such as 200 or 404.
    public var statusCode: Int
    /// The response's header fields.
    public var headers: HTTPHeaders
    /// The whole body; empty when the response had none.
    public var body: Data

    /// Creates a response, as transports and test doubles do.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The `Retry-After` header as a delay, when it holds a number of seconds.
    public var retryAfter: Duration? {
        guard let raw = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces),
            let seconds = Double(raw), seconds >= 0, seconds.isFinite
        else { return nil }
        // A day is longer than any client would wait; capping keeps a hostile value from trapping Int64(_:).
        return .milliseconds(Int64(min(seconds, 86_400) * 1000))
    }
}
