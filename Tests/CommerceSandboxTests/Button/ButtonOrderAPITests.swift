import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite("Button Order API: HTTP level (§6.1, §4.1)")
struct ButtonOrderHTTPTests {
    @Test func getWithoutIdIsMethodNotAllowed() async throws {
        let sandbox = try ButtonSandbox()
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
        let sandbox = try ButtonSandbox()
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
        let sandbox = try ButtonSandbox()
        let reply = try await sandbox.call(.post, "/v1/order", key: "sk-sandbox")
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Request body is required")
        #expect(reply.errorField == "body")
        #expect(try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders").objects.isEmpty)
    }

    @Test func bodyRules() async throws {
        let sandbox = try ButtonSandbox()
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
        let sandbox = try ButtonSandbox()
        let created = try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("A/B 1"))
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
        let sandbox = try ButtonSandbox()
        let reply = try await sandbox.api(.get, "/v1/order/nope")
        #expect(reply.status == 404)
        #expect(
            reply.text == #"{"meta":{"status":"error"},"error":{"message":"Order nope not found","type":"not_found"}}"#)
        #expect(reply.headers["X-Button-API-Version"] == "2018-02-13")
    }

    @Test func deleteBodyIsExact() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("d-1"))
        let reply = try await sandbox.api(.delete, "/v1/order/d-1")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"meta":{"status":"ok"},"object":null}"#)
    }

    @Test func unknownRoutesAreJSON404() async throws {
        let sandbox = try ButtonSandbox()
        let reply = try await sandbox.api(.get, "/v1/accounts")
        #expect(reply.status == 404)
        #expect(
            reply.text
                == #"{"meta":{"status":"error"},"error":{"message":"No route for GET /v1/accounts in the CommerceKit sandbox","type":"not_found"}}"#
        )
        #expect(try await sandbox.call(.get, "/sandbox/button/nothing").errorType == "not_found")
    }

    @Test func authentication() async throws {
        let sandbox = try ButtonSandbox()
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
        #expect(ButtonSandbox.basic("sk-sandbox") == "Basic c2stc2FuZGJveDo=")
    }

    @Test func apiVersionHeader() async throws {
        let sandbox = try ButtonSandbox()
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
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let reply = try await sandbox.api(
            .post, "/v1/order",
            json: ButtonSandbox.order(
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
        #expect(ButtonOrderStore.isButtonOrderId(object["button_order_id"]?.stringValue ?? ""))
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
        let sandbox = try ButtonSandbox()
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
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("s-1", extra: ["btn_ref": "srctok-abc"]))
        let again = try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("s-1"))
        #expect(again.status == 409)
        #expect(again.errorType == "order_exists")
        #expect(again.errorMessage == "Order s-1 already exists")
        let mismatch = try await sandbox.api(.post, "/v1/order/s-1", json: ButtonSandbox.order("s-2"))
        #expect(mismatch.status == 400)
        #expect(mismatch.errorField == "order_id")
        #expect(mismatch.errorMessage == "order_id in the body must match the order id in the path")
        let changedRef = try await sandbox.api(
            .post, "/v1/order/s-1", json: ButtonSandbox.order("s-1", extra: ["btn_ref": "srctok-other"]))
        #expect(changedRef.errorField == "btn_ref")
        #expect(changedRef.errorMessage == "btn_ref cannot be changed once set")
        let sameRef = try await sandbox.api(
            .post, "/v1/order/s-1", json: ButtonSandbox.order("s-1", extra: ["btn_ref": "srctok-abc"]))
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
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("s-3"))
        let setRef = try await sandbox.api(
            .post, "/v1/order/s-3", json: ButtonSandbox.order("s-3", extra: ["btn_ref": "srctok-new"]))
        #expect(setRef.object["btn_ref"] == "srctok-new")

        // §4: the state rules S5 and S6 come before the field rules; every failure is still listed.
        func errorFields(_ reply: ButtonSandbox.Reply) -> [String]? {
            reply.body["error"]?["details"]?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue }
        }
        let mismatchAndBadTotal = try await sandbox.api(
            .post, "/v1/order/s-1", json: ButtonSandbox.order("s-2", total: -1))
        #expect(mismatchAndBadTotal.status == 400)
        #expect(mismatchAndBadTotal.errorField == "order_id")
        #expect(mismatchAndBadTotal.errorMessage == "order_id in the body must match the order id in the path")
        #expect(errorFields(mismatchAndBadTotal) == ["order_id", "total"])
        let all = try await sandbox.api(
            .post, "/v1/order/s-1",
            json: ButtonSandbox.order(
                "s-2", total: -1,
                extra: [
                    "btn_ref": "srctok-other", "finalization_date": "2017-06-01T00:00:00Z", "currency": "usd",
                ]))
        #expect(errorFields(all) == ["order_id", "btn_ref", "total", "currency", "finalization_date"])
        let refAndBadTotal = try await sandbox.api(
            .post, "/v1/order/s-1",
            json: ButtonSandbox.order(
                "s-1", total: -1,
                extra: [
                    "btn_ref": "srctok-other"
                ]))
        #expect(refAndBadTotal.errorMessage == "btn_ref cannot be changed once set")
        #expect(errorFields(refAndBadTotal) == ["btn_ref", "total"])
        #expect(try await sandbox.api(.get, "/v1/order/s-1").object["total"] == 10)  // the last accepted update

        let unknownUpdate = try await sandbox.api(.post, "/v1/order/none", json: ButtonSandbox.order("none"))
        #expect(unknownUpdate.status == 404)
        #expect(unknownUpdate.errorMessage == "Order none not found")
        #expect(try await sandbox.api(.delete, "/v1/order/none").status == 404)
    }

    @Test func organisationScoping() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("shared"))
        let org = try await sandbox.call(
            .post, "/sandbox/button/organizations", json: ["name": "Other", "finalization_window_days": 7])
        let key = try #require(org.object["api_key"]?.stringValue)
        #expect(key.hasPrefix("sk-") && key.count == 35)
        #expect(org.object["application_id"]?.stringValue?.count == 20)
        #expect(try await sandbox.call(.get, "/v1/order/shared", key: key).status == 404)
        // The same order id is free in another organisation.
        #expect(try await sandbox.call(.post, "/v1/order", json: ButtonSandbox.order("shared"), key: key).status == 200)
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

