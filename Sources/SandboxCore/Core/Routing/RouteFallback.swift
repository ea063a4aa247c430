import CommerceCore
import Foundation

/// How a service answers, under one of its prefixes, a path that matches no route or a method a known path
/// does not allow, so every reply keeps that service's envelope.
package struct RouteFallback: Sendable {
    var notFound: @Sendable (SandboxRequest) -> SandboxResponse
    var methodNotAllowed: @Sendable (SandboxRequest, _ allowed: [HTTPMethod]) -> SandboxResponse

    package init(
        notFound: @escaping @Sendable (SandboxRequest) -> SandboxResponse,
        methodNotAllowed: @escaping @Sendable (SandboxRequest, [HTTPMethod]) -> SandboxResponse
    ) {
        self.notFound = notFound
        self.methodNotAllowed = methodNotAllowed
    }

    /// 404 and 405 answers built from envelopes, with `headers` on both; a 405 whose envelope does not name the
    /// allowed methods itself gets them in `Allow`.
    package init<NotFound: ServiceErrorEnvelope, NotAllowed: ServiceErrorEnvelope>(
        headers: HTTPHeaders = [:], notFound: @escaping @Sendable (SandboxRequest) -> NotFound,
        methodNotAllowed: @escaping @Sendable (SandboxRequest, _ allowed: [HTTPMethod]) -> NotAllowed
    ) {
        self.init(
            notFound: { notFound($0).response(adding: headers) },
            methodNotAllowed: { request, allowed in
                var response = methodNotAllowed(request, allowed).response(adding: headers)
                if response.headers["Allow"] == nil {
                    response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
                }
                return response
            })
    }

    /// What a path no service claims gets.
    static let plain = RouteFallback(
        notFound: {
            SandboxPlainError(status: 404, message: "No route for \($0.method) \($0.path) in the CommerceKit sandbox")
                .response
        },
        methodNotAllowed: { request, _ in
            SandboxPlainError(status: 405, message: "Method \(request.method) is not allowed on \(request.path)")
                .response
        })
}

/// A path prefix a service owns: the one registry of who answers where. A vendor prefix names the service in the
/// journal and picks the envelope of an injected fault; every prefix, `/sandbox/<service>/` ones included, says
/// how unmatched paths and methods under it are answered. The longest matching prefix of any service wins.
package struct ServicePrefix: Sendable {
    let path: String
    let fallback: RouteFallback

    package init(_ path: String, _ fallback: RouteFallback = .plain) {
        self.path = path
        self.fallback = fallback
    }

    /// A vendor path (faults and the journal apply), not one of the sandbox's own `/sandbox/` routes.
    var isVendor: Bool { !path.hasPrefix("/sandbox/") }
}
