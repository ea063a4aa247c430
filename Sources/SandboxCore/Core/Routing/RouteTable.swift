import CommerceCore
import Foundation
import Hummingbird
import Logging

/// Every route of one sandbox, part by part (the control plane, the console, each service), and how they become
/// Hummingbird's router: the pipeline middleware, each part's `RouteCollection`, and a 405 in the owning
/// prefix's envelope for every answered method a known path lacks. HEAD is answered by each GET route.
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
    package var registered: [(method: HTTPMethod, pattern: String)] { parts.flatMap(\.registered) }

    package func router(context: SandboxContext, logger: Logger) -> Router<SandboxRequestContext> {
        let router = Router(context: SandboxRequestContext.self, options: [.autoGenerateHeadEndpoints])
        router.add(
            middleware: SandboxPipelineMiddleware(
                context: context, logger: logger, wireLog: WireLog.open(for: context.options, logger: logger)))
        for part in parts { router.addRoutes(part.collection) }
        router.addRoutes(methodNotAllowedRoutes(context: context).collection)
        return router
    }

    /// A 405 endpoint for each answered method missing from a known pattern (patterns are shared across parts:
    /// `/sandbox/clock` may have GET in one and POST in another).
    private func methodNotAllowedRoutes(context: SandboxContext) -> ServiceRoutes {
        var methodsByPattern: [String: [HTTPMethod]] = [:]
        var patternOrder: [String] = []
        for route in registered {
            if methodsByPattern[route.pattern] == nil { patternOrder.append(route.pattern) }
            methodsByPattern[route.pattern, default: []].append(route.method)
        }
        let routes = ServiceRoutes()
        for pattern in patternOrder {
            let allowed = methodsByPattern[pattern] ?? []
            for method in Self.answeredMethods where !allowed.contains(method) {
                routes.on(method, pattern) { request in
                    context.fallback(for: request.rawPath).methodNotAllowed(request, allowed)
                }
            }
        }
        return routes
    }
}