@Suite("Button finalization and capping (§6.3)")
struct ButtonFinalizationTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let now: String
        let window: Int
        let requested: String?
        let stored: String?
        var testDescription: String { "\(now) +\(window)d \(requested ?? "absent")" }
    }

    static let rows: [Row] = [
        Row(now: "2017-07-01T12:00:00Z", window: 30, requested: nil, stored: "2017-07-31T12:00:00Z"),
        Row(now: "2017-07-01T12:00:00Z", window: 7, requested: nil, stored: "2017-07-08T12:00:00Z"),
        Row(now: "2017-07-01T12:00:00Z", window: 30, requested: "2017-08-02T19:26:08Z", stored: "2017-08-02T19:26:08Z"),
        Row(now: "2017-07-01T12:00:00Z", window: 30, requested: "2019-01-01T00:00:00Z", stored: "2018-07-01T12:00:00Z"),
        Row(now: "2024-02-29T00:00:00Z", window: 30, requested: "2030-01-01T00:00:00Z", stored: "2025-02-28T00:00:00Z"),
        Row(now: "2025-01-15T12:00:00Z", window: 30, requested: "2017-08-02T19:26:08Z", stored: nil),
    ]

    @Test(arguments: rows)
    func table(_ row: Row) async throws {
        var options = SandboxOptions.testing
        options.buttonFinalizationDays = row.window
        let sandbox = try ButtonSandbox(options)
        try await sandbox.setClock(row.now)
        var extra: JSONObject = [:]
        if let requested = row.requested { extra["finalization_date"] = .string(requested) }
        let reply = try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("f-1", extra: extra))
        if let stored = row.stored {
            #expect(reply.status == 200)
            #expect(reply.object["finalization_date"] == .string(stored))
            #expect(reply.object["status"] == "open")
        } else {
            #expect(reply.status == 400)
            #expect(reply.errorField == "finalization_date")
            #expect(reply.errorMessage == "finalization_date must be in the future")
        }
    }

    @Test func updateCapsAFinalizationDateLikeCreate() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2024-02-29T00:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("cap"))
        let updated = try await sandbox.api(
            .post, "/v1/order/cap",
            json: ButtonSandbox.order("cap", extra: ["finalization_date": "2030-01-01T00:00:00Z"]))
        #expect(updated.status == 200)
        #expect(updated.object["finalization_date"] == "2025-02-28T00:00:00Z")
        let past = try await sandbox.api(
            .post, "/v1/order/cap",
            json: ButtonSandbox.order("cap", extra: ["finalization_date": "2017-08-02T19:26:08Z"]))
        #expect(past.errorField == "finalization_date")
        #expect(try await sandbox.api(.get, "/v1/order/cap").object["finalization_date"] == "2025-02-28T00:00:00Z")
    }

    @Test func advancingFinalizes() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("f-1"))
        try await sandbox.api(
            .post, "/v1/order", json: ButtonSandbox.order("f-2", extra: ["finalization_date": "2017-09-01T00:00:00Z"]))
        let advanced = try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["days": 30])
        #expect(advanced.object["now"] == "2017-07-31T12:00:00Z")
        #expect(advanced.object["finalized"] == ["f-1"])
        #expect(advanced.object["frozen"] == true)
        #expect(try await sandbox.api(.get, "/v1/order/f-1").object["status"] == "finalized")
        #expect(try await sandbox.api(.get, "/v1/order/f-2").object["status"] == "open")
        let update = try await sandbox.api(.post, "/v1/order/f-1", json: ButtonSandbox.order("f-1"))
        #expect(update.status == 409)
        #expect(update.errorType == "order_finalized")
        #expect(update.errorMessage == "Order f-1 is finalized and can no longer be changed")
        let delete = try await sandbox.api(.delete, "/v1/order/f-1")
        #expect(delete.status == 409)
        #expect(delete.errorType == "order_finalized")
        // Moving the clock back never re-opens an order.
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        #expect(try await sandbox.api(.get, "/v1/order/f-1").object["status"] == "finalized")
        let listed = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders?status=finalized")
        #expect(listed.objects.map { $0["order_id"] } == ["f-1"])
    }

    @Test func lazyFinalizationWithoutSweep() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("lazy"))
        // Move the shared clock directly (as another service would): the next read finalizes first.
        try await sandbox.context.clock.advance(by: 30 * 86_400)
        #expect(
            try await sandbox.api(.post, "/v1/order/lazy", json: ButtonSandbox.order("lazy")).errorType
                == "order_finalized")
    }

    @Test func clockRoutes() async throws {
        let sandbox = try ButtonSandbox()
        let set = try await sandbox.call(
            .post, "/sandbox/button/clock", json: ["now": "2025-01-15T12:00:00.500Z", "frozen": true])
        #expect(set.object["now"] == "2025-01-15T12:00:00.500Z")
        #expect(try await sandbox.call(.get, "/sandbox/button/clock").object["frozen"] == true)
        #expect(try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["seconds": 0]).status == 400)
        // A move too large to print is refused and leaves the clock where it was.
        let huge = try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["seconds": 1e19])
        #expect(huge.status == 400)
        #expect(huge.errorField == "seconds")
        #expect(
            try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["days": 40_000]).errorField == "days")
        #expect(try await sandbox.call(.get, "/sandbox/button/clock").object["now"] == "2025-01-15T12:00:00.500Z")
        #expect(try await sandbox.call(.post, "/sandbox/button/clock", json: ["now": "tomorrow"]).errorField == "now")
        let reset = try await sandbox.call(.delete, "/sandbox/button/clock")
        #expect(reset.object["frozen"] == false)
        #expect(reset.object["offset_seconds"] == 0)
    }

    @Test func oneYearArithmetic() {
        let leap = ISO8601.parse("2024-02-29T06:30:00.250Z")!
        #expect(
            ISO8601.format(ButtonDates.oneYearAfter(leap), fraction: .millisecondsWhenNonZero)
                == "2025-02-28T06:30:00.250Z")
        let plain = ISO8601.parse("2023-12-31T23:59:59Z")!
        #expect(ButtonDates.oneYearAfter(plain).iso8601 == "2024-12-31T23:59:59Z")
    }
}

