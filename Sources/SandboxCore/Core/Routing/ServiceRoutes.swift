import CommerceCore
import Foundation
import Hummingbird

/// The routes of one part of the sandbox (a service, the control plane, the console) as Hummingbird's
/// `RouteCollection`, with handlers that take a ``SandboxRequest`` and return a ``SandboxResponse``.
///
/// Patterns are Hummingbird's: literal segments, `:name` for one segment and a trailing `**` for the rest of the
/// path; literals beat captures, which beat `**`. Segments match on the raw (still percent-encoded) path and
/// parameters are decoded afterwards, so an encoded `/` stays inside its segment. Besides the collection this
/// keeps the methods of each pattern: a known path answers 405 for a method it lacks (``RouteTable``), and
/// the OpenAPI tests compare the documents with what is registered.
package final class ServiceRoutes {
    package typealias Handler = @Sendable (SandboxRequest) async throws -> SandboxResponse

    let collection = RouteCollection(context: SandboxRequestContext.self)
    /// Every route as (method, pattern), in registration order.
    private(set) var registered: [(method: HTTPMethod, pattern: String)] = []

    init() {}

    package func on(_ method: HTTPMethod, _ pattern: String, handler: @escaping Handler) {
        guard let hummingbirdMethod = HTTPRequest.Method(method.rawValue) else { return }
        _ = collection.on(
            RouterPath(pattern), method: hummingbirdMethod,
            responder: SandboxEndpoint(pattern: pattern, handler: handler))
        registered.append((method, pattern))
    }

    package func get(_ pattern: String, handler: @escaping Handler) { on(.get, pattern, handler: handler) }
    package func post(_ pattern: String, handler: @escaping Handler) { on(.post, pattern, handler: handler) }
    package func put(_ pattern: String, handler: @escaping Handler) { on(.put, pattern, handler: handler) }
    package func patch(_ pattern: String, handler: @escaping Handler) { on(.patch, pattern, handler: handler) }
    package func delete(_ pattern: String, handler: @escaping Handler) { on(.delete, pattern, handler: handler) }
}
