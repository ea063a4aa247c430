import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

/// External payments (spec §5.8) and the §6.10 callback sequence.
@Suite struct RezolveExternalPaymentTests {
    /// An external buy of product 8 (merchant 2); returns the payment id and order id.
    private func externalOrder(_ rig: RezolveRig, _ session: RezolveRig.Session, address: String) async throws -> (
        String, String
    ) {
        let (_, checkout) = try await rig.checkout(
            session, merchant: "2", line: RezolveRig.line(8),
            shipping: ["type": "flatrate", "address_id": .string(address)], payment: "external")
        let orderId = try RigError.string(checkout.json["id"], checkout)
        let bought = try await rig.call(
            session, .post, session.b3 + "/merchant/2/buy/\(orderId)",
            json: ["payment_method": ["type": "external"]])
        return (try RigError.string(bought.json["data"]?["callback"]?["payment_id"], bought), orderId)
    }

    private func callback(_ rig: RezolveRig, _ id: String, _ body: String, apiKey: String? = nil) async throws
        -> RezolveRig.Reply
    {
        try await rig.call(
            .post, "/api/v3/external/callback/\(id)", raw: body,
            headers: apiKey.map { ["x-rezolve-partner-apikey": $0] } ?? [:])
    }

    @Test func theSpecSequence() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let (x, orderX) = try await externalOrder(rig, session, address: records.address)
        #expect(UUID(uuidString: x) != nil)
        let pending = try await rig.call(session, .get, session.b3 + "/order/\(orderX)")
        #expect(pending.json["status"] == "pending")
        #expect(pending.json["payment_status"] == "awaiting_external")

        let approved = try await callback(rig, x, #"{"action":"approve","reason":null}"#)
        #expect(approved.status == 204)
        #expect(approved.data.isEmpty)
        #expect(try await callback(rig, x, #"{"action":"approve","reason":null}"#).status == 422)
        #expect(try await callback(rig, x, #"{"action":"reject","reason":"late"}"#).status == 422)
        #expect(try await callback(rig, x, #"{"action":"maybe"}"#).status == 400)
        #expect(
            try await callback(rig, "00000000-0000-4000-8000-000000000000", #"{"action":"approve","reason":null}"#)
                .status == 400)
        #expect(try await rig.call(session, .get, session.b3 + "/order/\(orderX)").json["payment_status"] == "approved")

        let (y, orderY) = try await externalOrder(rig, session, address: records.address)
        #expect(try await callback(rig, y, #"{"action":"reject","reason":"card_declined: 05"}"#).status == 204)
        let rejected = try await rig.call(session, .get, session.b3 + "/order/\(orderY)")
        #expect(rejected.json["status"] == "cancelled")
        #expect(rejected.json["payment_status"] == "rejected")
        let state = try await rig.call(.get, "/sandbox/rezolve/payments/\(y)")
        #expect(state.json["state"] == "rejected")
        #expect(state.json["reason"] == "card_declined: 05")
    }

    @Test(arguments: ["not json", #"{"action":"approve","reason":5}"#, #"{"reason":null}"#, "[]"])
    func malformedCallbacksAre400WithoutBody(_ body: String) async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let (x, _) = try await externalOrder(rig, session, address: records.address)
        let reply = try await callback(rig, x, body)
        #expect(reply.status == 400)
        #expect(reply.data.isEmpty)
        #expect(try await rig.call(.get, "/sandbox/rezolve/payments/\(x)").json["state"] == "awaiting")
    }

    @Test func anotherPartnersKeyIs400() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let (x, _) = try await externalOrder(rig, session, address: records.address)
        let other = try await rig.call(.post, "/sandbox/rezolve/partners", json: ["name": "Other"])
        let otherKey = try RigError.string(other.json["api_key"], other)
        #expect(try await callback(rig, x, #"{"action":"approve","reason":null}"#, apiKey: otherKey).status == 400)
        #expect(
            try await callback(rig, x, #"{"action":"approve","reason":null}"#, apiKey: RezolveRig.apiKey).status == 204)
    }

    @Test func configuredDelayAcceptsDuplicatesUntilApplied() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let settings = try await rig.call(.put, "/sandbox/rezolve/settings", json: ["callbackApplyDelayMs": 5000])
        #expect(settings.json["callbackApplyDelayMs"] == 5000)
        let (x, orderX) = try await externalOrder(rig, session, address: records.address)
        #expect(try await callback(rig, x, #"{"action":"reject","reason":"slow"}"#).status == 204)
        // Within the delay a duplicate (even a contrary one) is accepted and ignored.
        #expect(try await callback(rig, x, #"{"action":"approve","reason":null}"#).status == 204)
        #expect(
            try await rig.call(session, .get, session.b3 + "/order/\(orderX)").json["payment_status"]
                == "awaiting_external")
        try await rig.context.clock.advance(by: 5)
        #expect(try await callback(rig, x, #"{"action":"approve","reason":null}"#).status == 422)
        #expect(try await rig.call(.get, "/sandbox/rezolve/payments/\(x)").json["state"] == "rejected")
    }
}