@Suite("Button line items and tokens (§6.4, §6.5)")
struct ButtonLineItemTests {
    func create(_ sandbox: ButtonSandbox, _ items: JSONValue, id: String = "li") async throws -> ButtonSandbox.Reply {
        try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order(id, extra: ["line_items": items]))
    }

    @Test func arithmetic() async throws {
        let sandbox = try ButtonSandbox()
        let reply = try await create(
            sandbox,
            [
                ["identifier": "a", "total": 1000, "quantity": 3],
                ["identifier": "b", "total": 1001, "quantity": 2],
                ["identifier": "c", "amount": 250, "quantity": 4],
                ["identifier": "d", "total": 2000, "amount": 1, "quantity": 1],
            ])
        #expect(reply.status == 200)
        let items = reply.object["line_items"]?.arrayValue ?? []
        #expect(items.map { $0["amount"] } == [333, 501, 250, 2000])
        #expect(items.map { $0["total"] } == [1000, 1001, 1000, 2000])
        #expect(items.map { $0["quantity"] } == [3, 2, 4, 1])
    }

    @Test func rules() async throws {
        let sandbox = try ButtonSandbox()
        let zero = try await create(sandbox, [["identifier": "a", "total": 1, "quantity": 0]])
        #expect(zero.status == 400)
        #expect(zero.errorField == "line_items[0].quantity")
        #expect(zero.errorMessage == "line_items[0].quantity must be an integer of at least 1")
        #expect(
            try await create(sandbox, [["identifier": "a", "total": 1, "upc": "400000000001"]], id: "upc-ok").status
                == 200)
        let upc = try await create(sandbox, [["identifier": "a", "total": 1, "upc": "40000000001"]])
        #expect(upc.errorField == "line_items[0].upc")
        let eight: JSONValue = .array((1...8).map { .string("c\($0)") })
        let seven: JSONValue = .array((1...7).map { .string("c\($0)") })
        #expect(
            try await create(sandbox, [["identifier": "a", "total": 1, "category": eight]]).errorField
                == "line_items[0].category")
        #expect(
            try await create(sandbox, [["identifier": "a", "total": 1, "category": seven]], id: "cat-ok").status == 200)
        let duplicate = try await create(
            sandbox,
            [
                ["identifier": "sku-1", "total": 1], ["identifier": "sku-2", "total": 1],
                ["identifier": "sku-1", "total": 1],
            ])
        #expect(duplicate.status == 400)
        #expect(duplicate.errorField == "line_items[2].identifier")
        #expect(duplicate.errorMessage == "line_items[2].identifier duplicates line_items[0].identifier")
    }

    @Test func testTokens() async throws {
        let sandbox = try ButtonSandbox()
        func create(_ id: String, _ token: String) async throws -> ButtonSandbox.Reply {
            try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order(id, extra: ["btn_ref": .string(token)]))
        }
        func attribution(_ id: String) async throws -> JSONValue? {
            try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/\(id)").object["attribution"]
        }
        #expect(try await create("t-1", "fakesrctok-abcdef0123456789").status == 200)
        #expect(try await attribution("t-1") == "test")
        let upper = try await create("t-2", "fakesrctok-ABCDEF0123456789")
        #expect(upper.status == 400)
        #expect(upper.errorMessage == "test tokens must match ^fakesrctok-[a-f0-9]{16}$")
        #expect(try await create("t-3", "fakesrctok-abc").errorField == "btn_ref")
        #expect(try await create("t-4", "srctok-XXX").status == 200)
        #expect(try await attribution("t-4") == "unknown")
        let space = try await create("t-5", "srctok-a b")
        #expect(space.errorMessage == "btn_ref must be a URL-safe string of at most 255 characters")
        // A token issued by a control route is attributed "sandbox", with its application.
        let issued = try await sandbox.call(
            .post, "/sandbox/button/attribution-tokens",
            json: ["application_id": "app-sandbox", "url": "https://shop.example/p?x=1#top"])
        let token = try #require(issued.object["btn_ref"]?.stringValue)
        #expect(token.hasPrefix("srctok-") && token.count == 23)
        #expect(issued.object["url"] == .string("https://shop.example/p?x=1&btn_ref=\(token)#top"))
        #expect(try await create("t-6", token).status == 200)
        let inspected = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/t-6")
        #expect(inspected.object["attribution"] == "sandbox")
        #expect(inspected.object["attribution_application_id"] == "app-sandbox")
        #expect(
            try await sandbox.call(.post, "/sandbox/button/attribution-tokens", json: ["application_id": "app-nope"])
                .status == 404)
    }
}

