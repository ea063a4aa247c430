import CommerceCore
import Foundation

/// The sandbox's request router. Each service registers its routes and, per path prefix, how to answer a
/// path it does not know or a method it does not allow, so every reply keeps that service's envelope.
///
/// Patterns are literal segments, `:name` for one segment, and a trailing `**` for the rest of the path.
/// Segments match on the raw (still percent-encoded) path and parameters are decoded afterwards, so an
/// encoded `/` stays inside its segment.
public final class SandboxRouter: @unchecked Sendable {
    public typealias Handler = @Sendable (SandboxRequest) async throws -> SandboxResponse

    /// How a service answers requests under its prefix that match no route.
    public struct Fallback: Sendable {
        public var notFound: @Sendable (SandboxRequest) -> SandboxResponse
        public var methodNotAllowed: @Sendable (SandboxRequest, _ allowed: [HTTPMethod]) -> SandboxResponse

        public init(notFound: @escaping @Sendable (SandboxRequest) -> SandboxResponse,
                    methodNotAllowed: @escaping @Sendable (SandboxRequest, [HTTPMethod]) -> SandboxResponse) {
            self.notFound = notFound
            self.methodNotAllowed = methodNotAllowed
        }
    }

    private struct Route {
        let method: HTTPMethod
        let segments: [Substring]
        let catchAll: Bool
        let handler: Handler
    }

    private let lock = NSLock()
    private var routes: [Route] = []
    private var fallbacks: [(prefix: String, fallback: Fallback)] = []

    public init() {}

    public func on(_ method: HTTPMethod, _ pattern: String, handler: @escaping Handler) {
        var segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
        let catchAll = segments.last == "**"
        if catchAll { segments.removeLast() }
        lock.withLock { routes.append(Route(method: method, segments: segments, catchAll: catchAll, handler: handler)) }
    }

    public func get(_ pattern: String, handler: @escaping Handler) { on(.get, pattern, handler: handler) }
    public func post(_ pattern: String, handler: @escaping Handler) { on(.post, pattern, handler: handler) }
    public func put(_ pattern: String, handler: @escaping Handler) { on(.put, pattern, handler: handler) }
    public func patch(_ pattern: String, handler: @escaping Handler) { on(.patch, pattern, handler: handler) }
    public func delete(_ pattern: String, handler: @escaping Handler) { on(.delete, pattern, handler: handler) }

    /// Sets how unmatched requests whose path starts with `prefix` are answered; the longest prefix wins.
    public func fallback(forPrefix prefix: String, _ fallback: Fallback) {
        lock.withLock { fallbacks.append((prefix, fallback)) }
    }

    /// Finds the handler for a request, filling in its parameters.
    public func resolve(_ request: SandboxRequest) -> (Handler, SandboxRequest)? {
        let (routes, _) = snapshot()
        let pathSegments = request.rawPath.split(separator: "/", omittingEmptySubsequences: true)
        // The most specific route wins: no catch-all before catch-all, then more literal segments.
        var best: (score: Int, handler: Handler, request: SandboxRequest)?
        for route in routes where route.method == request.method || (request.method == .head && route.method == .get) {
            guard let matched = match(route, pathSegments, request) else { continue }
            let literals = route.segments.filter { !$0.hasPrefix(":") }.count
            let score = (route.catchAll ? 0 : 1_000) + literals
            if score > (best?.score ?? -1) { best = (score, route.handler, matched) }
        }
        return best.map { ($0.handler, $0.request) }
    }

    /// Answers a request: the matching route, else the prefix fallback (404 or 405), else a plain JSON 404.
    public func respond(to request: SandboxRequest) async throws -> SandboxResponse {
        if let (handler, matched) = resolve(request) { return try await handler(matched) }
        let (routes, fallbacks) = snapshot()
        let pathSegments = request.rawPath.split(separator: "/", omittingEmptySubsequences: true)
        let allowed = routes.filter { match($0, pathSegments, request) != nil }.map(\.method)
        let fallback = fallbacks.filter { request.rawPath.hasPrefix($0.prefix) }
            .max { $0.prefix.count < $1.prefix.count }?.fallback
        if !allowed.isEmpty {
            var unique: [HTTPMethod] = []
            for method in allowed where !unique.contains(method) { unique.append(method) }
            if let fallback { return fallback.methodNotAllowed(request, unique) }
            return .json(["error": .string("Method \(request.method) is not allowed on \(request.path)")], status: 405,
                         headers: ["Allow": unique.map(\.rawValue).joined(separator: ", ")])
        }
        if let fallback { return fallback.notFound(request) }
        return .json(["error": .string("No route for \(request.method) \(request.path) in the CommerceKit sandbox")], status: 404)
    }

    private func snapshot() -> ([Route], [(prefix: String, fallback: Fallback)]) {
        lock.withLock { (routes, fallbacks) }
    }

    private func match(_ route: Route, _ path: [Substring], _ request: SandboxRequest) -> SandboxRequest? {
        if route.catchAll {
            guard path.count > route.segments.count else { return nil }
        } else {
            guard path.count == route.segments.count else { return nil }
        }
        var parameters: [String: String] = [:]
        for (pattern, segment) in zip(route.segments, path) {
            if pattern.hasPrefix(":") {
                parameters[String(pattern.dropFirst())] = segment.removingPercentEncoding ?? String(segment)
            } else if pattern != segment {
                return nil
            }
        }
        var matched = request
        matched.parameters = parameters
        if route.catchAll {
            let rest = path[route.segments.count...].joined(separator: "/")
            matched.catchAll = rest.removingPercentEncoding ?? rest
        }
        return matched
    }
}
