import CommerceCore
import Foundation

/// A transport for tests: every request is recorded and answered by a closure, with no network involved.
public final class InMemoryTransport: HTTPTransport, Sendable {
    /// The closure that answers a request; throw to make the send fail as the network would.
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let state: Locked<(handler: Handler, recorded: [HTTPRequest])>
    private let sent = TestSignal()

    /// - Parameter handler: answers each request; throw a `TransportError` (CommerceCore) to simulate a network
    ///   failure.
    public init(handler: @escaping Handler = { _ in HTTPResponse(statusCode: 404) }) {
        self.state = Locked((handler, []))
    }

    /// Answers every request with the given responses in order, repeating the last one.
    public convenience init(responses: [HTTPResponse]) {
        let queue = Locked(responses)
        self.init { _ in
            queue.withLock { responses in
                guard let first = responses.first else { return HTTPResponse(statusCode: 404) }
                if responses.count > 1 { responses.removeFirst() }
                return first
            }
        }
    }

    /// Every request sent so far, oldest first.
    public var requests: [HTTPRequest] { state[\.recorded] }

    /// Returns once `count` requests have been sent in total (at once if they have), so a test can wait for a
    /// request to go out instead of sleeping. It waits without a deadline, as ``TestSignal/wait(for:deadline:)`` does by default.
    public func waitForRequests(_ count: Int = 1) async throws { try await sent.wait(for: count) }

    /// Replaces the handler for the requests that follow.
    public func respond(with handler: @escaping Handler) {
        state[\.handler] = handler
    }

    /// Records `request`, then answers it with the handler in place at that moment.
    /// - Throws: Whatever the handler throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let current: Handler = state.withLock { state in
            state.recorded.append(request)
            return state.handler
        }
        sent.fire()
        return try await current(request)
    }
}

extension HTTPResponse {
    /// A JSON response for tests and fixtures.
    public static func json(_ status: Int, _ body: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var all = headers
        all["Content-Type"] = "application/json"
        return HTTPResponse(statusCode: status, headers: all, body: Data(body.utf8))
    }
}
