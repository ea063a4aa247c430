import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Carts (spec §3.5.5, §5.4): one open cart per merchant, merged lines, removal, and cart checkout.
@Suite struct RezolveCartTests {
    @Test func cartLifecycleWithClickAndCollectAndExternalPayment() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let redM = RezolveRig.line(6, options: [("color", "49"), ("size", "168")])
        let first = try await rig.call(session, .post, session.b1 + "/merchant/12/cart", json: ["product": redM])
        #expect(first.status == 201)
        let second = try await rig.call(session, .post, session.b1 + "/merchant/12/cart", json: ["product": redM])
        #expect(second.json["id"] == first.json["id"])
        #expect(second.json["products"]?.arrayValue?.count == 1)
        #expect(second.json["products"]?[0]?["qty"] == 2)
        _ = try await rig.call(session, .post, session.b1 + "/merchant/2/cart", json: ["product": RezolveRig.line(8)])
        let carts = try await rig.call(session, .get, session.b1 + "/cart")
        #expect(carts.json.arrayValue?.count == 2)

        let cartId = try #require(first.json["id"]?.stringValue)
        let options = try await rig.call(session, .post, session.b4 + "/merchant/12/cart/\(cartId)/options", json: [:])
        #expect(options.json.arrayValue?.count == 1)
        let optionId = try #require(options.json[0]?["id"]?.stringValue)
        let checkout = try await rig.call(
            session, .post, session.b3 + "/merchant/12/cart/\(cartId)/checkout/\(optionId)",
            json: [
                "payment_method": ["type": "external"],
                "shipping_method": ["type": "storepickup", "pickup_store": 2],
            ])
        #expect(checkout.json["final_price"] == 44)
        let orderId = try #require(checkout.json["id"]?.stringValue)
        let bought = try await rig.call(
            session, .post, session.b3 + "/merchant/12/buy/\(orderId)",
            json: ["payment_method": ["type": "external"]])
        #expect(bought.json["data"]?["callback"]?["payment_id"]?.stringValue != nil)
        let remaining = try await rig.call(session, .get, session.b1 + "/cart")
        #expect(remaining.json.arrayValue?.map { $0["merchant_id"] } == ["2"])
        let detail = try await rig.call(session, .get, session.b3 + "/order/\(orderId)")
        #expect(detail.json["store_details"]?["name"] == "Manhattan Store")
        #expect(detail.json["is_cart"] == true)
    }

    @Test func changedCartInvalidatesItsOption() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let (cartId, optionId) = try await rig.cartWithOption(session)
        _ = try await rig.call(session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(7)])
        let checkout = try await rig.checkoutCart(
            session, cartId: cartId, optionId: optionId, addressId: records.address)
        #expect(checkout.status == 400)
        #expect(RezolveRig.error(checkout).2 == "Cart has changed; request payment options again.")
    }

    @Test func cartTotalQuantityCountsAgainstTheMaximum() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        #expect(
            try await rig.call(
                session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(7, qty: 3)]
            ).status == 201)
        let over = try await rig.call(
            session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(7, qty: 3)])
        #expect(RezolveRig.error(over).2 == "The most you may purchase is 5.")
    }

    @Test func removingTheLastLineDeletesTheCart() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let cart = try await rig.call(
            session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(7)])
        _ = try await rig.call(
            session, .post, session.b1 + "/merchant/12/cart", json: ["product": RezolveRig.line(101)])
        let cartId = try #require(cart.json["id"]?.stringValue)
        let afterFirst = try await rig.call(session, .delete, session.b1 + "/merchant/12/cart/\(cartId)/product/0")
        #expect(afterFirst.status == 200)
        #expect(afterFirst.json["products"]?.arrayValue?.map { $0["id"] } == [101])
        #expect(
            try await rig.call(session, .delete, session.b1 + "/merchant/12/cart/\(cartId)/product/0").status == 204)
        #expect(try await rig.call(session, .get, session.b1 + "/cart").json == [])
    }
}