@Suite("Button seed replay and lifecycle (§6.7, J2)")
struct ButtonSeedReplayTests {
    @Test func seedReplay() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let created = try await sandbox.api(.post, "/v1/order", raw: ButtonSandbox.seedCreateBody)
        #expect(created.status == 200)
        #expect(created.object["status"] == "open")
        #expect(created.object["finalization_date"] == "2017-08-02T19:26:08Z")
        #expect(created.object["btn_ref"] == "srctok-XXX")
        #expect(created.object["line_items"]?[0]?["amount"] == 2000)
        #expect(
            created.object["customer"]?["email_sha256"]
                == "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514")

        let updated = try await sandbox.api(.post, "/v1/order/1989", raw: ButtonSandbox.seedUpdateBody)
        #expect(updated.status == 200)
        #expect(updated.object["total"] == 8000)
        #expect(updated.object["line_items"]?.arrayValue?.map { $0["identifier"] } == ["sku-789", "sku-012"])
        #expect(updated.object["btn_ref"] == "srctok-XXX")
        let inspected = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/1989")
        #expect(inspected.object["versions"]?.arrayValue?.map { $0["kind"] } == ["create", "update"])

        // Partial return: one line item left.
        let partial = try await sandbox.api(
            .post, "/v1/order/1989",
            json: [
                "total": 5000, "currency": "USD", "purchase_date": "2017-07-01T00:00:00Z",
                "line_items": [["identifier": "sku-789", "total": 5000]],
            ])
        #expect(partial.object["line_items"]?.arrayValue?.count == 1)
        #expect(partial.object["customer"] == .null)

        let deleted = try await sandbox.api(.delete, "/v1/order/1989")
        #expect(deleted.text == #"{"meta":{"status":"ok"},"object":null}"#)
        #expect(try await sandbox.api(.get, "/v1/order/1989").object["status"] == "deleted")
        #expect(try await sandbox.api(.delete, "/v1/order/1989").status == 200)
        let afterDelete = try await sandbox.api(.post, "/v1/order/1989", json: ["total": 1])
        #expect(afterDelete.status == 409)
        #expect(afterDelete.errorType == "order_deleted")
        #expect(afterDelete.errorMessage == "Order 1989 has been deleted")
        let recreate = try await sandbox.api(.post, "/v1/order", json: ButtonSandbox.order("1989"))
        #expect(recreate.status == 409)
        #expect(recreate.errorMessage == "Order 1989 already exists")
        let byRef = try await sandbox.api(.get, "/v1/order/btn-ref/srctok-XXX")
        #expect(byRef.status == 200)
        #expect(byRef.objects.count == 1)
        #expect(byRef.objects.first?["status"] == "deleted")
        #expect(
            try await sandbox.api(.get, "/v1/order/btn-ref/srctok-none").text
                == #"{"meta":{"status":"ok"},"objects":[]}"#)
        #expect(try await sandbox.api(.get, "/v1/order/btn-ref/").text == #"{"meta":{"status":"ok"},"objects":[]}"#)
    }

    @Test func seedLiteralBodyIsInvalidJSON() async throws {
        let sandbox = try ButtonSandbox()
        let literal = ButtonSandbox.seedCreateBody.replacingOccurrences(
            of: "\"amount\": 2000,", with: "\"amount\": 2000")
        let reply = try await sandbox.api(.post, "/v1/order", raw: literal)
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Request body is not valid JSON")
    }
}
