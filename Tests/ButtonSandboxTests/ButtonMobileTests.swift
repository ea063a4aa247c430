import CommerceCore
import CommerceTestSupport
import Foundation
import SandboxTestSupport
import Testing

@testable import ButtonSandbox
@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Button mobile API, sessions and deferred links (§3.2, §4.5, §5.3)")
struct ButtonMobileTests {
    static let userAgent =
        "com.usebutton.merchant/1.8.0-commercekit+1 (Linux 6.1; x86_64; com.example.shop/1.0+1; Scale/1.00; en-US)"

    @discardableResult
    func mobile(
        _ sandbox: ButtonSandboxHarness, _ path: String, _ body: JSONValue, userAgent: String = userAgent,
        ip: String? = "10.0.0.7", host: String? = nil
    ) async throws -> ButtonSandboxHarness.Reply {
        var headers: HTTPHeaders = ["User-Agent": userAgent]
        if let host { headers["Host"] = host }
        return try await sandbox.call(.post, path, json: body, headers: headers, remoteAddress: ip)
    }

    @Test func envelopeAndSessions() async throws {
        let sandbox = try ButtonSandboxHarness()
        let first = try await mobile(sandbox, "/v1/app/deferred-deeplink", ["application_id": "app-sandbox"])
        #expect(first.status == 200)
        #expect(first.object == .null)
        let session = try #require(first.body["meta"]?["session_id"]?.stringValue)
        #expect(session.hasPrefix("sess-") && session.count == 29)
        #expect(first.text.hasPrefix(#"{"meta":{"status":"ok","session_id":"sess-"#))
        // A known session is echoed; an unknown one gets a new session.
        let echo = try await mobile(
            sandbox, "/v1/app/activity",
            ["application_id": "app-sandbox", "session_id": .string(session), "activity_data": ["name": "cart-viewed"]])
        #expect(echo.body["meta"]?["session_id"] == .string(session))
        let unknown = try await mobile(
            sandbox, "/v1/app/activity",
            ["application_id": "app-sandbox", "session_id": "sess-gone", "activity_data": ["name": "cart-viewed"]])
        #expect(unknown.body["meta"]?["session_id"]?.stringValue?.hasPrefix("sess-") == true)
        #expect(unknown.body["meta"]?["session_id"] != "sess-gone")

        // Expire: answered once with null, then the session is gone.
        let expired = try await sandbox.call(.post, "/sandbox/button/sessions/\(session)/expire")
        #expect(expired.object["status"] == "expiring")
        let event: JSONValue = [
            "name": "btn:deeplink-opened", "value": ["url": "https://shop.example/"],
            "time": "2025-01-15T12:00:00Z", "uuid": "8C1F0B9E-3D4A-4F5B-9C2D-1E2F3A4B5C6D", "source": "button",
        ]
        let nulled = try await mobile(
            sandbox, "/v1/app/events",
            [
                "application_id": "app-sandbox", "session_id": .string(session), "events": [event],
                "current_time": "2025-01-15T12:00:00Z",
            ])
        #expect(nulled.status == 200)
        #expect(nulled.text.contains(#""session_id":null"#))
        let after = try await mobile(sandbox, "/v1/app/events", ["application_id": "app-sandbox", "events": [event]])
        let fresh = try #require(after.body["meta"]?["session_id"]?.stringValue)
        #expect(fresh != session)
        #expect(try await sandbox.call(.post, "/sandbox/button/sessions/sess-nope/expire").status == 404)

        let events = try await sandbox.call(
            .get, "/sandbox/button/events?application_id=app-sandbox&name=btn:deeplink-opened")
        #expect(events.objects.count == 2)
        #expect(events.objects.first?["session_id"] == .string(fresh))  // newest first
        #expect(events.objects.first?["value"]?["url"] == "https://shop.example/")
        let activity = try await sandbox.call(.get, "/sandbox/button/activity?application_id=app-sandbox")
        #expect(activity.objects.count == 2)
        #expect(activity.objects.first?["name"] == "cart-viewed")
    }

