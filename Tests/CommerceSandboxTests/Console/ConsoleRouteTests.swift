import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// The console's server side: the page, its assets, the journal reads it polls, and the paged state routes.
@Suite struct ConsoleRouteTests {
    private let basic = RouterTestRig.basic("sk-sandbox")

    private func order(_ id: String) -> JSONValue {
        [
            "total": 5000, "currency": "USD", "order_id": .string(id), "purchase_date": "2026-11-25T10:00:00Z",
            "customer": ["id": "c-1"], "line_items": [["identifier": "sku-1", "total": 5000, "quantity": 1]],
        ]
    }

    @Test func rootRedirectsToTheConsoleWhichServesItsPageScriptAndStyles() async throws {
        let rig = try RouterTestRig()
        let root = try await rig.send(.get, "/", body: Data(), headers: [:])
        #expect(root.status == 303)
        #expect(root.headers["Location"] == "/sandbox/console")
        let page = try await rig.send(.get, "/sandbox/console", body: Data(), headers: [:])
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
        #expect(page.text.contains("/sandbox/console/console.js"))
        #expect(page.text.contains("/sandbox/openapi/athmovil.json"))
        #expect(page.text.contains("/sandbox/athmovil/pages/payments"))
        let script = try await rig.send(.get, "/sandbox/console/console.js", body: Data(), headers: [:])
        #expect(script.status == 200)
        #expect(script.headers["Content-Type"]?.hasPrefix("text/javascript") == true)
        #expect(script.text.contains("textContent"))
        #expect(!script.text.contains("innerHTML ="))
        #expect(try await rig.send(.get, "/sandbox/console/console.css", body: Data(), headers: [:]).status == 200)
        // The console's own traffic is not a vendor request.
        #expect(rig.context.journal.entries().isEmpty)
    }

