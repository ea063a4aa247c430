import CommerceCore
import Foundation
import Hummingbird
import Logging

/// Where services register their routes and, per path prefix, how to answer a path they do not know or a
/// method they do not allow, so every reply keeps that service's envelope. Dispatch is Hummingbird's trie
/// ``Router`` (``hummingbirdRouter(context:logger:)``): literal segments beat `:name` captures, which beat a
/// trailing `**`.
///
/// Patterns are literal segments, `:name` for one segment, and a trailing `**` for the rest of the path.
/// Segments match on the raw (still percent-encoded) path and parameters are decoded afterwards, so an
/// encoded `/` stays inside its segment.
public final class SandboxRouter: Sendable {
    public typealias Handler = @Sendable (SandboxRequest) async throws -> SandboxResponse

    /// How a service answers requests under its prefix that match no route.
    public struct Fallback: Sendable {
        public var notFound: @Sendable (SandboxRequest) -> SandboxResponse
        public var methodNotAllowed: @Sendable (SandboxRequest, _ allowed: [HTTPMethod]) -> SandboxResponse

        public init(
            notFound: @escaping @Sendable (SandboxRequest) -> SandboxResponse,
            methodNotAllowed: @escaping @Sendable (SandboxRequest, [HTTPMethod]) -> SandboxResponse
        ) {
            self.notFound = notFound
            self.methodNotAllowed = methodNotAllowed
        }

        /// What a path no service claims gets.
        static let plain = Fallback(
            notFound: {
                SandboxPlainError(
                    status: 404, message: "No route for \($0.method) \($0.path) in the CommerceKit sandbox")
            },
            methodNotAllowed: { request, _ in
                SandboxPlainError(status: 405, message: "Method \(request.method) is not allowed on \(request.path)")
            })
    }

    struct Route: Sendable {
        let method: HTTPMethod
        let pattern: String
        let handler: Handler
    }

    /// Methods a path answers 405 for when it has routes for others.
    static let answeredMethods: [HTTPMethod] = [.get, .post, .put, .patch, .delete]

    // Registration happens once, before the server starts; the lock keeps the class honest about Sendable.
    private let routes = Locked<[Route]>([])
    private let fallbacks = Locked<[(prefix: String, fallback: Fallback)]>([])

    public init() {}

    public func on(_ method: HTTPMethod, _ pattern: String, handler: @escaping Handler) {
        routes.withLock { $0.append(Route(method: method, pattern: pattern, handler: handler)) }
    }

    public func get(_ pattern: String, handler: @escaping Handler) { on(.get, pattern, handler: handler) }
    public func post(_ pattern: String, handler: @escaping Handler) { on(.post, pattern, handler: handler) }
    public func put(_ pattern: String, handler: @escaping Handler) { on(.put, pattern, handler: handler) }
    public func patch(_ pattern: String, handler: @escaping Handler) { on(.patch, pattern, handler: handler) }
    public func delete(_ pattern: String, handler: @escaping Handler) { on(.delete, pattern, handler: handler) }

    /// Every registered route as (method, pattern), in registration order: what the OpenAPI tests compare the
    /// documents with.
    var registeredRoutes: [(method: HTTPMethod, pattern: String)] {
        routes.current.map { ($0.method, $0.pattern) }
    }

    /// Sets how unmatched requests whose path starts with `prefix` are answered; the longest prefix wins.
    public func fallback(forPrefix prefix: String, _ fallback: Fallback) {
        fallbacks.withLock { $0.append((prefix, fallback)) }
    }

    /// The fallback of the longest registered prefix of `rawPath`, or the plain one.
    func fallback(for rawPath: String) -> Fallback {
        fallbacks.current.filter { rawPath.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.fallback
            ?? .plain
    }

    /// Hummingbird's router for every registered route, with the request pipeline (body limits, faults,
    /// journal, fallbacks) as its middleware and a 405 in the owning service's envelope for every other
    /// method on a known path. HEAD is answered by each GET route.
    func hummingbirdRouter(context: SandboxContext, logger: Logger) -> Router<SandboxRequestContext> {
        let router = Router(context: SandboxRequestContext.self, options: [.autoGenerateHeadEndpoints])
        router.add(
            middleware: SandboxPipelineMiddleware(
                context: context, router: self, logger: logger,
                wireLog: WireLog.open(for: context.options, logger: logger)))
        let registered = routes.current
        var methodsByPattern: [String: [HTTPMethod]] = [:]
        var patternOrder: [String] = []
        for route in registered {
            guard let method = HTTPRequest.Method(route.method.rawValue) else { continue }
            router.on(
                RouterPath(route.pattern), method: method,
                responder: SandboxEndpoint(pattern: route.pattern, handler: route.handler))
            if methodsByPattern[route.pattern] == nil { patternOrder.append(route.pattern) }
            methodsByPattern[route.pattern, default: []].append(route.method)
        }
        for pattern in patternOrder {
            let allowed = methodsByPattern[pattern] ?? []
            for method in Self.answeredMethods where !allowed.contains(method) {
                guard let hbMethod = HTTPRequest.Method(method.rawValue) else { continue }
                router.on(
                    RouterPath(pattern), method: hbMethod,
                    responder: SandboxEndpoint(pattern: pattern) { [self] request in
                        fallback(for: request.rawPath).methodNotAllowed(request, allowed)
                    })
            }
        }
        return router
    }
}
