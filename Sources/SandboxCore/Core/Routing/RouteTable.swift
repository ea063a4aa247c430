import CommerceCore
import Foundation
import Hummingbird
import Logging

/// Every route of one sandbox world, part by part (the control plane, the console, each service), and how they are
/// answered: the patterns become Hummingbird's router (the pipeline middleware, one endpoint per route, and a 405 in
/// the owning prefix's envelope for every answered method a known path lacks; HEAD is answered by each GET route),
/// and the handlers become the world's ``RouteBindings``.
///
/// The router depends on the patterns only, so it is built once per process for each distinct set of routes and
/// shared by every world that registers the same ones (the main port and every session): building Hummingbird's
/// trie for ~450 routes was most of the cost of starting a session.
package struct RouteTable {
    /// Methods a path answers 405 for when it has routes for others.
    static let answeredMethods: [HTTPMethod] = [.get, .post, .put, .patch, .delete]

    private(set) var parts: [ServiceRoutes] = []

    package init() {}

    /// Adds a part's routes, registered by `register`.
    package mutating func add(_ register: (ServiceRoutes) -> Void) {
        let routes = ServiceRoutes()
        register(routes)
        parts.append(routes)
    }

    /// Every route as (method, pattern), in registration order: what the OpenAPI tests compare the documents with.
    package var registered: [(method: HTTPMethod, pattern: String)] {
        parts.flatMap(\.routes).map { ($0.method, $0.pattern) }
    }

    /// What answers this world's requests: the process's router for these patterns, bound to this world's
    /// handlers and context.
    package func responder(context: SandboxContext, logger: Logger) -> BoundResponder {
        let routes = parts.flatMap(\.routes)
        let bindings = RouteBindings(
            context: context, handlers: routes.map(\.handler), logger: logger,
            wireLog: WireLog.open(for: context.options, logger: logger))
        return BoundResponder(
            router: Self.sharedRouter(for: routes.map { ($0.method, $0.pattern) }), bindings: bindings)
    }

    /// The routers built so far, by their routes' signature (every method and pattern in order).
    private static let routers = Locked<[String: SharedRouter]>([:])

    private static func sharedRouter(for routes: [(method: HTTPMethod, pattern: String)]) -> SharedRouter {
        let signature = routes.map { "\($0.method.rawValue) \($0.pattern)" }.joined(separator: "\n")
        if let router = routers.withLock({ $0[signature] }) { return router }
        // Built outside the lock: two worlds starting at once may both build it, and one of the equal routers wins.
        let built = SharedRouter(responder: makeRouter(for: routes).buildResponder())
        return routers.withLock { cache in
            if let router = cache[signature] { return router }
            cache[signature] = built
            return built
        }
    }

    /// Hummingbird's router over `routes`: route number `n` answers with the bound world's handler `n`.
    private static func makeRouter(for routes: [(method: HTTPMethod, pattern: String)]) -> Router<
        SandboxRequestContext
    > {
        let router = Router(context: SandboxRequestContext.self, options: [.autoGenerateHeadEndpoints])
        router.add(middleware: SandboxPipelineMiddleware())
        var methodsByPattern: [String: [HTTPMethod]] = [:]
        var patternOrder: [String] = []
        for (slot, route) in routes.enumerated() {
            add(
                route.method, route.pattern,
                SandboxEndpoint(method: route.method, pattern: route.pattern, answer: .route(slot)), to: router)
            if methodsByPattern[route.pattern] == nil { patternOrder.append(route.pattern) }
            methodsByPattern[route.pattern, default: []].append(route.method)
        }
        // A 405 for each answered method missing from a known pattern (patterns are shared across parts:
        // `/sandbox/clock` may have GET in one and POST in another).
        for pattern in patternOrder {
            let allowed = methodsByPattern[pattern] ?? []
            for method in answeredMethods where !allowed.contains(method) {
                add(
                    method, pattern,
                    SandboxEndpoint(method: method, pattern: pattern, answer: .methodNotAllowed(allowed)), to: router)
            }
        }
        return router
    }

    private static func add(
        _ method: HTTPMethod, _ pattern: String, _ endpoint: SandboxEndpoint, to router: Router<SandboxRequestContext>
    ) {
        guard let hummingbirdMethod = HTTPRequest.Method(method.rawValue) else { return }
        router.on(RouterPath(pattern), method: hummingbirdMethod, responder: endpoint)
    }
}

/// Hummingbird's router for one set of routes, shared by every world that registers them.
package final class SharedRouter: Sendable {
    let responder: RouterResponder<SandboxRequestContext>
    init(responder: RouterResponder<SandboxRequestContext>) { self.responder = responder }
}

/// One world's side of the shared router: its context (database, clock, faults, journal), its handlers in route
/// order, and where its exchanges are logged. Everything a request touches comes from here.
package struct RouteBindings: Sendable {
    let context: SandboxContext
    let handlers: [ServiceRoutes.Handler]
    let logger: Logger
    let wireLog: WireLog?
}

/// The shared router answering for one world: it puts the world's ``RouteBindings`` in the request context first.
package struct BoundResponder: HTTPResponder {
    package typealias Context = SandboxRequestContext

    let router: SharedRouter
    let bindings: RouteBindings

    package func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        var bound = context
        bound.bindings = bindings
        return try await router.responder.respond(to: request, context: bound)
    }
}
