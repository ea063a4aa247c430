import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// An in-process sandbox (no sockets) with helpers for Button's routes. It is here rather than in ButtonSandboxTests
/// because the core's control-plane tests (CommerceSandboxTests) drive Button's routes through it too.
package struct ButtonSandboxHarness: RouterTestSupport {
    package typealias Reply = RouterTestRig.Reply
    package let rig: RouterTestRig

    package init(_ options: SandboxOptions = .testing) throws {
        rig = try RouterTestRig(options)
    }

    package static func basic(_ key: String, password: String = "") -> String {
        RouterTestRig.basic(key, password: password)
    }

    /// Sends a request through the fault injector. `path` may carry a query. `key` adds Basic authentication.
    @discardableResult
    package func call(
        _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, raw: String? = nil, key: String? = nil,
        headers: HTTPHeaders = [:], remoteAddress: String? = nil
    ) async throws -> Reply {
        var allHeaders = headers
        if let key { allHeaders["Authorization"] = Self.basic(key) }
        let body = RouterTestRig.body(json: json, raw: raw)
        if !body.isEmpty, allHeaders["Content-Type"] == nil { allHeaders["Content-Type"] = "application/json" }
        return try await rig.send(method, path, body: body, headers: allHeaders, remoteAddress: remoteAddress)
    }

    /// Order API call with the seeded key.
    @discardableResult
    package func api(
        _ method: HTTPMethod, _ path: String, json: JSONValue? = nil, raw: String? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> Reply {
        try await call(method, path, json: json, raw: raw, key: "sk-sandbox", headers: headers)
    }

    package func setClock(_ now: String) async throws {
        let reply = try await call(.post, "/sandbox/button/clock", json: ["now": .string(now), "frozen": true])
        #expect(reply.status == 200)
    }

    /// A minimal valid create body.
    package static func order(_ id: String, total: Int64 = 5000, extra: JSONObject = [:]) -> JSONValue {
        var object: JSONObject = [
            "order_id": .string(id), "total": .integer(total), "currency": "USD",
            "purchase_date": "2017-07-01T00:00:00Z",
        ]
        for (key, value) in extra { object[key] = value }
        return .object(object)
    }

    /// The seed's create body (S6/S7 fixed: comma added, email hashed correctly).
    package static let seedCreateBody = """
        {
          "total": 5000,
          "currency": "USD",
          "order_id": "1989",
          "purchase_date": "2017-07-01T00:00:00Z",
          "finalization_date": "2017-08-02T19:26:08Z",
          "btn_ref": "srctok-XXX",
          "line_items": [
            {"identifier": "sku-123", "total": 2000, "amount": 2000, "quantity": 1, "description": "pillow"},
            {"identifier": "sku-456", "total": 3000, "amount": 3000, "quantity": 1, "description": "sheet"}
          ],
          "customer": {
            "id": "mycustomer-1234",
            "email_sha256": "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514"
          },
          "customer_order_id": "abcdef-123456"
        }
        """

    package static let seedUpdateBody = """
        {
          "total": 8000,
          "currency": "USD",
          "order_id": "1989",
          "purchase_date": "2017-07-01T00:00:00Z",
          "finalization_date": "2017-08-02T19:26:08Z",
          "line_items": [
            {"identifier": "sku-789", "total": 5000, "amount": 5000, "quantity": 1, "description": "mattress"},
            {"identifier": "sku-012", "total": 3000, "amount": 3000, "quantity": 1, "description": "cover"}
          ],
          "customer": {
            "id": "mycustomer-1234",
            "email_sha256": "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514"
          },
          "customer_order_id": "abcdef-123456"
        }
        """
}

/// Button's tests read the parsed body as `body` and pick fields of Button's envelope.
extension RouterTestRig.Reply {
    package var body: JSONValue { json }
    package var object: JSONValue { body["object"] ?? .null }
    package var objects: [JSONValue] { body["objects"]?.arrayValue ?? [] }
    package var errorMessage: String? { body["error"]?["message"]?.stringValue }
    package var errorType: String? { body["error"]?["type"]?.stringValue }
    package var errorField: String? { body["error"]?["details"]?["field"]?.stringValue }
}
