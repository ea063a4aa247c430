import CommerceCore
import CommerceTesting
import Foundation
import Testing

@_spi(Testing) @testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.2.9 / §6.6 order bodies, and the trackOrder client decision.
    @Suite struct OrderReportTests {
        @available(*, deprecated, message: "exercises the deprecated API on purpose")
        @Test func reportOrderBodyVector() async throws {
            let store = PersistentStore(inMemory: [
                ButtonStore.attributionTokenKey: .string("srctok-abc123"),
                ButtonStore.sessionIdKey: .string("sess-1"),
            ])
            let harness = Harness(store: store)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            let purchase = try #require(ISO8601.parse("2019-06-17T12:08:10-04:00"))
            let order = Order(
                id: "order-abc", purchaseDate: purchase,
                lineItems: [LineItem(id: "unique-id-1234", total: 120)])
            let customer = Customer(id: "customer-id-123")
            customer.email = "someone@example.com"
            order.customer = customer
            order.customerOrderId = "customer-order-id-123"

            try await harness.core.reportOrder(order)

            let expected = try JSONValue.parse(
                """
                {"btn_ref":"srctok-abc123","order_id":"order-abc","currency":"USD","purchase_date":"2019-06-17T16:08:10Z",
                 "customer_order_id":"customer-order-id-123",
                 "line_items":[{"identifier":"unique-id-1234","quantity":1,"total":120}],
                 "customer":{"id":"customer-id-123"},"session_id":"sess-1","application_id":"app-sandbox"}
                """)
            #expect(try body(harness.transport.requests.first) == expected)
        }

        @Test func seedTrackOrderBodyVector() throws {
            let order = Order(id: "order_id", amount: 5000, currencyCode: "USD", purchaseDate: fixedNow)
            let parameters = OrderBody.parameters(for: order, attributionToken: nil, timeZone: utc)
            let expected = try JSONValue.parse(
                """
                {"order_id":"order_id","currency":"USD","purchase_date":"2025-01-15T12:00:00Z",
                 "line_items":[{"identifier":"order_id","quantity":1,"total":5000}]}
                """)
            #expect(JSONValue.object(parameters) == expected)
        }

        @available(*, deprecated, message: "exercises the deprecated API on purpose")
        @Test func seedTrackOrderCallThroughTheFacade() async throws {
            let transport = InMemoryTransport(responses: [mobileOK(session: "sess-2")])
            ButtonMerchant.resetForTesting(
                store: PersistentStore(), environment: .custom(baseURL: sandboxURL),
                installDate: nil, now: { fixedNow }, timeZone: utc, appInfo: AppInfo(),
                transport: transport)
            ButtonMerchant.configure(applicationId: "app-sandbox")
            let order = Order(id: "order_id", amount: 5000, currencyCode: "USD")
            #expect(order.amount == 5000)
            // The seed's unlabeled call compiles and sends; a second one with a completion reports success.
            ButtonMerchant.trackOrder(order, nil)
            let error: (any Error)? = await withCheckedContinuation { continuation in
                ButtonMerchant.trackOrder(order) { continuation.resume(returning: $0) }
            }
            #expect(error == nil)
            try await ButtonMerchant.trackOrder(order)
            let json = try body(transport.requests.last)
            #expect(json["line_items"] == [["identifier": "order_id", "quantity": 1, "total": 5000]])
            #expect(json["application_id"] == "app-sandbox")
            #expect(json["amount"] == nil && json["total"] == nil)
            #expect(ButtonMerchant.core.store.sessionId == "sess-2")
        }

        @Test func seedOrderWithoutAmountHasNoLineItems() throws {
            let order = Order(id: "o", amount: 0, currencyCode: "EUR", purchaseDate: fixedNow)
            let parameters = OrderBody.parameters(for: order, attributionToken: nil, timeZone: utc)
            #expect(parameters["line_items"] == [])
            #expect(parameters["currency"] == "EUR")
        }

        @Test func optionalLineItemAndCustomerFields() throws {
            let item = LineItem(id: "sku-1", total: 900)
            item.quantity = 3
            item.itemDescription = "bananas"
            item.sku = "sku-1"
            item.upc = "012345678905"
            item.category = ["Food", "Fruit"]
            item.attributes = ["brand": "Acme"]
            let order = Order(id: "o-2", purchaseDate: fixedNow, lineItems: [item])
            order.currencyCode = "CAD"
            let customer = Customer(id: "c-1")
            customer.isNew = false
            order.customer = customer
            let parameters = OrderBody.parameters(
                for: order, attributionToken: "srctok-x",
                timeZone: try #require(TimeZone(secondsFromGMT: -4 * 3600)))
            let expected = try JSONValue.parse(
                """
                {"btn_ref":"srctok-x","order_id":"o-2","currency":"CAD","purchase_date":"2025-01-15T08:00:00-04:00",
                 "line_items":[{"identifier":"sku-1","total":900,"quantity":3,"description":"bananas","sku":"sku-1",
                   "upc":"012345678905","category":["Food","Fruit"],"attributes":{"brand":"Acme"}}],
                 "customer":{"id":"c-1","is_new":false}}
                """)
            #expect(JSONValue.object(parameters) == expected)
        }

        @Test func withoutAppIdNothingIsSent() async throws {
            let harness = Harness()
            await #expect(throws: ButtonMerchantError.noApplicationId) {
                try await harness.core.reportOrder(Order(id: "o", purchaseDate: fixedNow, lineItems: []))
            }
            // Orders are never queued: configuring afterwards sends nothing.
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            #expect(await harness.sentRequests().isEmpty)
        }
    }
}