    @Test func mobileValidation() async throws {
        let sandbox = try ButtonSandboxHarness()
        let notObject = try await sandbox.call(.post, "/v1/app/order", raw: "[]")
        #expect(notObject.errorField == "body")
        #expect(notObject.errorMessage == "Request body must be a JSON object")
        #expect(notObject.body["meta"]?["session_id"] == nil)
        let noApp = try await mobile(sandbox, "/v1/app/events", ["application_id": "abc"])
        #expect(noApp.status == 400)
        #expect(noApp.errorMessage == "application_id is required and must look like app-xxxxxxxx")
        let wrongHost = try await mobile(
            sandbox, "/v1/app/events", ["application_id": "app-sandbox", "events": []],
            host: "app-other.mobileapi.usebutton.com")
        #expect(wrongHost.errorMessage == "application_id does not match the request host")
        let events = try await mobile(
            sandbox, "/v1/app/events",
            [
                "application_id": "app-sandbox",
                "events": [
                    ["name": "", "time": "2025-01-15", "source": "web"]
                ],
            ])
        #expect(events.errorField == "events[0].name")
        #expect(events.errorMessage == "events[0].name is invalid")
        #expect(events.body["error"]?["details"]?["errors"]?.arrayValue?.count == 3)
        #expect(try await mobile(sandbox, "/v1/app/events", ["application_id": "app-sandbox"]).errorField == "events")
        let activity = try await mobile(
            sandbox, "/v1/app/activity", ["application_id": "app-sandbox", "activity_data": [:]])
        #expect(activity.errorMessage == "activity_data.name is required")

        let order = try await mobile(
            sandbox, "/v1/app/order",
            [
                "application_id": "app-sandbox", "order_id": "o-1", "currency": "USD",
                "purchase_date": "2025-01-15T12:00:00Z",
                "line_items": [["identifier": "sku-1", "total": 0, "quantity": 1]],
            ])
        #expect(order.status == 400)
        #expect(order.errorField == "line_items[0].total")
        #expect(order.errorMessage == "line_items[0].total must be an integer greater than 0")
        let amountOnly = try await mobile(
            sandbox, "/v1/app/order",
            [
                "application_id": "app-sandbox", "order_id": "o-1", "currency": "USD",
                "purchase_date": "2025-01-15T12:00:00Z",
                "line_items": [["identifier": "sku-1", "amount": 5]],
            ])
        #expect(amountOnly.errorMessage == "line_items[0].total must be an integer greater than 0")
        let many = try await mobile(
            sandbox, "/v1/app/order",
            [
                "application_id": "app-sandbox", "btn_ref": "fakesrctok-XYZ", "currency": "usd",
                "customer": ["is_new": "yes"],
            ])
        let fields = many.body["error"]?["details"]?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue }
        #expect(
            fields == [
                "order_id", "currency", "purchase_date", "line_items", "btn_ref", "customer.id", "customer.is_new",
            ])
    }

    @Test func appOrderSignalAndAutoRegistration() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2025-01-15T12:00:00Z")
        let link = try await sandbox.call(
            .post, "/sandbox/button/deferred-deeplinks",
            json: [
                "application_id": "app-sandbox", "action": "https://shop.example/p/42",
                "match": ["user_agent_contains": "com.example.shop"],
            ])
        let token = try #require(link.object["btn_ref"]?.stringValue)
        let body: JSONValue = [
            "btn_ref": .string(token), "order_id": "o-1", "currency": "USD", "purchase_date": "2025-01-15T12:00:00Z",
            "line_items": [["identifier": "sku-1", "quantity": 1, "total": 4200]], "application_id": "app-sandbox",
        ]
        let reply = try await mobile(sandbox, "/v1/app/order", body)
        #expect(reply.status == 200)
        #expect(reply.object == .null)
        try await mobile(sandbox, "/v1/app/order", body)
        let signals = try await sandbox.call(.get, "/sandbox/button/app-orders?order_id=o-1")
        #expect(signals.objects.count == 1)
        #expect(signals.objects.first?["btn_ref"] == .string(token))
        #expect(signals.objects.first?["report_count"] == 2)

        let server = try await sandbox.api(
            .post, "/v1/order",
            json: [
                "order_id": "o-1", "total": 4200, "currency": "USD", "purchase_date": "2025-01-15T12:00:00Z",
                "btn_ref": .string(token),
                "line_items": [["identifier": "sku-1", "total": 4200]],
            ])
        #expect(server.object["finalization_date"] == "2025-02-14T12:00:00Z")
        let inspected = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/o-1")
        #expect(inspected.object["attribution"] == "sandbox")
        #expect(inspected.object["app_signal"]?["report_count"] == 2)
        #expect(inspected.object["app_signal"]?["application_id"] == "app-sandbox")

        // An unknown, well-formed app id is registered into org-sandbox on first use.
        #expect(
            try await mobile(sandbox, "/v1/app/deferred-deeplink", ["application_id": "app-debug123"]).status == 200)
        let org = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox")
        let apps = org.object["applications"]?.arrayValue ?? []
        #expect(apps.contains(["application_id": "app-debug123", "auto_registered": true]))
    }

    @Test func deferredLinks() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2025-01-15T12:00:00Z")
        func register(_ body: JSONObject) async throws -> JSONValue {
            var object: JSONObject = ["application_id": "app-sandbox", "action": "https://shop.example/p/1"]
            for (key, value) in body { object[key] = value }
            return try await sandbox.call(.post, "/sandbox/button/deferred-deeplinks", json: .object(object)).object
        }
        let byIP = try await register(["action": "https://shop.example/ip", "match": ["ip": "10.0.0.9"]])
        let byAgent = try await register([
            "action": "https://shop.example/agent", "match": ["user_agent_contains": "com.example.shop"],
            "btn_ref": "srctok-given",
        ])
        let short = try await register(["action": "https://shop.example/short", "ttl_seconds": 60])
        #expect(byAgent["btn_ref"] == "srctok-given")
        #expect(byIP["status"] == "pending")
        #expect(byIP["expires_at"] == "2025-01-16T00:00:00Z")
        #expect(byIP["id"]?.stringValue?.hasPrefix("ddl-") == true)

        // Another device: the IP link does not match; the agent link does not match either; the open link (short) does.
        let other = try await mobile(
            sandbox, "/v1/app/deferred-deeplink", ["application_id": "app-sandbox"],
            userAgent: "curl/8", ip: "10.0.0.1")
        #expect(other.object["action"] == "https://shop.example/short")
        #expect(other.object["attribution"]?["btn_ref"] == short["btn_ref"])
        // The shop app on 10.0.0.1: the oldest matching link is the agent one.
        let shop = try await mobile(
            sandbox, "/v1/app/deferred-deeplink", ["application_id": "app-sandbox"], ip: "10.0.0.1")
        #expect(shop.object == ["action": "https://shop.example/agent", "attribution": ["btn_ref": "srctok-given"]])
        // Consumed links never come back; the IP link expires after 12 h.
        try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["seconds": 43_200])
        let late = try await mobile(
            sandbox, "/v1/app/deferred-deeplink", ["application_id": "app-sandbox"], ip: "10.0.0.9")
        #expect(late.object == .null)
        let listed = try await sandbox.call(.get, "/sandbox/button/deferred-deeplinks?application_id=app-sandbox")
        #expect(listed.objects.map { $0["status"] } == ["expired", "consumed", "consumed"])
        #expect(listed.objects[1]["consumed_by"]?["ip"] == "10.0.0.1")
        #expect(listed.objects[1]["consumed_by"]?["user_agent"] == .string(Self.userAgent))

        let cancel = try await register(["action": "https://shop.example/c"])
        let cancelled = try await sandbox.call(
            .delete, "/sandbox/button/deferred-deeplinks/\(cancel["id"]?.stringValue ?? "")")
        #expect(cancelled.object["status"] == "cancelled")
        #expect(
            try await mobile(sandbox, "/v1/app/deferred-deeplink", ["application_id": "app-sandbox"]).object == .null)
        #expect(try await sandbox.call(.delete, "/sandbox/button/deferred-deeplinks/ddl-nope").status == 404)
        let invalid = try await sandbox.call(
            .post, "/sandbox/button/deferred-deeplinks", json: ["application_id": "app-sandbox", "action": "p/42"])
        #expect(invalid.status == 400)
        #expect(invalid.errorMessage == "action must be an absolute URL")
        // O13 applies to a given token, so a link never carries one the Order API would refuse.
        for badTestToken in ["fakesrctok-XYZ", "fakesrctok-ABCDEF0123456789", "fakesrctok-abc"] {
            let refused = try await sandbox.call(
                .post, "/sandbox/button/deferred-deeplinks",
                json: [
                    "application_id": "app-sandbox", "action": "https://shop.example/t",
                    "btn_ref": .string(badTestToken),
                ])
            #expect(refused.status == 400)
            #expect(refused.errorField == "btn_ref")
            #expect(refused.errorMessage == "test tokens must match ^fakesrctok-[a-f0-9]{16}$")
        }
        let testLink = try await register([
            "action": "https://shop.example/t", "btn_ref": "fakesrctok-abcdef0123456789",
        ])
        #expect(testLink["btn_ref"] == "fakesrctok-abcdef0123456789")
        let listedAfter = try await sandbox.call(.get, "/sandbox/button/deferred-deeplinks?application_id=app-sandbox")
        #expect(listedAfter.objects.filter { $0["action"] == "https://shop.example/t" }.count == 1)
        #expect(try await register(["application_id": "app-nope"]) == .null)
    }
}

