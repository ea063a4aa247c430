import CommerceCore
import Foundation
import Testing

@testable import ATHMovilSandbox
@testable import CommerceSandbox

/// §3.2.5: refunds never exceed what was paid, with the exact errors.
@Suite("ATH Móvil refunds")
struct ATHMovilRefundTests {
    /// A completed 20.00 payment on the seeded test store; returns its reference. The sandbox clock is frozen
    /// first: these tests are about amounts, and a payment or token must not expire because a loaded machine
    /// (a sanitizer run is ten times slower) took minutes between two requests.
    private func completedPayment(_ rig: ATHMovilRig) async throws -> String {
        try await rig.rig.context.clock.set(rig.rig.context.clock.now(), frozen: true)
        let (id, token) = try await rig.createPayment(token: ATHMovilRig.testStoreToken)
        let respond = try await rig.call(
            .post, "/sandbox/athmovil/payments/\(id)/complete", json: ["customerPhone": "787-555-0101"])
        #expect(respond.status == 200)
        return try #require(try await rig.authorize(token).json["data"]?["referenceNumber"]?.stringValue)
    }

    private func refund(
        _ rig: ATHMovilRig, reference: String, amount: JSONValue, privateToken: String = ATHMovilRig.testStorePrivate,
        message: String? = nil
    ) async throws -> ATHMovilRig.Reply {
        var body: JSONObject = [
            "publicToken": .string(ATHMovilRig.testStoreToken), "privateToken": .string(privateToken),
            "referenceNumber": .string(reference), "amount": amount,
        ]
        if let message { body["message"] = .string(message) }
        return try await rig.call(.post, ATHMovilRig.api + "/refund", json: .object(body))
    }

    @Test("partial refunds accumulate and stop at the total")
    func partialRefunds() async throws {
        let rig = try ATHMovilRig()
        let reference = try await completedPayment(rig)
        let first = try await refund(rig, reference: reference, amount: "5.00", message: "size")
        #expect(first.status == 200)
        let data = try #require(first.json["data"])
        #expect(data["refund"]?["status"] == "COMPLETED")
        #expect(data["refund"]?["transactionType"] == "REFUND")
        #expect(data["refund"]?["refundedAmount"] == 5)
        #expect(data["refund"]?["dailyTransactionID"] == "0002")
        #expect(data["refund"]?["name"] == "Ana Rivera")
        #expect(data["refund"]?["date"]?.stringValue.flatMap { Int64($0) } != nil)
        #expect(data["originalTransaction"]?["totalRefundedAmount"] == 5)
        #expect(data["originalTransaction"]?["fee"] == 0.5)
        #expect(data["originalTransaction"]?["netAmount"] == 19.5)

        let tooMuch = try await refund(rig, reference: reference, amount: 15.01)
        #expect(envelope(tooMuch) == (400, "BTRA_0004", "Amount is Over the limits"))
        let rest = try await refund(rig, reference: reference, amount: 15)
        #expect(rest.json["data"]?["originalTransaction"]?["totalRefundedAmount"] == 20)
        let more = try await refund(rig, reference: reference, amount: 0.01)
        #expect(envelope(more) == (400, "BTRA_0004", "Amount is Over the limits"))
    }

    @Test("refund errors: private token, reference, minimum, message")
    func refundErrors() async throws {
        let rig = try ATHMovilRig()
        let reference = try await completedPayment(rig)
        #expect(
            envelope(try await refund(rig, reference: reference, amount: 1, privateToken: "wrong"))
                == (401, "BTRA_0017", "Invalid authorization token"))
        #expect(
            envelope(try await refund(rig, reference: "000-unknown", amount: 1)) == (
                400, "BTRA_0053", "ReferenceNumber not found"
            ))
        #expect(
            envelope(try await refund(rig, reference: reference, amount: 0)) == (400, "BTRA_0028", "is less than 0.01"))
        #expect(
            envelope(try await refund(rig, reference: reference, amount: 1, message: String(repeating: "m", count: 51)))
                == (400, "BTRA_0040", "The message can not exceed 50 characters"))
        #expect(
            envelope(try await refund(rig, reference: reference, amount: "abc")) == (400, "BTRA_0006", "Invalid format")
        )
    }

    @Test(
        "vector 14: fees with the default schedule",
        arguments: [
            (100, 6, 94), (101, 6, 95), (233, 6, 227), (300, 8, 292), (2000, 50, 1950), (10000, 250, 9750),
            (150_000, 3750, 146_250),
        ] as [(Int64, Int64, Int64)])
    func fees(_ total: Int64, _ fee: Int64, _ net: Int64) {
        let result = ATHMovilFees.fee(totalCents: total, rate: 0.025, minimumCents: 6, isNonProfit: false)
        #expect(result.fee == fee)
        #expect(result.net == net)
    }

    @Test("non-profit businesses pay no fee")
    func nonProfit() async throws {
        let rig = try ATHMovilRig()
        let business = try await rig.call(
            .post, "/sandbox/athmovil/businesses", json: ["name": "Charity", "isNonProfit": true])
        let token = try #require(business.json["publicToken"]?.stringValue)
        let (id, auth) = try await rig.createPayment(token: token)
        try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
        let data = try await rig.authorize(auth).json["data"]
        #expect(data?["fee"] == 0)
        #expect(data?["netAmount"] == 20)
        #expect(data?["isNonProfit"] == true)
    }
}
