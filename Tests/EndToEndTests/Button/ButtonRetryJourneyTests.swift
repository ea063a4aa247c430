import ButtonOrders
import CommerceCore
import CommerceSandbox
import Foundation
import Testing

@testable import ButtonMerchant

/// J4: failure and retry, with faults injected into the sandbox.
@Suite struct ButtonRetryJourneyTests {
    private func addFault(_ sandbox: SandboxHarness, _ fault: JSONValue) async throws {
        let (status, body) = try await sandbox.call(.post, "/sandbox/button/faults", json: fault)
        #expect(status == 200, "fault not accepted: \(body.serialized())")
    }

    private static func order(_ id: String) -> Order {
        Order(id: id, purchaseDate: Date(), lineItems: [LineItem(id: "sku-1", total: 1000)])
    }

    @Test func appOrderSurvivesTwoServerErrorsWithBackoff() async throws {
        try await SandboxHarness.with { sandbox async throws in
            try await addFault(
                sandbox, ["method": "POST", "path": "/v1/app/order", "count": 2, "mode": "before", "status": 503])
            let app = sandbox.merchantCore(installedAgo: nil)
            app.configure(applicationId: "app-sandbox", environment: nil)
            try await app.reportOrder(Self.order("o-retry"))

            let attempts = try await sandbox.loggedRequests("/v1/app/order")
            #expect(attempts.map { $0["status"]?.integerValue } == [503, 503, 200])
            let times = attempts.compactMap { $0["time"]?.stringValue.flatMap(ISO8601.parse) }
            try #require(times.count == 3)
            #expect(times[1].timeIntervalSince(times[0]) >= 0.1)
            #expect(times[2].timeIntervalSince(times[1]) >= 0.2)
            #expect(try await sandbox.objects("/sandbox/button/app-orders?order_id=o-retry").count == 1)
        }
    }

    @Test func appOrderGivesUpAfterFourAttempts() async throws {
        try await SandboxHarness.with { sandbox async throws in
            try await addFault(
                sandbox, ["method": "POST", "path": "/v1/app/order", "count": 4, "mode": "before", "status": 503])
            let app = sandbox.merchantCore(installedAgo: nil)
            app.configure(applicationId: "app-sandbox", environment: nil)
            await #expect(throws: ButtonMerchantError.network(statusCode: 503)) {
                try await app.reportOrder(Self.order("o-lost"))
            }
            #expect(try await sandbox.loggedRequests("/v1/app/order").count == 4)
            #expect(try await sandbox.objects("/sandbox/button/app-orders?order_id=o-lost").isEmpty)
        }
    }

    @Test func lostCreateResponseIsRecoveredWithoutADuplicate() async throws {
        try await SandboxHarness.with { sandbox async throws in
            // The held-back response outlives the client's timeout by a wide margin, and the timeout leaves every
            // retry room even on a machine ten times slower (an ASan run): the first attempt times out while its
            // order is committed, the retries do not.
            try await addFault(
                sandbox, ["method": "POST", "path": "/v1/order", "count": 1, "mode": "after", "delay_ms": 15_000])
            let orders = try sandbox.ordersClient(timeout: .seconds(5)).orders
            let created = try await orders.create(
                OrderPayload(
                    total: 1000, currency: "USD", orderId: "o-lost", purchaseDate: Date(),
                    lineItems: [OrderLineItem(identifier: "sku-1", total: 1000)]))
            #expect(created.status == .open)
            #expect(created.orderId == "o-lost")
            // The first POST's response is held back by the fault, so its log entry appears once it is sent.
            try await sandbox.recorded { entry in
                entry.service == "button" && entry.method == .post && entry.path == "/v1/order" && entry.status == 200
            }
            let logged = try await sandbox.loggedRequests("/v1/order")
            // J4 step 3: the create committed once (200, answered late); every retried POST met that order and got
            // 409 order_exists; the client then read the order with a GET.
            let posts = logged.filter { $0["method"]?.stringValue == "POST" }.compactMap { $0["status"]?.integerValue }
            #expect(posts.filter { $0 == 200 }.count == 1)
            #expect(posts.filter { $0 == 409 }.count == posts.count - 1 && posts.count >= 2)
            #expect(logged.filter { $0["method"]?.stringValue == "GET" }.count == 1, "\(logged)")
            #expect(try await sandbox.objects("/sandbox/button/organizations/org-sandbox/orders").count == 1)
        }
    }

    @Test func getIsRetriedOnServerErrorsThenGivesUp() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let orders = try sandbox.ordersClient().orders
            _ = try await orders.create(
                OrderPayload(total: 10, currency: "USD", orderId: "o-get", purchaseDate: Date()))
            try await addFault(
                sandbox, ["method": "GET", "path": "/v1/order/o-get", "count": 2, "mode": "before", "status": 503])
            #expect(try await orders.get("o-get").orderId == "o-get")

            try await addFault(
                sandbox, ["method": "GET", "path": "/v1/order/o-get", "count": 3, "mode": "before", "status": 503])
            do {
                _ = try await orders.get("o-get")
                Issue.record("expected a server error after three attempts")
            } catch let error as ButtonOrdersError {
                guard case .server(statusCode: 503, _) = error else {
                    Issue.record("expected .server(503), got \(error)")
                    return
                }
            }
        }
    }
}