@Suite("Button faults, request log, reset and persistence (§5.3.8, §5.3.9, §5.6)")
struct ButtonSandboxStateTests {
    @Test func faults() async throws {
        let sandbox = try ButtonSandboxHarness()
        let added = try await sandbox.call(
            .post, "/sandbox/button/faults",
            json: ["method": "POST", "path": "/v1/app/order", "count": 2, "mode": "before", "status": 503])
        #expect(added.object["id"]?.stringValue?.hasPrefix("fault-") == true)
        let body: JSONValue = [
            "application_id": "app-sandbox", "order_id": "o-f", "currency": "USD",
            "purchase_date": "2025-01-15T12:00:00Z", "line_items": [],
        ]
        for _ in 0..<2 {
            let reply = try await sandbox.call(.post, "/v1/app/order", json: body)
            #expect(reply.status == 503)
            #expect(
                reply.text
                    == #"{"meta":{"status":"error"},"error":{"message":"Injected fault","type":"sandbox_fault"}}"#)
        }
        #expect(try await sandbox.call(.get, "/sandbox/button/app-orders").objects.isEmpty)
        #expect(try await sandbox.call(.post, "/v1/app/order", json: body).status == 200)

        // "after": the state changes, then the fault's status is sent.
        try await sandbox.call(
            .post, "/sandbox/button/faults",
            json: ["method": "POST", "path": "/v1/order*", "mode": "after", "status": 502])
        let lost = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("lost"))
        #expect(lost.status == 502)
        #expect(try await sandbox.api(.get, "/v1/order/lost").status == 200)

