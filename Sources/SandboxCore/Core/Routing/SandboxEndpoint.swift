import CommerceCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// One route of the shared router as a Hummingbird responder: it takes the ``SandboxRequest`` the pipeline
/// middleware put in the context, adds the route's decoded parameters, and answers with the bound world's handler
/// for the route (or the owning prefix's 405).
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
    let answer: Answer

    init(pattern: String, answer: Answer) {
        let segments = pattern.split(separator: "/")
        names = segments.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
        catchesAll = segments.last == "**"
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
        let response: SandboxResponse
        switch answer {
        case .route(let slot):
            guard bindings.handlers.indices.contains(slot) else {
                throw HTTPError(.internalServerError, message: "the world has no handler for this route")
            }
            response = try await bindings.handlers[slot](sandboxRequest)
        case .methodNotAllowed(let allowed):
            response = bindings.context.fallback(for: sandboxRequest.rawPath).methodNotAllowed(sandboxRequest, allowed)
        }
        return response.hummingbirdResponse(carryingNotes: true)
    }
}

extension SandboxResponse {
    /// Carry ``journalNotes`` and ``dropsConnection`` (a fault a route applies itself, such as a per-tenant
    /// fault of the service's own) from a route back to the pipeline middleware, which takes them off again: they never reach
    /// the client.
    static let journalNotesField = HTTPField.Name("CommerceKit-Journal-Notes")
    static let dropsConnectionField = HTTPField.Name("CommerceKit-Drops-Connection")

    /// This response as Hummingbird sends it (an empty body for HEAD); on its way to the pipeline middleware, with
    /// the journal notes and the drop in their fields.
    func hummingbirdResponse(isHead: Bool = false, carryingNotes: Bool = false) -> Response {
        var fields = HTTPFields()
        for header in headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        if carryingNotes, !journalNotes.isEmpty, let name = Self.journalNotesField {
            fields[name] = JSONValue.object(journalNotes).serialized()
        }
        if carryingNotes, dropsConnection, let name = Self.dropsConnectionField { fields[name] = "1" }
        let body = isHead ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        return Response(status: .init(code: status), headers: fields, body: body)
    }

    /// The response a route (or Hummingbird) answered, read back for faults, the journal and the wire log.
    init(collecting response: Response) async throws {
        var headers = HTTPHeaders()
        var notes: JSONObject = [:]
        var drops = false
        for field in response.headers {
            if field.name == Self.journalNotesField {
                notes = (try? JSONValue.parse(Data(field.value.utf8)))?.objectValue ?? [:]
            } else if field.name == Self.dropsConnectionField {
                drops = true
            } else if field.name != .contentLength {
                // Hummingbird counts the body again when it sends; the journal shows what the route answered.
                headers.add(name: field.name.rawName, value: field.value)
            }
        }
        let collected = Locked(Data())
        try await response.body.write(BodyCollector(sink: collected))
        self.init(status: response.status.code, headers: headers, body: collected.current, dropsConnection: drops)
        journalNotes = notes
    }
}

/// Gathers a response body Hummingbird would write to the connection (the writer is consumed by the write, so
/// the bytes go to a shared sink).
struct BodyCollector: ResponseBodyWriter {
    let sink: Locked<Data>
    mutating func write(_ buffer: ByteBuffer) async throws {
        sink.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
