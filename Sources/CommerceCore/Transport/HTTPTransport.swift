import Foundation

/// Sends one HTTP request and returns the complete response. Client modules talk to the network only through
/// this protocol, so tests swap in `InMemoryTransport` (from `CommerceTesting`) and apps can add their own logging or pinning.
public protocol HTTPTransport: Sendable {
    /// Throws ``TransportError`` when no HTTP response arrived; any HTTP status, even 5xx, is a response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Why no HTTP response arrived.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No response arrived within the request's time limit.
    case timedOut
    /// The task sending the request was cancelled.
    case cancelled
    /// No connection could be made or it broke; the text is the platform's reason.
    case connectionFailed(String)
    /// Something answered, but not with HTTP the transport could read; the text says what was wrong.
    case invalidResponse(String)

    /// A one-line English explanation for logs.
    public var description: String {
        switch self {
        case .timedOut: "The request timed out."
        case .cancelled: "The request was cancelled."
        case .connectionFailed(let reason): "The connection failed: \(reason)"
        case .invalidResponse(let reason): "The response was not valid HTTP: \(reason)"
        }
    }
}
