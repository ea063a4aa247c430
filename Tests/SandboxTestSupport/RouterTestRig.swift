import CommerceCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

@testable import CommerceSandbox
@testable import SandboxCore

/// An in-process sandbox (no sockets) that answers requests through the same Hummingbird router and
/// middleware as the server. The service-specific supports (`ButtonSandboxHarness` here, which the core's tests
/// use too; `ATHMovilRig`, `PaytronixRouterHarness`, `RezolveRig` in their services' test targets) wrap one and add
/// their routes' helpers.
package struct RouterTestRig {
    package let context: SandboxContext
    package let responder: BoundResponder

    package init(_ options: SandboxOptions = .testing) throws {
        let routes: RouteTable
        (context, routes, _) = try Sandbox.prepare(options)
        responder = routes.responder(context: context, logger: Sandbox.quietLogger)
    }

    /// What the router answered, with the body also as JSON (`null` when it is not JSON) and as text.
    package struct Reply {
        package let status: Int
        package let headers: HTTPHeaders
        package let data: Data
        package var json: JSONValue { (try? JSONValue.parse(data)) ?? .null }
        package var text: String { String(decoding: data, as: UTF8.self) }
    }

    /// `Basic` authorization for a key and password.
    package static func basic(_ user: String, password: String = "") -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// The body of a request: the JSON value if given, otherwise the raw text, otherwise nothing.
    package static func body(json: JSONValue?, raw: String?) -> Data {
        json.map { $0.serializedData() } ?? raw.map { Data($0.utf8) } ?? Data()
    }

    /// Sends a request built from `path`, which may carry a query after `?`.
    package func send(
        _ method: HTTPMethod, _ path: String, body: Data, headers: HTTPHeaders,
        remoteAddress: String? = nil
    ) async throws -> Reply {
        let parts = path.split(separator: "?", maxSplits: 1)
        let request = SandboxRequest(
            method: method, rawPath: String(parts[0]), rawQuery: parts.count > 1 ? String(parts[1]) : nil,
            headers: headers, body: body, remoteAddress: remoteAddress)
        return try await send(request)
    }

    /// Sends a request through Hummingbird's router and the sandbox middleware (faults, journal, fallbacks),
    /// as HTTP requests go.
    package func send(_ request: SandboxRequest) async throws -> Reply {
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        let target = request.rawPath + (request.rawQuery.map { "?" + $0 } ?? "")
        let head = HTTPRequest(
            method: HTTPRequest.Method(request.method.rawValue) ?? .get, scheme: "http",
            authority: request.headers["Host"] ?? "sandbox.test", path: target, headerFields: fields)
        let hbRequest = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: request.body)))
        let peer = request.remoteAddress.flatMap { try? SocketAddress(ipAddress: $0, port: 0) }
        let response = try await responder.respond(
            to: hbRequest,
            context: SandboxRequestContext(
                inProcess: Sandbox.quietLogger,
                remoteAddress: peer))
        return try await Reply(collecting: response)
    }
}

extension RouterTestRig.Reply {
    /// What a client would read of `response`: its status, headers (but the `Content-Length` Hummingbird adds
    /// when it writes) and body.
    init(collecting response: Response) async throws {
        var headers = HTTPHeaders()
        for field in response.headers where field.name != .contentLength {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let sink = Locked(Data())
        try await response.body.write(BodyCollector(sink: sink))
        self.init(status: Int(response.status.code), headers: headers, data: sink.current)
    }
}

/// Gathers a response body Hummingbird would write to the connection (the writer is consumed by the write, so
/// the bytes go to a shared sink).
private struct BodyCollector: ResponseBodyWriter {
    let sink: Locked<Data>
    mutating func write(_ buffer: ByteBuffer) async throws {
        sink.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
