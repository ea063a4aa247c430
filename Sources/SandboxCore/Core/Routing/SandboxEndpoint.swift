import CommerceCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// One route of the shared router as a Hummingbird responder: it takes the ``SandboxRequest`` the pipeline
/// middleware put in the context, adds the route's decoded parameters, and answers through the pipeline with the
/// bound world's handler for the route (or the owning prefix's 405).
struct SandboxEndpoint: HTTPResponder {
    typealias Context = SandboxRequestContext

    enum Answer {
        /// The bound world's handler at this index of its ``RouteBindings``.
        case route(Int)
        /// The path is known, but not with this method.
        case methodNotAllowed([HTTPMethod])
    }

    let names: [String]
    let catchesAll: Bool
    /// A GET endpoint also answers HEAD (Hummingbird's generated HEAD endpoints call it); the pipeline then sees
    /// the answer without its body, as the client does.
    let answersHeadAsGet: Bool
    let answer: Answer

    init(method: HTTPMethod, pattern: String, answer: Answer) {
        let segments = pattern.split(separator: "/")
        names = segments.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        catchesAll = segments.last == "**"
        answersHeadAsGet = method == .get
        self.answer = answer
    }

    func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        guard var sandboxRequest = context.sandboxRequest, let bindings = context.bindings else {
            throw HTTPError(.internalServerError, message: "the route was reached without the sandbox middleware")
        }
        for name in names {
            guard let raw = context.parameters.get(name) else { continue }
            sandboxRequest.parameters[name] = raw.removingPercentEncoding ?? raw
        }
        if catchesAll, let rest = context.parameters[Parameters.recursiveCaptureKey] {
            sandboxRequest.catchAll = rest.removingPercentEncoding ?? String(rest)
        }
        let stripsBody = answersHeadAsGet && sandboxRequest.method == .head
        return await bindings.answer(sandboxRequest, owner: context.owner, channel: context.channel) { request in
            var response: SandboxResponse
            switch answer {
            case .route(let slot):
                guard bindings.handlers.indices.contains(slot) else {
                    throw HTTPError(.internalServerError, message: "the world has no handler for this route")
                }
                response = try await bindings.handlers[slot](request)
            case .methodNotAllowed(let allowed):
                response = bindings.context.fallback(for: request.rawPath).methodNotAllowed(request, allowed)
            }
            if stripsBody { response.body = Data() }
            return response
        }
    }
}

extension SandboxResponse {
    /// This response as Hummingbird sends it (an empty body for HEAD).
    func hummingbirdResponse(isHead: Bool = false) -> Response {
        var fields = HTTPFields()
        for header in headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let body = isHead ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        return Response(status: .init(code: status), headers: fields, body: body)
    }
}
