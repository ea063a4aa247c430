import CommerceCore
import Foundation
import Hummingbird

/// One route's handler as a Hummingbird responder: it takes the request the pipeline middleware prepared,
/// adds the route's decoded parameters, and leaves its answer in the exchange for the middleware to send.
struct SandboxEndpoint: HTTPResponder {
    typealias Context = SandboxRequestContext

    let names: [String]
    let catchesAll: Bool
    let handler: SandboxRouter.Handler

    init(pattern: String, handler: @escaping SandboxRouter.Handler) {
        let segments = pattern.split(separator: "/")
        names = segments.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        catchesAll = segments.last == "**"
        self.handler = handler
    }

    func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        guard let exchange = context.exchange else {
            throw HTTPError(.internalServerError, message: "no sandbox exchange")
        }
        var sandboxRequest = exchange.request
        for name in names {
            guard let raw = context.parameters.get(name) else { continue }
            sandboxRequest.parameters[name] = raw.removingPercentEncoding ?? raw
        }
        if catchesAll, let rest = context.parameters[Parameters.recursiveCaptureKey] {
            sandboxRequest.catchAll = rest.removingPercentEncoding ?? String(rest)
        }
        exchange.response = try await handler(sandboxRequest)
        // The middleware sends the exchange's answer (after faults); this placeholder never leaves the server.
        return Response(status: .ok)
    }
}

/// One request on its way through the pipeline middleware to an endpoint and back.
// @unchecked: `response` is written once by the endpoint, and read by the middleware only after the endpoint's
// call (which it awaits) has returned.
final class SandboxExchange: @unchecked Sendable {
    let request: SandboxRequest
    /// Set by the endpoint; read by the middleware once the endpoint returned.
    var response: SandboxResponse?

    init(request: SandboxRequest) { self.request = request }
}
