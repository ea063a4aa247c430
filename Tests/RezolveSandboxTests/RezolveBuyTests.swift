import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

/// Buy (spec §3.5.8), its idempotency (§5.7), simulated payments (§5.8) and the order state machine (§5.4).
@Suite struct RezolveBuyTests {
    struct Bought {
        let rig: RezolveRig
        let session: RezolveRig.Session
        let records: (phone: String, address: String, card: String)
        let orderId: String
    }

    /// Red/M ×2, flatrate, card: an order ready to buy.
    private func readyOrder(pan: String = "4111111111111111", expiresOn: String = "1230") async throws -> Bought {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session, pan: pan, expiresOn: expiresOn)
        let (_, checkout) = try await rig.checkout(
            session, line: RezolveRig.line(6, qty: 2, options: [("color", "49"), ("size", "168")]),
            shipping: ["type": "flatrate", "address_id": .string(records.address)],
            payment: "spgateway")
        return Bought(
            rig: rig, session: session, records: records, orderId: try RigError.string(checkout.json["id"], checkout))
    }

    private func buy(_ bought: Bought, body: JSONValue, key: String?) async throws -> RezolveRig.Reply {
        try await bought.rig.call(
            bought.session, .post, bought.session.b3 + "/merchant/12/buy/\(bought.orderId)", json: body,
            headers: key.map { ["Idempotency-Key": $0] } ?? [:])
    }

    private func orders(_ bought: Bought) async throws -> [JSONValue] {
        try await bought.rig.call(bought.session, .get, bought.session.b3 + "/order").json["orders"]?.arrayValue ?? []
    }

    @Test func cardBuyAuthorizesAndListsOnePendingOrder() async throws {
        let bought = try await readyOrder()
        let reply = try await buy(
            bought,
            body: try bought.rig.cardPayment(
                bought.session, card: bought.records.card,
                phone: bought.records.phone), key: nil)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(
            reply.json == [
                "order_id": .string(bought.orderId), "merchant_id": "12", "partner_id": "317",
                "partner_name": "CommerceKit Sandbox Partner", "name": "Sandbox Outfitters",
                "email": "orders@outfitters.sandbox.example", "phone_number": "2125550100",
                "payment_method": "spgateway", "data": [:],
            ])
        let list = try await orders(bought)
        #expect(list.count == 1)
        #expect(list.first?["status"] == "pending")
        #expect(list.first?["payment_status"] == "authorized")
        #expect(list.first?["price"]?["final_price"] == 49)
        #expect(list.first?["payment_method"]?["details"]?["pan4"] == "1111")
        #expect(list.first?["shipping_address_details"]?["id"] == .string(bought.records.address))
        // Without a key, a second buy is refused.
        let again = try await buy(
            bought,
            body: try bought.rig.cardPayment(
                bought.session, card: bought.records.card,
                phone: bought.records.phone), key: nil)
        #expect(again.status == 400)
        #expect(RezolveRig.error(again).2 == "Order has already been placed.")
    }

    @Test func sameKeyReplaysTheAnswerWithoutASecondCharge() async throws {
        let bought = try await readyOrder()
        let body = try bought.rig.cardPayment(bought.session, card: bought.records.card, phone: bought.records.phone)
        let first = try await buy(bought, body: body, key: "key-1")
        let second = try await buy(bought, body: body, key: "key-1")
        #expect(first.status == 200)
        #expect(second.status == 200)
        #expect(second.data == first.data)
        #expect(second.headers["Idempotent-Replayed"] == "true")
        #expect(first.headers["Idempotent-Replayed"] == nil)
        #expect(try await orders(bought).count == 1)
        // Another key on the same order is a second attempt, refused.
        let other = try await buy(bought, body: body, key: "key-2")
        #expect(RezolveRig.error(other).2 == "Order has already been placed.")
    }

    @Test func sameKeyWithADifferentBodyIsRefused() async throws {
        let bought = try await readyOrder()
        let body = try bought.rig.cardPayment(bought.session, card: bought.records.card, phone: bought.records.phone)
        #expect(try await buy(bought, body: body, key: "key-1").status == 200)
        var changed = body.objectValue ?? [:]
        changed["location"] = ["latitude": 40.6, "longitude": -73.9]
        let reply = try await buy(bought, body: .object(changed), key: "key-1")
        #expect(reply.status == 400)
        #expect(RezolveRig.error(reply).0 == "6")
        #expect(RezolveRig.error(reply).2 == "Idempotency key was already used with different parameters.")
    }

    @Test func keyOrderInsideTheBodyDoesNotMatter() async throws {
        let bought = try await readyOrder()
        let cvv = try RezolveRig.encrypt("123", for: bought.session.publicKeyPEM)
        let a =
            #"{"payment_method":{"type":"spgateway","pay_with":"\#(bought.records.card)","cvv":"\#(cvv)","phone_id":"\#(bought.records.phone)"}}"#
        let b =
            #"{"payment_method":{"phone_id":"\#(bought.records.phone)","cvv":"\#(cvv)","pay_with":"\#(bought.records.card)","type":"spgateway"}}"#
        let path = bought.session.b3 + "/merchant/12/buy/\(bought.orderId)"
        #expect(
            try await bought.rig.call(bought.session, .post, path, raw: a, headers: ["Idempotency-Key": "k"]).status
                == 200)
        let replay = try await bought.rig.call(bought.session, .post, path, raw: b, headers: ["Idempotency-Key": "k"])
        #expect(replay.headers["Idempotent-Replayed"] == "true")
    }

    @Test func validationFailureReleasesTheKey() async throws {
        let bought = try await readyOrder()
        let bad = try await buy(
            bought,
            body: ["payment_method": ["type": "spgateway", "pay_with": .string(bought.records.card), "cvv": "x"]],
            key: "key-1")
        #expect(bad.status == 400)
        let good = try await buy(
            bought,
            body: try bought.rig.cardPayment(
                bought.session, card: bought.records.card,
                phone: bought.records.phone), key: "key-1")
        #expect(good.status == 200)
        #expect(good.headers["Idempotent-Replayed"] == nil)
    }

    @Test(arguments: [
        ("4000000000000002", "Payment declined: do not honour."),
        ("4000000000009995", "Payment declined: insufficient funds."),
    ])
    func declinesAreStoredAndLeaveTheOrderBuyable(_ pan: String, _ message: String) async throws {
        let bought = try await readyOrder(pan: pan)
        let body = try bought.rig.cardPayment(bought.session, card: bought.records.card, phone: bought.records.phone)
        let declined = try await buy(bought, body: body, key: "key-1")
        #expect(declined.status == 400)
        #expect(RezolveRig.error(declined).2 == message)
        let replay = try await buy(bought, body: body, key: "key-1")
        #expect(replay.headers["Idempotent-Replayed"] == "true")
        #expect(replay.data == declined.data)
        #expect(try await orders(bought).isEmpty)
        // Another card on the same checkout goes through.
        let good = try await bought.rig.call(
            bought.session, .post, bought.session.b1 + "/wallet",
            json: try bought.rig.cardBody(bought.session, pan: "5555555555554444", addressId: bought.records.address))
        let goodCard = try RigError.string(good.json["id"], good)
        let retry = try await buy(
            bought, body: try bought.rig.cardPayment(bought.session, card: goodCard, phone: bought.records.phone),
            key: "key-2")
        #expect(retry.status == 200)
    }

    @Test func expiredCardIsDeclinedAtTheSandboxClock() async throws {
        let bought = try await readyOrder(expiresOn: "0120")
        let reply = try await buy(
            bought,
            body: try bought.rig.cardPayment(
                bought.session, card: bought.records.card,
                phone: bought.records.phone), key: nil)
        #expect(RezolveRig.error(reply).2 == "Payment declined: card expired.")
    }

    @Test func cvvMustBeThreeOrFourDigits() async throws {
        let bought = try await readyOrder()
        let reply = try await buy(
            bought,
            body: try bought.rig.cardPayment(
                bought.session, card: bought.records.card,
                phone: bought.records.phone, cvv: "12"), key: nil)
        #expect(RezolveRig.error(reply).2 == "Validation error: [Invalid CVV. - #/payment_method/cvv]")
    }

    @Test func merchantTransitionsFollowTheStateMachine() async throws {
        let bought = try await readyOrder()
        _ = try await buy(
            bought,
            body: try bought.rig.cardPayment(
                bought.session, card: bought.records.card,
                phone: bought.records.phone), key: nil)
        let path = "/sandbox/rezolve/orders/\(bought.orderId)/status"
        #expect(try await bought.rig.call(.post, path, json: ["status": "cancelled"]).status == 409)
        #expect(
            try await bought.rig.call(.post, path, json: ["status": "pre-canceled"]).json["status"] == "pre-canceled")
        #expect(try await bought.rig.call(.post, path, json: ["status": "complete"]).status == 409)
        #expect(try await bought.rig.call(.post, path, json: ["status": "cancelled"]).json["status"] == "cancelled")
        #expect(try await orders(bought).first?["status"] == "cancelled")
        #expect(try await bought.rig.call(.post, path, json: ["status": "shipped"]).status == 400)
        #expect(
            try await bought.rig.call(.post, "/sandbox/rezolve/orders/1/status", json: ["status": "complete"]).json
                == ["error": "not found"])
    }

    @Test func newCheckoutOfTheSameOptionAbandonsTheEarlierOrder() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let (optionId, first) = try await rig.checkout(
            session, line: RezolveRig.line(7),
            shipping: [
                "type": "flatrate",
                "address_id": .string(records.address),
            ], payment: "spgateway")
        let second = try await rig.call(
            session, .post, session.b3 + "/merchant/12/checkout/\(optionId)",
            json: ["payment_method": ["type": "cash"], "shipping_method": ["type": "storepickup", "pickup_store": 1]])
        #expect(second.json["final_price"] == 49.5)
        let firstId = try #require(first.json["id"]?.stringValue)
        let stale = try await rig.call(
            session, .post, session.b3 + "/merchant/12/buy/\(firstId)", json: ["payment_method": ["type": "spgateway"]])
        #expect(stale.status == 404)
        let secondId = try #require(second.json["id"]?.stringValue)
        let cash = try await rig.call(
            session, .post, session.b3 + "/merchant/12/buy/\(secondId)", json: ["payment_method": ["type": "cash"]])
        #expect(cash.status == 200)
        let detail = try await rig.call(session, .get, session.b3 + "/order/\(secondId)")
        #expect(detail.json["payment_status"] == "pay_on_collection")
        #expect(detail.json["store_details"]?["name"] == "Brooklyn Store")
    }

    @Test func actOrderCompletesWithoutPayment() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let (_, checkout) = try await rig.checkout(
            session, merchant: "2", line: RezolveRig.line(9), shipping: nil, payment: "free")
        let orderId = try #require(checkout.json["id"]?.stringValue)
        let reply = try await rig.call(
            session, .post, session.b3 + "/merchant/2/buy/\(orderId)", json: ["payment_method": ["type": "free"]])
        #expect(reply.status == 200)
        let detail = try await rig.call(session, .get, session.b3 + "/order/\(orderId)")
        #expect(detail.json["status"] == "complete")
        #expect(detail.json["payment_status"] == "not_required")
    }
}
