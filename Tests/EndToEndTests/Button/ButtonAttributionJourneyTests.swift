import ButtonOrders
import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

/// J1: deferred deep link → app signal → server order → finalization, through real HTTP.
@Suite struct ButtonAttributionJourneyTests {
    @Test func deferredLinkAppSignalServerOrderAndFinalization() async throws {
        try await SandboxHarness.with { sandbox async throws in
            try await sandbox.freezeClock(at: "2025-01-15T12:00:00Z")
            let (linkStatus, link) = try await sandbox.call(
                .post, "/sandbox/button/deferred-deeplinks",
                json: [
                    "application_id": "app-sandbox", "action": "https://shop.example/p/42",
                    "match": ["user_agent_contains": "com.example.shop"],
                ])
            #expect(linkStatus == 200)
            let token = try #require(link["object"]?["btn_ref"]?.stringValue)
            let notifications = TokenNotificationCounter(token: token)

            let app = sandbox.merchantCore(installedAgo: 3600)
            app.configure(applicationId: "app-sandbox", environment: nil)
            let destination = try await app.handlePostInstallURL()
            #expect(destination?.absoluteString == "https://shop.example/p/42")
            #expect(app.attributionToken == token)
            #expect(notifications.count == 1)
            let links = try await sandbox.objects("/sandbox/button/deferred-deeplinks?application_id=app-sandbox")
            #expect(links.first?["status"] == "consumed")

            // Once per install: no second request reaches the sandbox.
            #expect(try await app.handlePostInstallURL() == nil)
            #expect(try await sandbox.loggedRequests("/v1/app/deferred-deeplink").count == 1)

            let purchase = try date("2025-01-15T12:00:00Z")
            try await app.reportOrder(
                Order(id: "o-1", purchaseDate: purchase, lineItems: [LineItem(id: "sku-1", total: 4200)]))
            let signals = try await sandbox.objects("/sandbox/button/app-orders?order_id=o-1")
            #expect(signals.first?["btn_ref"]?.stringValue == token)

            let orders = try sandbox.ordersClient().orders
            let created = try await orders.create(
                OrderPayload(
                    total: 4200, currency: "USD", orderId: "o-1", purchaseDate: purchase, btnRef: token,
                    lineItems: [OrderLineItem(identifier: "sku-1", total: 4200, quantity: 1)]))
            #expect(created.status == .open)
            #expect(created.finalizationDate == (try date("2025-02-14T12:00:00Z")))
            let (_, inspected) = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/o-1")
            #expect(inspected["object"]?["attribution"] == "sandbox")
            #expect(inspected["object"]?["app_signal"]?["btn_ref"]?.stringValue == token)

            let (advanced, _) = try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["days": 30])
            #expect(advanced == 200)
            #expect(try await orders.get("o-1").status == .finalized)
            await #expect(
                throws: ButtonOrdersError.conflict(
                    type: "order_finalized", message: "Order o-1 is finalized and can no longer be changed")
            ) {
                try await orders.delete("o-1")
            }
        }
    }
}
