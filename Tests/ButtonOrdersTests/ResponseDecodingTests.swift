import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("ReportedOrder and OrderStatus decoding")
struct ResponseDecodingTests {
    @Test("The sandbox's order object decodes completely; nulls and unknown keys are harmless")
    func fullObject() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let order = try await makeClient(transport).orders.get("1989")
        #expect(
            order
                == ReportedOrder(
                    buttonOrderId: "btnorder-3f9c0a7be2d14c55", orderId: "1989", total: 5000, currency: "USD",
                    purchaseDate: date("2017-07-01T00:00:00Z"), finalizationDate: date("2017-08-02T19:26:08Z"),
                    btnRef: "fakesrctok-abcdef0123456789",
                    customer: OrderCustomer(id: "mycustomer-1234", emailSHA256: userEmailHash),
                    customerOrderId: "abcdef-123456",
                    lineItems: [
                        OrderLineItem(
                            identifier: "sku-123", total: 2000, amount: 2000, quantity: 1, itemDescription: "pillow")
                    ],
                    status: .open))
    }

    @Test("Wrong shapes fall back instead of failing")
    func lenientFallbacks() throws {
        let json = try JSONValue.parse(
            #"{"total":"lots","currency":5,"purchase_date":"yesterday","status":"paused","#
                + #""customer":"x","line_items":[3,{"identifier":"a","quantity":1e30,"amount":12.0,"category":["x",1],"#
                + #""attributes":{"k":"v","n":2}}],"ifa":"legacy","extra":{"nested":true}}"#)
        let order = ReportedOrder(json: json)
        #expect(order.buttonOrderId == "")
        #expect(order.total == 0)
        #expect(order.currency == "")
        #expect(order.purchaseDate == nil)
        #expect(order.status == .unknown("paused"))
        #expect(order.customer == nil)
        #expect(order.advertisingId == "legacy")
        #expect(
            order.lineItems == [
                OrderLineItem(identifier: "a", amount: 12, quantity: nil, category: ["x"], attributes: ["k": "v"])
            ])
    }

    @Test("JSONDecoder uses the same lenient reading")
    func decodable() throws {
        let order = try JSONDecoder().decode(ReportedOrder.self, from: Data(orderObjectJSON(status: "finalized").utf8))
        #expect(order.status == .finalized)
        #expect(order.lineItems.first?.itemDescription == "pillow")
        #expect(order.customer?.emailSHA256 == userEmailHash)
    }

    @Test("OrderStatus maps the wire values and keeps unknown ones")
    func statusValues() {
        #expect(OrderStatus(rawValue: "open") == .open)
        #expect(OrderStatus(rawValue: "finalized") == .finalized)
        #expect(OrderStatus(rawValue: "deleted") == .deleted)
        #expect(OrderStatus(rawValue: "Open") == .unknown("Open"))
        #expect(
            [OrderStatus.open, .finalized, .deleted, .unknown("x")].map(\.rawValue) == [
                "open", "finalized", "deleted", "x",
            ])
    }
}
