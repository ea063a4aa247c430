import ButtonOrders
import CommerceCore
import Foundation
import Testing

/// J2 through ButtonOrders (pybutton runs the same steps in Tests/RealClients/pybutton_check.py).
@Suite struct ButtonOrderLifecycleJourneyTests {
    @Test func seedOrderLifecycle() async throws {
        try await SandboxHarness.with { sandbox async throws in
            try await sandbox.freezeClock(at: "2017-07-01T12:00:00Z")
            let orders = try sandbox.ordersClient().orders
            let email = OrderCustomer.hashEmail("user@example.com")
            let created = try await orders.create(
                OrderPayload(
                    total: 5000, currency: "USD", orderId: "1989", purchaseDate: try date("2017-07-01T00:00:00Z"),
                    finalizationDate: try date("2017-08-02T19:26:08Z"), btnRef: "srctok-XXX",
                    customer: OrderCustomer(id: "mycustomer-1234", emailSHA256: email),
                    customerOrderId: "abcdef-123456",
                    lineItems: [
                        OrderLineItem(
                            identifier: "sku-123", total: 2000, amount: 2000, quantity: 1, itemDescription: "pillow"),
                        OrderLineItem(
                            identifier: "sku-456", total: 3000, amount: 3000, quantity: 1, itemDescription: "sheet"),
                    ]))
            #expect(created.status == .open)
            #expect(created.finalizationDate == (try date("2017-08-02T19:26:08Z")))
            #expect(created.buttonOrderId.hasPrefix("btnorder-"))

            let fetched = try await orders.get("1989")
            #expect(fetched.total == 5000)
            #expect(fetched.customer?.emailSHA256 == email)
            #expect(fetched.lineItems.map(\.identifier) == ["sku-123", "sku-456"])

            // A partial return, reported as an update of the full new state.
            let returned = try await orders.update(
                "1989",
                OrderPayload(
                    total: 5000, currency: "USD", orderId: "1989", purchaseDate: try date("2017-07-01T00:00:00Z"),
                    lineItems: [OrderLineItem(identifier: "sku-789", total: 5000)]))
            #expect(returned.lineItems.count == 1)
            #expect(returned.btnRef == "srctok-XXX")

            try await orders.delete("1989")
            #expect(try await orders.get("1989").status == .deleted)
            try await orders.delete("1989")
            await #expect(
                throws: ButtonOrdersError.conflict(type: "order_deleted", message: "Order 1989 has been deleted")
            ) {
                _ = try await orders.update(
                    "1989",
                    OrderPayload(
                        total: 1, currency: "USD", orderId: "1989",
                        purchaseDate: try date("2017-07-01T00:00:00Z")))
            }
            await #expect(
                throws: ButtonOrdersError.conflict(type: "order_exists", message: "Order 1989 already exists")
            ) {
                _ = try await orders.create(
                    OrderPayload(
                        total: 1, currency: "USD", orderId: "1989",
                        purchaseDate: try date("2017-07-01T00:00:00Z")))
            }
            let byToken = try await orders.getByBtnRef("srctok-XXX")
            #expect(byToken.map(\.status) == [.deleted])
        }
    }

    @Test func idsWithSlashesAndSpacesRoundTrip() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let orders = try sandbox.ordersClient().orders
            _ = try await orders.create(
                OrderPayload(total: 10, currency: "USD", orderId: "A/B 1", purchaseDate: Date()))
            #expect(try await orders.get("A/B 1").orderId == "A/B 1")
            let logged = try await sandbox.loggedRequests("/v1/order/A")
            #expect(logged.first?["path"] == "/v1/order/A/B 1")
        }
    }
}
