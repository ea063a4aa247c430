import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

@Suite("Button Order API: HTTP level (§6.1, §4.1)")
struct ButtonOrderHTTPTests {
    @Test func getWithoutIdIsMethodNotAllowed() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await sandbox.api(.get, "/v1/order")
        #expect(reply.status == 405)
        #expect(reply.headers["Allow"] == "POST")
        #expect(reply.errorType == "method_not_allowed")
        #expect(reply.errorMessage == "Method GET is not allowed on /v1/order")
        #expect(reply.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(reply.body["meta"]?["status"] == "error")

        let put = try await sandbox.api(.put, "/v1/order/x")
        #expect(put.status == 405)
        #expect(put.headers["Allow"] == "GET, POST, DELETE")
        let btnRefPost = try await sandbox.api(.post, "/v1/order/btn-ref/srctok-1", json: [:])
        #expect(btnRefPost.status == 405)
        #expect(btnRefPost.headers["Allow"] == "GET")
        let btnRefPut = try await sandbox.api(.put, "/v1/order/btn-ref/srctok-1")
        #expect(btnRefPut.headers["Allow"] == "GET")
    }

    @Test func emptyUpdateBodyIsB1() async throws {
        let sandbox = try ButtonSandboxHarness()
        // pybutton's orders.update('1989', {}) sends no body and no Content-Type.
        let reply = try await sandbox.call(.post, "/v1/order/1989", key: "sk-sandbox")
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Request body is required")
        #expect(reply.errorType == "invalid_request")
        #expect(reply.errorField == "body")
        #expect(
            reply.body["error"]?["details"]?["errors"] == [["field": "body", "message": "Request body is required"]])
    }

    @Test func emptyCreateBodyIsB1() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await sandbox.call(.post, "/v1/order", key: "sk-sandbox")
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Request body is required")
        #expect(reply.errorField == "body")
        #expect(try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders").objects.isEmpty)
    }

    @Test func bodyRules() async throws {
        let sandbox = try ButtonSandboxHarness()
        #expect(
            try await sandbox.api(.post, "/v1/order", raw: "{\"total\": 1 \"x\": 2}").errorMessage
                == "Request body is not valid JSON")
        #expect(
            try await sandbox.api(.post, "/v1/order", raw: "[1]").errorMessage == "Request body must be a JSON object")
        let big = try await sandbox.api(
            .post, "/v1/order", raw: "{\"x\":\"" + String(repeating: "a", count: 1_048_576) + "\"}")
        #expect(big.status == 413)
        #expect(big.errorType == "payload_too_large")
        #expect(big.errorMessage == "Request body exceeds 1 MiB")
    }

    @Test func slashInOrderId() async throws {
        let sandbox = try ButtonSandboxHarness()
        let created = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("A/B 1"))
        #expect(created.status == 200)
        // ButtonOrders encodes the id as one segment …
        let encoded = try await sandbox.api(.get, "/v1/order/A%2FB%201")
        #expect(encoded.status == 200)
        #expect(encoded.object["order_id"] == "A/B 1")
        // … pybutton inserts it raw.
        let raw = try await sandbox.api(.get, "/v1/order/A/B%201")
        #expect(raw.object["button_order_id"] == created.object["button_order_id"])
    }

    @Test func unknownOrderBodyIsExact() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await sandbox.api(.get, "/v1/order/nope")
        #expect(reply.status == 404)
        #expect(
            reply.text == #"{"meta":{"status":"error"},"error":{"message":"Order nope not found","type":"not_found"}}"#)
        #expect(reply.headers["X-Button-API-Version"] == "2018-02-13")
    }

    @Test func deleteBodyIsExact() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("d-1"))
        let reply = try await sandbox.api(.delete, "/v1/order/d-1")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"meta":{"status":"ok"},"object":null}"#)
    }

    @Test func unknownRoutesAreJSON404() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await sandbox.api(.get, "/v1/accounts")
        #expect(reply.status == 404)
        #expect(
            reply.text
                == #"{"meta":{"status":"error"},"error":{"message":"No route for GET /v1/accounts in the CommerceKit sandbox","type":"not_found"}}"#
        )
        #expect(try await sandbox.call(.get, "/sandbox/button/nothing").errorType == "not_found")
    }

    @Test func authentication() async throws {
        let sandbox = try ButtonSandboxHarness()
        let missing = try await sandbox.call(.get, "/v1/order/x")
        #expect(missing.status == 401)
        #expect(missing.errorType == "unauthorized")
        #expect(
            missing.errorMessage == "Missing API key: use HTTP Basic authentication with your API key as the username")
        let bearer = try await sandbox.call(.get, "/v1/order/x", headers: ["Authorization": "Bearer sk-sandbox"])
        #expect(bearer.errorMessage == missing.errorMessage)
        let wrong = try await sandbox.call(.get, "/v1/order/x", key: "sk-wrong")
        #expect(wrong.status == 401)
        #expect(wrong.errorMessage == "Invalid API key")
        let garbage = try await sandbox.call(.get, "/v1/order/x", headers: ["Authorization": "Basic !!!"])
        #expect(garbage.errorMessage == "Invalid API key")
        // The password is ignored; the header name and scheme are case-insensitive.
        let withPassword = try await sandbox.call(
            .get, "/v1/order/x",
            headers: ["authorization": "basic " + Data("sk-sandbox:secret".utf8).base64EncodedString()])
        #expect(withPassword.status == 404)
        #expect(ButtonSandboxHarness.basic("sk-sandbox") == "Basic c2stc2FuZGJveDo=")
    }

    @Test func apiVersionHeader() async throws {
        let sandbox = try ButtonSandboxHarness()
        let bad = try await sandbox.api(.get, "/v1/order/x", headers: ["X-Button-Api-Version": "2018-2-13"])
        #expect(bad.status == 400)
        #expect(bad.errorField == "X-Button-API-Version")
        #expect(bad.errorMessage == "X-Button-API-Version must be a date label such as 2018-02-13")
        // Before 2018-02-13 purchase_date may be omitted and defaults to receipt time.
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let old = try await sandbox.api(
            .post, "/v1/order", json: ["order_id": "v-1", "total": 1, "currency": "USD"],
            headers: ["X-Button-Api-Version": "2017-01-01"])
        #expect(old.status == 200)
        #expect(old.headers["X-Button-API-Version"] == "2017-01-01")
        #expect(old.object["purchase_date"] == "2017-07-01T12:00:00Z")
        let pinned = try await sandbox.api(
            .post, "/v1/order", json: ["order_id": "v-2", "total": 1, "currency": "USD"])
        #expect(pinned.status == 400)
        #expect(pinned.errorField == "purchase_date")
        #expect(pinned.errorMessage == "purchase_date is required")
    }

    @Test func orderObjectShape() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let reply = try await sandbox.api(
            .post, "/v1/order",
            json: ButtonSandboxHarness.order(
                "shape",
                extra: [
                    "purchase_date": "2017-07-01T02:00:00.250+02:00",
                    "customer": [
                        "id": "c-1", "email_sha256": "B4C9A289323B21A01C3E940F150EB9B8C542587F1ABFD8F0E1CC1FFC5E475514",
                    ],
                    "line_items": [["identifier": "sku-1", "total": 5000]],
                    "advertising_id": "ifa-1", "unknown_field": true,
                ]))
        #expect(reply.status == 200)
        let object = try #require(reply.object.objectValue)
        #expect(
            object.keys == [
                "button_order_id", "order_id", "total", "currency", "purchase_date", "finalization_date", "btn_ref",
                "customer_order_id", "customer", "line_items", "status", "session_id", "ifa",
            ])
        let buttonOrderId = object["button_order_id"]?.stringValue ?? ""
        #expect(buttonOrderId.hasPrefix("btnorder-") && buttonOrderId.utf8.count == 25)
        #expect(buttonOrderId.dropFirst(9).allSatisfy { "0123456789abcdef".contains($0) })
        #expect(object["purchase_date"] == "2017-07-01T00:00:00.250Z")
        #expect(object["btn_ref"] == .null)
        #expect(
            object["customer"] == [
                "id": "c-1", "email_sha256": "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514",
                "advertising_id": nil,
            ])
        #expect(
            object["line_items"] == [
                [
                    "identifier": "sku-1", "total": 5000, "amount": 5000, "quantity": 1, "description": nil,
                    "sku": nil, "upc": nil, "category": nil, "attributes": nil,
                ]
            ])
        #expect(object["ifa"] == "ifa-1")
        #expect(object["session_id"] == .null)
        // Lookup by Button's id works too.
        let byButtonId = try await sandbox.api(.get, "/v1/order/" + (object["button_order_id"]?.stringValue ?? ""))
        #expect(byButtonId.object["order_id"] == "shape")
        // A GET body can be sent back as an update: read-only fields are ignored.
        let echoed = try await sandbox.api(.post, "/v1/order/shape", json: reply.object)
        #expect(echoed.status == 200)
        let inspected = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/shape")
        #expect(inspected.object["versions"]?.arrayValue?.count == 2)
        #expect(inspected.object["versions"]?[0]?["ignored_fields"] == ["unknown_field"])
        #expect(
            inspected.object["ignored_fields"] == [
                "button_order_id", "status", "session_id", "ifa", "line_items[0].amount",
            ])
    }

    @Test func validationListsEveryFailure() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await sandbox.api(
            .post, "/v1/order",
            json: [
                "total": -1, "currency": "usd", "order_id": "x", "purchase_date": "2017-07-01",
                "customer": [
                    "id": "c",
                    "email_sha256": "SHA2-256(stdin)= b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514",
                ],
                "line_items": [["identifier": "a", "total": 1, "quantity": 0]],
            ])
        #expect(reply.status == 400)
        #expect(reply.errorField == "total")
        #expect(reply.errorMessage == "total must be an integer greater than or equal to 0")
        let fields = reply.body["error"]?["details"]?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue }
        #expect(fields == ["total", "currency", "purchase_date", "customer.email_sha256", "line_items[0].quantity"])
    }

    @Test func stateRules() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(
            .post, "/v1/order", json: ButtonSandboxHarness.order("s-1", extra: ["btn_ref": "srctok-abc"]))
        let again = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("s-1"))
        #expect(again.status == 409)
        #expect(again.errorType == "order_exists")
        #expect(again.errorMessage == "Order s-1 already exists")
        let mismatch = try await sandbox.api(.post, "/v1/order/s-1", json: ButtonSandboxHarness.order("s-2"))
        #expect(mismatch.status == 400)
        #expect(mismatch.errorField == "order_id")
        #expect(mismatch.errorMessage == "order_id in the body must match the order id in the path")
        let changedRef = try await sandbox.api(
            .post, "/v1/order/s-1", json: ButtonSandboxHarness.order("s-1", extra: ["btn_ref": "srctok-other"]))
        #expect(changedRef.errorField == "btn_ref")
        #expect(changedRef.errorMessage == "btn_ref cannot be changed once set")
        let sameRef = try await sandbox.api(
            .post, "/v1/order/s-1", json: ButtonSandboxHarness.order("s-1", extra: ["btn_ref": "srctok-abc"]))
        #expect(sameRef.status == 200)
        // Omitted btn_ref keeps the stored one; a missing order_id in an update is fine.
        let update = try await sandbox.api(
            .post, "/v1/order/s-1",
            json: [
                "total": 10, "currency": "EUR",
                "purchase_date": "2017-07-02T00:00:00Z",
            ])
        #expect(update.object["btn_ref"] == "srctok-abc")
        #expect(update.object["currency"] == "EUR")
        #expect(update.object["line_items"] == [])
        // Setting a token on an order without one is allowed.
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("s-3"))
        let setRef = try await sandbox.api(
            .post, "/v1/order/s-3", json: ButtonSandboxHarness.order("s-3", extra: ["btn_ref": "srctok-new"]))
        #expect(setRef.object["btn_ref"] == "srctok-new")

        // §4: the state rules S5 and S6 come before the field rules; every failure is still listed.
        func errorFields(_ reply: ButtonSandboxHarness.Reply) -> [String]? {
            reply.body["error"]?["details"]?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue }
        }
        let mismatchAndBadTotal = try await sandbox.api(
            .post, "/v1/order/s-1", json: ButtonSandboxHarness.order("s-2", total: -1))
        #expect(mismatchAndBadTotal.status == 400)
        #expect(mismatchAndBadTotal.errorField == "order_id")
        #expect(mismatchAndBadTotal.errorMessage == "order_id in the body must match the order id in the path")
        #expect(errorFields(mismatchAndBadTotal) == ["order_id", "total"])
        let all = try await sandbox.api(
            .post, "/v1/order/s-1",
            json: ButtonSandboxHarness.order(
                "s-2", total: -1,
                extra: [
                    "btn_ref": "srctok-other", "finalization_date": "2017-06-01T00:00:00Z", "currency": "usd",
                ]))
        #expect(errorFields(all) == ["order_id", "btn_ref", "total", "currency", "finalization_date"])
        let refAndBadTotal = try await sandbox.api(
            .post, "/v1/order/s-1",
            json: ButtonSandboxHarness.order(
                "s-1", total: -1,
                extra: [
                    "btn_ref": "srctok-other"
                ]))
        #expect(refAndBadTotal.errorMessage == "btn_ref cannot be changed once set")
        #expect(errorFields(refAndBadTotal) == ["btn_ref", "total"])
        #expect(try await sandbox.api(.get, "/v1/order/s-1").object["total"] == 10)  // the last accepted update

        let unknownUpdate = try await sandbox.api(.post, "/v1/order/none", json: ButtonSandboxHarness.order("none"))
        #expect(unknownUpdate.status == 404)
        #expect(unknownUpdate.errorMessage == "Order none not found")
        #expect(try await sandbox.api(.delete, "/v1/order/none").status == 404)
    }

    @Test func organisationScoping() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("shared"))
        let org = try await sandbox.call(
            .post, "/sandbox/button/organizations", json: ["name": "Other", "finalization_window_days": 7])
        let key = try #require(org.object["api_key"]?.stringValue)
        #expect(key.hasPrefix("sk-") && key.count == 35)
        #expect(org.object["application_id"]?.stringValue?.count == 20)
        #expect(try await sandbox.call(.get, "/v1/order/shared", key: key).status == 404)
        // The same order id is free in another organisation.
        #expect(
            try await sandbox.call(.post, "/v1/order", json: ButtonSandboxHarness.order("shared"), key: key).status
                == 200)
        let orgId = try #require(org.object["organization_id"]?.stringValue)
        let detail = try await sandbox.call(.get, "/sandbox/button/organizations/\(orgId)")
        #expect(detail.object["api_keys"] == [.string(key)])
        let patched = try await sandbox.call(
            .patch, "/sandbox/button/organizations/\(orgId)", json: ["finalization_window_days": 0])
        #expect(patched.status == 400)
        #expect(patched.errorField == "finalization_window_days")
        #expect(try await sandbox.call(.get, "/sandbox/button/organizations/org-nope").status == 404)
    }
}
