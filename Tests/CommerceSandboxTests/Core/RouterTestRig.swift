import CommerceCore
import Foundation
@testable import CommerceSandbox

/// An in-process sandbox (no sockets) that answers requests through its router. The service-specific
/// supports (`ATHMovilRig`, `ButtonSandbox`, `PaytronixRouterHarness`) wrap one and add their routes' helpers.
struct RouterTestRig {
    let context: SandboxContext
    let router: SandboxRouter

    init(_ options: SandboxOptions = .testing) throws {
        (context, router, _) = try Sandbox.prepare(options)
    }

    /// What the router answered, with the body also as JSON (`null` when it is not JSON) and as text.
    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let data: Data
        var json: JSONValue { (try? JSONValue.parse(data)) ?? .null }
        var text: String { String(decoding: data, as: UTF8.self) }
    }

    /// `Basic` authorization for a key and password.
    static func basic(_ user: String, password: String = "") -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// The body of a request: the JSON value if given, otherwise the raw text, otherwise nothing.
    static func body(json: JSONValue?, raw: String?) -> Data {
        json.map { $0.serializedData() } ?? raw.map { Data($0.utf8) } ?? Data()
    }

    /// Sends a request built from `path`, which may carry a query after `?`.
    func send(_ method: HTTPMethod, _ path: String, body: Data, headers: HTTPHeaders,
              remoteAddress: String? = nil, throughFaults: Bool = false) async throws -> Reply {
        let parts = path.split(separator: "?", maxSplits: 1)
        let request = SandboxRequest(method: method, rawPath: String(parts[0]), rawQuery: parts.count > 1 ? String(parts[1]) : nil,
                                     headers: headers, body: body, remoteAddress: remoteAddress)
        return try await send(request, throughFaults: throughFaults)
    }

    /// Sends a request through the same pipeline HTTP requests take: faults, journal, routing.
    /// (`throughFaults` is kept for older call sites; every request now meets the fault injector.)
    func send(_ request: SandboxRequest, throughFaults: Bool = false) async throws -> Reply {
        let response = await RequestPipeline(context: context, router: router, logger: Sandbox.quietLogger).respond(to: request)
        return Reply(status: response.status, headers: response.headers, data: response.body)
    }
}
