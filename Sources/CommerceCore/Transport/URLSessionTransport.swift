import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over Foundation's `URLSession` (FoundationNetworking on Linux). Requests never
/// send or store cookies, whatever the session's configuration says.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through; on Linux, a cookie-free stand-in when the one passed in handles cookies.
    public let session: URLSession

    /// Wraps `session`. On Linux, where FoundationNetworking ignores a request's `httpShouldHandleCookies`,
    /// a session whose configuration handles cookies is replaced by one with the same configuration
    /// (and delegate) minus cookie handling, so the rule holds on every platform.
    public init(session: URLSession = .shared) {
        #if canImport(FoundationNetworking)
        let configuration = session.configuration
        if session === URLSession.shared {
            // Every default-argument transport lands here: share one replacement rather than leaking a
            // session (and its worker thread) per client object.
            self.session = Self.sharedWithoutCookies
        } else if configuration.httpShouldSetCookies || configuration.httpCookieStorage != nil {
            self.session = URLSession(
                configuration: Self.withoutCookies(configuration),
                delegate: session.delegate, delegateQueue: session.delegateQueue)
        } else {
            self.session = session
        }
        #else
        self.session = session
        #endif
    }

    #if canImport(FoundationNetworking)
    /// Stands in for `URLSession.shared`, whose configuration handles cookies.
    private static let sharedWithoutCookies = URLSession(configuration: withoutCookies())
    #endif

    /// Switches cookie handling off in `configuration` (sending, storing and accepting) and returns it.
    /// CommerceKit's default sessions are built from this.
    public static func withoutCookies(_ configuration: URLSessionConfiguration = .default) -> URLSessionConfiguration {
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.httpCookieAcceptPolicy = .never
        return configuration
    }

    /// Sends `request` with `URLSession` and reads the whole body.
    /// - Throws: ``TransportError`` when no HTTP response arrived.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        // No CommerceKit service uses cookies, and the Storefront wire rules forbid them
        // (Rules/Storefront.md §3.1): a session that handles cookies must neither send its store's cookies nor
        // keep the service's.
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        urlRequest.httpBody = request.body
        guard let timeout = request.timeout else { return try await perform(urlRequest) }
        // FoundationNetworking on Linux fires sub-second timeouts almost at once, so the limit is enforced
        // here and URLSession's own only backs it up.
        urlRequest.timeoutInterval = max(1, timeout.timeInterval * 2)
        let limited = urlRequest
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await perform(limited) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TransportError.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TransportError.cancelled }
            return first
        }
    }

    private func perform(_ urlRequest: URLRequest) async throws -> HTTPResponse {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: Self.transportError(error))
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: TransportError.invalidResponse("not an HTTP response"))
                        return
                    }
                    var headers = HTTPHeaders()
                    for (name, value) in http.allHeaderFields {
                        headers.add(name: String(describing: name), value: String(describing: value))
                    }
                    continuation.resume(
                        returning: HTTPResponse(statusCode: http.statusCode, headers: headers, body: data ?? Data()))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    private static func transportError(_ error: Error) -> TransportError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .connectionFailed(nsError.localizedDescription) }
        switch nsError.code {
        case NSURLErrorTimedOut: return .timedOut
        case NSURLErrorCancelled: return .cancelled
        default: return .connectionFailed(nsError.localizedDescription)
        }
    }
}

/// Holds the data task so a Swift task cancellation can cancel it, whichever happens first.
private final class TaskBox: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((task: nil, cancelled: false))

    func set(_ task: URLSessionDataTask) {
        state.withLock { state in
            state.task = task
            if state.cancelled { task.cancel() }
        }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.task?.cancel()
        }
    }
}

/// Bridges Swift's `Duration` to the `TimeInterval` Foundation's URL loading expects.
extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
