import CommerceCore
import Foundation
import Hummingbird

/// The routes of one part of the sandbox (a service, the control plane, the console): handlers that take a
/// ``SandboxRequest`` and return a ``SandboxResponse``, each under a method and a Hummingbird path pattern.
///
/// Patterns are Hummingbird's: literal segments, `:name` for one segment and a trailing `**` for the rest of the
/// path; literals beat captures, which beat `**`. Segments match on the raw (still percent-encoded) path and
/// parameters are decoded afterwards, so an encoded `/` stays inside its segment. Registering only records the
/// route: ``RouteTable`` turns the patterns into Hummingbird's router once per process and each world's
/// handlers into its ``RouteBindings``, so a new world (a session) costs closures, not a router.
package final class ServiceRoutes {
    package typealias Handler = @Sendable (SandboxRequest) async throws -> SandboxResponse

    struct Route {
        let method: HTTPMethod
        let pattern: String
        let handler: Handler
    }

    /// Every route, in registration order.
    private(set) var routes: [Route] = []

    init() {}

    package func on(_ method: HTTPMethod, _ pattern: String, handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: pattern, handler: handler))
    }

    package func get(_ pattern: String, handler: @escaping Handler) { on(.get, pattern, handler: handler) }
    package func post(_ pattern: String, handler: @escaping Handler) { on(.post, pattern, handler: handler) }
    package func put(_ pattern: String, handler: @escaping Handler) { on(.put, pattern, handler: handler) }
    package func patch(_ pattern: String, handler: @escaping Handler) { on(.patch, pattern, handler: handler) }
    package func delete(_ pattern: String, handler: @escaping Handler) { on(.delete, pattern, handler: handler) }
}