    @Test func theJournalCursorReturnsOnlyWhatWasRecordedSince() async throws {
        let rig = try RouterTestRig()
        _ = try await rig.send(
            .post, "/v1/order", body: order("first").serializedData(),
            headers: ["Authorization": basic, "Content-Type": "application/json"])
        let initial = try await rig.send(.get, "/sandbox/requests?view=summary", body: Data(), headers: [:])
        let rows = try #require(initial.json["requests"]?.arrayValue)
        #expect(rows.count == 1)
        #expect(rows[0]["request"] == nil)  // a summary carries no headers or bodies
        #expect(rows[0]["path"] == "/v1/order")
        let cursor = try #require(initial.json["cursor"]?.integerValue)

        let quiet = try await rig.send(
            .get, "/sandbox/requests?view=summary&after=\(cursor)", body: Data(), headers: [:])
        #expect(quiet.json["requests"] == [])
        _ = try await rig.send(.get, "/v1/order/first", body: Data(), headers: ["Authorization": basic])
        let next = try await rig.send(
            .get, "/sandbox/requests?view=summary&after=\(cursor)", body: Data(), headers: [:])
        #expect(next.json["requests"]?.arrayValue?.map { $0["method"] } == ["GET"])
        #expect(
            try await rig.send(.get, "/sandbox/requests?after=-1&view=table", body: Data(), headers: [:])
                .json["error"]?["fields"]?.arrayValue?.compactMap { $0["field"]?.stringValue } == ["after", "view"])
    }

    /// Five full rings of 2,000 entries, each with a 2 KiB JSON body: the console's first page, a filtered page
    /// and an idle incremental poll answer what they should. How fast is for a benchmark, not a test.
    @Test func theConsolesJournalReadsWithTenThousandEntries() async throws {
        let rig = try RouterTestRig()
        let services = ["button", "athmovil", "paytronix", "storefront", "rezolve"]
        let body = JSONValue.object(["note": .string(String(repeating: "x", count: 2_000)), "password": "secret"])
            .serializedData()
        for index in 0..<10_000 {
            let journal = rig.context.journal
            journal.record(
                JournalEntry(
                    id: journal.nextID(), service: services[index % services.count], method: .post,
                    path: "/v1/order/\(index)",
                    query: nil, status: index % 7 == 0 ? 503 : 200, time: Date(), wallTime: Date(),
                    durationSeconds: 0.001,
                    requestHeaders: ["Content-Type": "application/json", "Authorization": "Bearer abcdefgh"],
                    requestBody: body,
                    responseBody: body))
        }
        let first = try await rig.send(.get, "/sandbox/requests?view=summary&limit=200", body: Data(), headers: [:])
        #expect(first.json["requests"]?.arrayValue?.count == 200)
        #expect(first.json["requests"]?[0]?["path"] == "/v1/order/9999", "newest first")
        let cursor = first.json["cursor"]?.integerValue ?? 0
        let filtered = try await rig.send(
            .get, "/sandbox/requests?view=summary&limit=200&status=5xx&path=*order/9*", body: Data(), headers: [:])
        let paths = filtered.json["requests"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        #expect(!paths.isEmpty)
        #expect(paths.allSatisfy { $0.hasPrefix("/v1/order/9") })
        #expect(filtered.json["requests"]?.arrayValue?.allSatisfy { $0["status"] == 503 } == true)
        let quiet = try await rig.send(
            .get, "/sandbox/requests?view=summary&limit=200&after=\(cursor)", body: Data(), headers: [:])
        #expect(quiet.json["requests"] == [])
    }

    @Test func oneEntryComesWithARedactedCurlLine() async throws {
        let rig = try RouterTestRig()
        _ = try await rig.send(
            .post, "/v1/order", body: order("it's").serializedData(),
            headers: ["Authorization": basic, "Content-Type": "application/json"])
        let id = try #require(rig.context.journal.entries().first?.id)
        let entry = try await rig.send(.get, "/sandbox/requests/\(id)", body: Data(), headers: [:])
        #expect(entry.status == 200)
        let curl = try #require(entry.json["curl"]?.stringValue)
        #expect(curl.hasPrefix("curl -X POST"))
        #expect(curl.contains("'Authorization: Basic ***'"))
        #expect(!curl.contains("sk-sandbox"))
        #expect(curl.contains(#"it'\''s"#))
        #expect(entry.json["request"]?["body"]?["order_id"] == "it's")
        let missing = try await rig.send(.get, "/sandbox/requests/999999", body: Data(), headers: [:])
        #expect(missing.status == 404)
        #expect(missing.json["error"]?["fields"]?[0]?["field"] == "id")
    }

    @Test func stateRoutesArePagedNewestFirst() async throws {
        let rig = try RouterTestRig()
        for index in 1...3 {
            _ = try await rig.send(
                .post, "/v1/order", body: order("o-\(index)").serializedData(),
                headers: ["Authorization": basic, "Content-Type": "application/json"])
        }
        let first = try await rig.send(.get, "/sandbox/button/pages/orders?limit=2", body: Data(), headers: [:])
        #expect(first.json["total"] == 3)
        #expect(first.json["items"]?.arrayValue?.map { $0["order_id"] } == ["o-3", "o-2"])
        #expect(first.json["items"]?[0]?["finalization_date"]?.stringValue != nil)
        let second = try await rig.send(
            .get, "/sandbox/button/pages/orders?limit=2&offset=2", body: Data(), headers: [:])
        #expect(second.json["items"]?.arrayValue?.map { $0["order_id"] } == ["o-1"])
        let bad = try await rig.send(.get, "/sandbox/button/pages/orders?limit=0&offset=x", body: Data(), headers: [:])
        #expect(bad.status == 400)
        #expect(
            bad.json["error"]?["fields"]?.arrayValue?.compactMap { $0["field"]?.stringValue } == ["limit", "offset"])
        for route in [
            "/sandbox/button/pages/deferred-deeplinks", "/sandbox/athmovil/pages/payments",
            "/sandbox/paytronix/pages/guests",
            "/sandbox/paytronix/pages/external-accounts", "/sandbox/paytronix/pages/push-deliveries",
            "/sandbox/storefront/pages/carts", "/sandbox/storefront/pages/checkouts",
            "/sandbox/storefront/pages/orders",
            "/sandbox/rezolve/pages/customers", "/sandbox/rezolve/pages/carts", "/sandbox/rezolve/pages/orders",
        ] {
            let page = try await rig.send(.get, route + "?limit=5", body: Data(), headers: [:])
            #expect(page.status == 200, "\(route)")
            #expect(page.json["limit"] == 5, "\(route)")
            #expect(page.json["items"]?.arrayValue != nil, "\(route)")
        }
    }

    @Test func aCreatedGuestAndPaymentAppearInTheirPagesWithoutSecrets() async throws {
        let rig = try RouterTestRig()
        let json = ["Content-Type": "application/json"] as HTTPHeaders
        let guest = try await rig.send(
            .post, "/sandbox/paytronix/guests",
            body: JSONValue.object([
                "merchantId": 777777, "username": "console-guest", "password": "secret-123",
                "email": "guest@example.com",
                "externalAccounts": [
                    [
                        "appIdentifier": "com.example.app", "accountCode": "abcdef0123456789abcdef",
                        "integration": "sandbox-ios",
                        "integrationDetail":
                            "os=iOS|osversion=17.0|device=iPhone|merchantId=777777|integrator=CK|version=1",
                    ]
                ],
            ]).serializedData(),
            headers: json)
        #expect(guest.status == 200)
        let guests = try await rig.send(.get, "/sandbox/paytronix/pages/guests", body: Data(), headers: [:])
        #expect(guests.json["total"] == 1)
        #expect(guests.json["items"]?[0]?["username"] == "console-guest")
        #expect(guests.json["items"]?[0]?["printedCardNumber"] == guest.json["printedCardNumber"])
        #expect(!guests.text.contains("secret-123") && !guests.text.contains("password"))
        let devices = try await rig.send(.get, "/sandbox/paytronix/pages/external-accounts", body: Data(), headers: [:])
        #expect(devices.json["items"]?[0]?["accountCode"] == "abcdef0123456789abcdef")
        #expect(devices.json["items"]?[0]?["state"] == "attached")

        let payment = try await rig.send(
            .post, "/api/business-transaction/ecommerce/payment",
            body: JSONValue.object([
                "env": "sandbox", "publicToken": "dummy", "total": 12.5, "subtotal": 10, "tax": 2.5, "timeout": 600,
                "metadata1": "", "metadata2": "", "phoneNumber": "",
                "items": [["name": "Mug", "price": 10, "quantity": 1, "desc": "", "metadata": ""]],
            ]).serializedData(), headers: json)
        let id = try #require(payment.json["data"]?["ecommerceId"]?.stringValue)
        let open = try await rig.send(.get, "/sandbox/athmovil/pages/payments", body: Data(), headers: [:])
        #expect(open.json["items"]?[0]?["ecommerceId"] == .string(id))
        #expect(open.json["items"]?[0]?["state"] == "OPEN")
        #expect(open.json["items"]?[0]?["total"] == 12.5)
        // The console's Complete button posts to the existing action route; the page then reads CONFIRM.
        #expect(
            try await rig.send(.post, "/sandbox/athmovil/payments/\(id)/complete", body: Data("{}".utf8), headers: json)
                .status == 200)
        let confirmed = try await rig.send(.get, "/sandbox/athmovil/pages/payments", body: Data(), headers: [:])
        #expect(confirmed.json["items"]?[0]?["state"] == "CONFIRM")
    }

    @Test func theLoginFormSetsAStrictHttpOnlyCookieForTheRightTokenOnly() async throws {
        let rig = try RouterTestRig(
            SandboxOptions(host: "0.0.0.0", port: 0, inMemory: true, controlToken: "console-token-1"))
        let form = ["Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders
        let wrong = try await rig.send(.post, "/sandbox/console/login", body: Data("token=nope".utf8), headers: form)
        #expect(wrong.status == 401)
        #expect(wrong.headers["Set-Cookie"] == nil)
        let right = try await rig.send(
            .post, "/sandbox/console/login", body: Data("token=console-token-1".utf8), headers: form)
        #expect(right.status == 303)
        let cookie = try #require(right.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("commercekit_console=console-token-1;"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(try await rig.send(.get, "/sandbox/console", body: Data(), headers: [:]).status == 401)
        let page = try await rig.send(
            .get, "/sandbox/console", body: Data(), headers: ["Cookie": "commercekit_console=console-token-1"])
        #expect(page.status == 200)
        #expect(page.text.contains("/sandbox/console/logout"))
        #expect(try await rig.send(.get, "/sandbox/console/login", body: Data(), headers: [:]).status == 200)
    }
}
