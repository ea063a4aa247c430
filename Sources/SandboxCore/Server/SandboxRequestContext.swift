import Hummingbird
import Logging
import NIOCore

/// Request context that remembers the peer address (deferred links can match on it), the connection (a drop
/// fault closes it) and the request as the sandbox's routes read it.
package struct SandboxRequestContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// `nil` when a test answers requests in-process, without a connection.
    let channel: (any Channel)?
    /// Set by ``SandboxPipelineMiddleware`` once the body is read; what every ``SandboxEndpoint`` answers.
    var sandboxRequest: SandboxRequest?
    /// The service owning the request's path (`nil` for `/sandbox/` and unowned paths), set with it.
    var owner: (any SandboxService)?
    /// The world answering this request, set by its ``BoundResponder`` before the shared router runs.
    var bindings: RouteBindings?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// A context for requests answered in-process (no socket, so a drop fault cannot close anything).
    init(inProcess logger: Logger, remoteAddress: SocketAddress? = nil) {
        coreContext = .init(source: InProcessSource(logger: logger))
        self.remoteAddress = remoteAddress
        channel = nil
    }

    private struct InProcessSource: RequestContextSource {
        let logger: Logger
    }
}
