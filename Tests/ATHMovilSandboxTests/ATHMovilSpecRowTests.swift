import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Rows of §4.2 and behaviours of §5 that the other suites do not pin (bad /payment rows live in
/// `ATHMovilPaymentServiceTests.badPayments`): the upper amount bound, /cancel's refusals,
/// the control routes' exact 404, the inactive-business page, the HTML Cancel form, the direct
/// cancel/expire control routes, per-business fee settings and the Puerto Rico day of the daily counter.
@Suite("ATH Móvil sandbox: §4.2 rows and §5 details")
struct ATHMovilSpecRowTests {
    @Test("4 integer digits are within bounds: subtotal 9999.99 is accepted")
    func fourIntegerDigits() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment(extra: ["subtotal": 9999.99])
        #expect(try await rig.find(id).json["data"]?["subTotal"] == 9999.99)
    }

    @Test("/cancel: an unknown ecommerceId is BTRA_0031 and another business's payment is BTRA_0043; neither cancels")
    func cancelRefusals() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment()
        let path = ATHMovilRig.api + "/business/cancel"
        let unknown = try await rig.call(
            .post, path, json: ["ecommerceId": .string(UUID().uuidString.lowercased()), "publicToken": "dummy"])
        #expect(
            unknown.json == [
                "status": "error", "message": "EcommerceId does not exist", "errorcode": "BTRA_0031", "data": nil,
            ])
        #expect(unknown.status == 400)
        let notOwner = try await rig.call(
            .post, path, json: ["ecommerceId": .string(id), "publicToken": .string(ATHMovilRig.testStoreToken)])
        #expect(notOwner.status == 400)
        #expect(
            notOwner.json == [
                "status": "error", "message": "The business ins't owner of payment", "errorcode": "BTRA_0043",
                "data": nil,
            ])
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "OPEN")
        let owner = try await rig.call(.post, path, json: ["ecommerceId": .string(id), "publicToken": "dummy"])
        #expect(owner.json == ["status": "success", "data": "Payment Cancelled."])
    }

    @Test("control routes answer an unknown payment with exactly 404 {\"error\":\"payment not found\"}")
    func controlNotFound() async throws {
        let rig = try ATHMovilRig()
        let id = UUID().uuidString.lowercased()
        var replies: [ATHMovilRig.Reply] = [
            try await rig.call(.get, "/sandbox/athmovil/payments/\(id)"),
            try await rig.call(.get, "/sandbox/athmovil/payments?traceId=\(id)"),
            try await rig.call(
                .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "complete"]),
            try await rig.call(
                .post, "/sandbox/athmovil/app/open", json: .object(["url": .string(ATHMovilRig.secureLink(id))])),
        ]
        for action in ["complete", "cancel", "fail", "expire"] {
            replies.append(try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/\(action)"))
        }
        for reply in replies {
            #expect(reply.status == 404)
            #expect(reply.text == #"{"error":"payment not found"}"#)
        }
    }

    @Test("a legacy mobile link for an inactive business shows Business is not active with a cancelled reply to return")
    func inactiveBusinessPage() async throws {
        let rig = try ATHMovilRig()
        let created = try await rig.call(
            .post, "/sandbox/athmovil/businesses", json: ["name": "Closed Shop", "isActive": false])
        let token = try #require(created.json["publicToken"]?.stringValue)
        let traceId = UUID().uuidString
        let page = try await rig.call(.get, ATHMovilRig.legacyLink("mobile", traceId: traceId, token: token))
        #expect(page.status == 200)
        #expect(page.text.contains("Business is not active"))
        let href = try #require(page.text.firstMatch(of: /<a id="return" href="([^"]+)"/)?.output.1)
        let link = String(href).replacingOccurrences(of: "&amp;", with: "&")
        #expect(link.hasPrefix("athm-checkout://?athm_payment_data="))
        let reply = try #require(replyJSON(link))
        #expect(reply["status"] == "cancelled")
        #expect(reply["version"] == "3.0")
        #expect(reply["total"] == 20)
        #expect(reply["referenceNumber"] == "" && reply["dailyTransactionID"] == 0)
        // Nothing was stored for the refused link.
        #expect(try await rig.call(.get, "/sandbox/athmovil/payments?traceId=\(traceId)").status == 404)
    }

    @Test("the page's Cancel form on an OPEN payment answers 303 with a cancelled reply and cancels the payment")
    func cancelForm() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment(token: ATHMovilRig.testStoreToken)
        _ = try await rig.call(.get, ATHMovilRig.secureLink(id, token: ATHMovilRig.testStoreToken, scheme: "myshop"))
        let cancelled = try await rig.call(
            .post, "/e-commerce/payments/\(id)/cancel", raw: "",
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(cancelled.status == 303)
        let location = try #require(cancelled.headers["Location"])
        #expect(location.hasPrefix("myshop://?athm_payment_data="))
        #expect(cancelled.text.contains(location))
        let reply = try #require(replyJSON(location))
        #expect(reply["status"] == "cancelled")
        #expect(reply["name"] == "" && reply["referenceNumber"] == "")
        let record = try await rig.call(.get, "/sandbox/athmovil/payments/\(id)")
        #expect(record.json["state"] == "CANCELLED")
        #expect(record.json["callbackURLs"]?.arrayValue?.last?.stringValue == location)
        #expect(try await rig.find(id, token: ATHMovilRig.testStoreToken).json["data"]?["ecommerceStatus"] == "CANCEL")
    }

    @Test(
        "POST /sandbox/athmovil/payments/{id}/cancel and /expire act directly and return the reply URL",
        arguments: [("cancel", "CANCELLED", "cancelled"), ("expire", "EXPIRED", "expired")])
    func directControlActions(_ action: String, _ state: String, _ replyStatus: String) async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment()
        let answered = try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/\(action)")
        #expect(answered.status == 200)
        #expect(answered.json["ecommerceId"]?.stringValue == id)
        #expect(answered.json["status"]?.stringValue == state)
        let callback = try #require(answered.json["callbackURL"]?.stringValue)
        // No link was opened, so the reply goes to the default scheme (Documentation/ATHMovil.md).
        #expect(callback.hasPrefix("athm-checkout://?athm_payment_data="))
        #expect(replyJSON(callback)?["status"]?.stringValue == replyStatus)
        #expect(try await rig.call(.get, "/sandbox/athmovil/payments/\(id)").json["state"]?.stringValue == state)
        #expect(try await rig.find(id).json["data"]?["ecommerceStatus"] == "CANCEL")
        // Repeating the action returns the same outcome; approving now is refused.
        #expect(try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/\(action)").status == 200)
        let late = try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
        #expect(late.status == 409)
        #expect(late.text == #"{"error":"payment is \#(state)"}"#)
    }

    /// Creates, approves and authorizes a secure payment; returns the authorization's `data`.
    private func completedPayment(_ rig: ATHMovilRig, token: String = "dummy", total: JSONValue = 20) async throws
        -> JSONValue
    {
        let (id, jwt) = try await rig.createPayment(token: token, total: total)
        let approved = try await rig.call(.post, "/sandbox/athmovil/payments/\(id)/complete")
        #expect(approved.json["status"] == "CONFIRM")
        let authorized = try await rig.authorize(jwt)
        #expect(authorized.status == 200)
        return authorized.json["data"] ?? .null
    }

    @Test("POST /businesses with feeRate and feeMinimum: completions charge max(minimum, rate × total)")
    func businessFeeSettings() async throws {
        let rig = try ATHMovilRig()
        let created = try await rig.call(
            .post, "/sandbox/athmovil/businesses",
            json: ["name": "Ten Percent", "feeRate": 0.1, "feeMinimum": 1.25])
        #expect(created.status == 201)
        let token = try #require(created.json["publicToken"]?.stringValue)
        let large = try await completedPayment(rig, token: token, total: 20)
        #expect(large["fee"] == 2 && large["netAmount"] == 18)
        let small = try await completedPayment(rig, token: token, total: 5)
        #expect(small["fee"] == 1.25 && small["netAmount"] == 3.75)

        let badRate = try await rig.call(.post, "/sandbox/athmovil/businesses", json: ["name": "Bad", "feeRate": 1.5])
        #expect(badRate.status == 400)
        #expect(badRate.json == ["error": "feeRate: must be from 0 to 1"])
        let badMinimum = try await rig.call(
            .post, "/sandbox/athmovil/businesses", json: ["name": "Bad", "feeMinimum": -1])
        #expect(badMinimum.status == 400)
        #expect(badMinimum.json == ["error": "feeMinimum: must be from 0 to 9999.99"])
    }

    @Test("the daily counter follows the Puerto Rico day: it survives UTC midnight and restarts at 1 after PR midnight")
    func dailyCounterResetsAtPuertoRicoMidnight() async throws {
        let rig = try ATHMovilRig()
        // 2030-03-10 23:59:50 UTC is 19:59:50 in Puerto Rico (UTC−4, no daylight saving).
        let start = try #require(ISO8601DateFormatter().date(from: "2030-03-10T23:59:50Z"))
        try await rig.rig.context.clock.set(start, frozen: true)
        #expect(try await completedPayment(rig)["dailyTransactionId"] == "0001")

        // Past UTC midnight, still 10 March in Puerto Rico: the count goes on.
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 20])
        #expect(try await completedPayment(rig)["dailyTransactionId"] == "0002")

        // 23:59:55 Puerto Rico time: still the same day.
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 14_385])
        let lastOfDay = try await completedPayment(rig)
        #expect(lastOfDay["dailyTransactionId"] == "0003")
        #expect(lastOfDay["transactionDate"] == "2030-03-10 23:59:55")

        // 00:00:05 on 11 March in Puerto Rico: a new day starts again at 1.
        try await rig.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 10])
        let firstOfDay = try await completedPayment(rig)
        #expect(firstOfDay["dailyTransactionId"] == "0001")
        #expect(firstOfDay["transactionDate"] == "2030-03-11 00:00:05")
    }
}