        try await sandbox.call(
            .post, "/sandbox/button/faults", json: ["method": "GET", "path": "/v1/order/x", "count": 5])
        #expect(try await sandbox.call(.get, "/sandbox/button/faults").objects.first?["count"] == 5)
        try await sandbox.call(.delete, "/sandbox/button/faults")
        #expect(try await sandbox.call(.get, "/sandbox/button/faults").objects.isEmpty)
        #expect(
            try await sandbox.call(.post, "/sandbox/button/faults", json: ["method": "GET", "path": "/other"])
                .errorField == "path")
    }

    @Test func requestLogRoute() async throws {
        let sandbox = try ButtonSandboxHarness()
        let journal = sandbox.context.journal
        let now = Date()
        func record(
            _ method: HTTPMethod, _ path: String, _ status: Int, service: String?, userAgent: String?, body: String = ""
        ) {
            var headers: HTTPHeaders = [:]
            if let userAgent { headers["User-Agent"] = userAgent }
            journal.record(
                JournalEntry(
                    id: journal.nextID(), service: service, method: method, path: path, query: nil, status: status,
                    time: now, wallTime: now, durationSeconds: 0, requestHeaders: headers, requestBody: Data(body.utf8))
            )
        }
        record(
            .post, "/v1/app/order", 503, service: "button", userAgent: "ua", body: #"{"application_id":"app-sandbox"}"#)
        record(
            .post, "/v1/app/order", 200, service: "button", userAgent: "ua", body: #"{"application_id":"app-other"}"#)
        record(.get, "/v1/order/1", 404, service: "button", userAgent: "py")
        record(.get, "/rest/other", 200, service: "paytronix", userAgent: nil)
        #expect(try await sandbox.call(.get, "/sandbox/button/requests").objects.count == 3)
        let filtered = try await sandbox.call(
            .get, "/sandbox/button/requests?path=/v1/app/order&application_id=app-sandbox")
        #expect(filtered.objects.map { $0["status"] } == [503])
        #expect(
            try await sandbox.call(.get, "/sandbox/button/requests?limit=1").objects.first?["path"] == "/v1/order/1")
        try await sandbox.call(.post, "/sandbox/button/reset")
        #expect(try await sandbox.call(.get, "/sandbox/button/requests").objects.isEmpty)
        #expect(journal.entries().count == 1)  // other services' entries stay
    }

    @Test func resetReseeds() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("r-1"))
        let reply = try await sandbox.call(.post, "/sandbox/button/reset")
        #expect(reply.object["api_key"] == "sk-sandbox")
        #expect(try await sandbox.api(.get, "/v1/order/r-1").status == 404)
        #expect(try await sandbox.call(.get, "/sandbox/button/clock").object["now"] == "2017-07-01T12:00:00Z")
    }

    @Test func resetClearsFaults() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.call(
            .post, "/sandbox/button/faults", json: ["method": "GET", "path": "/v1/order*", "count": 3, "status": 503])
        try await sandbox.call(.post, "/sandbox/button/reset")
        #expect(try await sandbox.call(.get, "/sandbox/button/faults").objects.isEmpty)
        #expect(try await sandbox.api(.get, "/v1/order/none").status == 404)
    }

    @Test func credentials() throws {
        let sandbox = try ButtonSandboxHarness()
        let credentials = try SandboxCoreRoutes(
            context: sandbox.context, services: [ButtonService(context: sandbox.context)]
        ).credentials()
        #expect(credentials["button"]?["api_key"] == "sk-sandbox")
        #expect(credentials["button"]?["application_id"] == "app-sandbox")
        #expect(credentials["button"]?["organization_id"] == "org-sandbox")
        #expect(credentials["button"]?["finalization_window_days"] == 30)
    }

    @Test func stateSurvivesRestart() async throws {
        let directory = TestDirectories.path("button-restart")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        do {
            let first = try ButtonSandboxHarness(options)
            try await first.setClock("2017-07-01T12:00:00Z")
            #expect(try await first.api(.post, "/v1/order", raw: ButtonSandboxHarness.seedCreateBody).status == 200)
            try await first.call(.post, "/v1/app/deferred-deeplink", json: ["application_id": "app-sandbox"])
        }
        let second = try ButtonSandboxHarness(options)
        let reply = try await second.api(.get, "/v1/order/1989")
        #expect(reply.status == 200)
        #expect(reply.object["total"] == 5000)
        #expect(reply.object["finalization_date"] == "2017-08-02T19:26:08Z")
        #expect(try await second.call(.get, "/sandbox/button/clock").object["now"] == "2017-07-01T12:00:00Z")
        #expect(try await second.call(.get, "/sandbox/button/sessions").objects.count == 1)
        #expect(
            try await second.call(.get, "/sandbox/button/organizations/org-sandbox/orders/1989").object["versions"]?
                .arrayValue?.count == 1)
    }
}
