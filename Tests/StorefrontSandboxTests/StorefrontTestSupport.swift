import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// An in-process sandbox (no sockets) with helpers for the Storefront GraphQL endpoint.
struct StorefrontClient {
    let rig: RouterTestRig
    var token = "sandbox-storefront-token"
    var context: SandboxContext { rig.context }

    init(_ options: SandboxOptions = .testing) throws {
        rig = try RouterTestRig(options)
    }

    /// Raw HTTP-shaped request.
    func send(
        _ method: HTTPMethod = .post, _ path: String = "/api/2021-10/graphql", body: Data = Data(),
        headers: HTTPHeaders? = nil
    ) async throws -> (status: Int, json: JSONValue, response: SandboxResponse) {
        var all = headers ?? ["Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": token]
        if headers == nil, token.isEmpty { all["X-Shopify-Storefront-Access-Token"] = nil }
        let reply = try await rig.send(SandboxRequest(method: method, rawPath: path, headers: all, body: body))
        if method == .post {
            SandboxDocumentRecorder.record(path: path, body: body, status: reply.status, answer: reply.json)
        }
        return (
            reply.status, reply.json, SandboxResponse(status: reply.status, headers: reply.headers, body: reply.data)
        )
    }

    /// Runs a document; returns the whole response body.
    func graphQL(_ document: String, variables: JSONValue? = nil) async throws -> JSONValue {
        var body: JSONObject = ["query": .string(document)]
        if let variables { body["variables"] = variables }
        let result = try await send(body: JSONValue.object(body).serializedData())
        #expect(result.status == 200)
        return result.json
    }

    /// Runs a document that must succeed without errors; returns `data`.
    func data(_ document: String, variables: JSONValue? = nil) async throws -> JSONValue {
        let body = try await graphQL(document, variables: variables)
        #expect(body["errors"] == nil, "unexpected errors: \(body.serialized())")
        return body["data"] ?? .null
    }

    func control(_ method: HTTPMethod, _ path: String, json: JSONValue? = nil) async throws -> (
        status: Int, json: JSONValue
    ) {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        let reply = try await rig.send(
            SandboxRequest(
                method: method, rawPath: parts[0], rawQuery: parts.count > 1 ? parts[1] : nil,
                headers: json == nil ? [:] : ["Content-Type": "application/json"],
                body: json?.serializedData() ?? Data()))
        return (reply.status, reply.json)
    }
}

enum GID {
    static func encode(_ raw: String) -> String { Data(raw.utf8).base64EncodedString() }
    static func product(_ n: Int) -> String { encode("gid://shopify/Product/\(n)") }
    static func variant(_ n: Int) -> String { encode("gid://shopify/ProductVariant/\(n)") }
    static func collection(_ n: Int) -> String { encode("gid://shopify/Collection/\(n)") }
    static func decode(_ text: String?) -> String? {
        text.flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

extension JSONValue {
    /// The numeric IDs of a connection's nodes (`edges[].node.id` decoded).
    var nodeNumbers: [Int] {
        (self["edges"]?.arrayValue ?? []).compactMap { edge in
            GID.decode(edge["node"]?["id"]?.stringValue)?.split(separator: "/").last.flatMap {
                Int($0.split(separator: "?")[0])
            }
        }
    }
}
