import CommerceCore
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §3.4 and §6 vectors 6–10: reading the app's reply, current and deprecated forms, and ignored URLs.
@Suite("Hand-back parsing")
struct ReplyParsingTests {
    /// Starts a legacy payment and waits until it is pending.
    private func pendingLegacy(_ rig: TestRig, payment: ATHMPayment = 20) async -> HandlerProbe {
        let probe = HandlerProbe()
        rig.legacy(payment).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        return probe
    }

    @Test("vector 6: the sandbox's completed legacy reply gives onCompleted with every value")
    func vector6() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        #expect(rig.session.handle(url: Fixtures.vector6))
        guard case .completed(let response)? = await probe.next() else {
            Issue.record("expected onCompleted")
            return
        }
        #expect(response.status.statusPayment == "COMPLETED")
        #expect(response.status.dailyTransactionID == 1)
        #expect(response.status.referenceNumber == "000000001-0123456789abcdef0123456789abcdef")
        #expect(response.status.date.timeIntervalSince1970 == 1706724307.0)
        #expect(response.customer.name == "Valeria Herrero")
        #expect(response.customer.phoneNumber == "(787) 123-4567")
        #expect(response.customer.email == "email@example.com")
        #expect(response.payment.total == 20)
        #expect(response.payment.fee == 0.5)
        #expect(response.payment.netAmount == 19.5)
        #expect(response.payment.items.first?.name == "Test Item")
        #expect(response.payment.items.first?.price == 20)
        #expect(probe.mainThreadChecks.current == [true])
        #expect(!rig.session.hasPendingPayment)
    }

    @Test(
        "vector 7: status mapping",
        arguments: [
            ("COMPLETED", "completed"), ("Expired", "expired"), ("failed", "failed"), ("weird", "cancelled"),
            ("cancelled", "cancelled"),
        ])
    func statusMapping(_ raw: String, _ expected: String) async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = Fixtures.currentReply(status: raw)
        let event = try #require(await probe.next())
        #expect(event.name == expected)
        #expect(event.response?.status.statusPayment == expected.uppercased())
    }

    @Test("vector 7: a reply with no status is cancelled")
    func missingStatus() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = Fixtures.reply(#"{"version":"3.0","total":20}"#)
        #expect(try #require(await probe.next()).name == "cancelled")
    }

    @Test(
        "vector 8: the deprecated reply form",
        arguments: [
            ("Success", "completed", "#01", 1), ("TimeOut", "expired", "", 0), ("Canceled", "cancelled", "", 0),
            ("Success", "completed", "0012345678901", 2_345_678_901),
        ])
    func deprecated(_ status: String, _ expected: String, _ daily: String, _ expectedDaily: Int) async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = Fixtures.reply(
            #"{"status":"\#(status)","transactionReference":"123456","dailyTransactionId":"\#(daily)","total":2.0,"name":"Ana"}"#
        )
        let event = try #require(await probe.next())
        #expect(event.name == expected)
        #expect(event.response?.status.referenceNumber == "123456")
        #expect(event.response?.status.dailyTransactionID == expectedDaily)
        #expect(event.response?.payment.total == 2)
    }

    @Test(
        "a daily id of Int64.min (number or text) saturates instead of trapping",
        arguments: [
            ("-9223372036854775808", Int.max), (#""-9223372036854775808""#, Int.max), ("-7", 7), (#""-7""#, 7),
        ])
    func dailyIDMinimum(_ daily: String, _ expected: Int) async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = Fixtures.reply(
            #"{"version":"3.0","status":"completed","total":20,"dailyTransactionID":\#(daily)}"#)
        let response = try #require(await probe.next()?.response)
        #expect(response.status.dailyTransactionID == expected)
    }

    @Test("vector 9: reply dates in Puerto Rico time, fraction required")
    func dates() {
        #expect(ReplyDate.parse("2023/11/14 18:13:20.2")?.timeIntervalSince1970 == 1700000000.2)
        #expect(ReplyDate.parse("2023/11/14 18:13:20") == nil)
        #expect(ReplyDate.parse("2023/02/30 18:13:20.0") == nil)
        #expect(ReplyDate.format(Date(timeIntervalSince1970: 1_706_724_307)) == "2024/01/31 14:05:07.0")
    }

    @Test("vector 9: an unreadable or numeric date falls back to now")
    func dateFallback() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        let before = Date()
        rig.session.url = Fixtures.reply(#"{"version":"3.0","status":"completed","date":0,"total":20}"#)
        let response = try #require(await probe.next()?.response)
        #expect(response.status.date >= before.addingTimeInterval(-1))
    }

    @Test(
        "vector 10: URLs that are not replies, or that arrive with nothing pending, are ignored",
        arguments: [
            "myapp://home?x=1", "myapp://?athm_payment_data", "athm-checkout://?other=1",
        ])
    func ignoredURLs(_ text: String) async throws {
        let rig = TestRig()
        _ = await pendingLegacy(rig)
        #expect(!rig.session.handle(url: try #require(URL(string: text))))
        #expect(rig.session.hasPendingPayment)
    }

    @Test("vector 10: a reply with no payment pending calls nothing")
    func nothingPending() {
        let rig = TestRig()
        #expect(!rig.session.handle(url: Fixtures.vector6))
        rig.session.url = Fixtures.vector6
        #expect(rig.session.url == Fixtures.vector6)
    }

    @Test("the reply's payment is validated: a total under 1 is an exception in the request")
    func replyFieldValidation() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = Fixtures.currentReply(status: "completed", total: 0.5)
        let error = try #require(await probe.next()?.error)
        #expect(error.failureReason == "Total data type value is invalid")
        #expect(error.isRequestError)
    }

    @Test("a blank item name in the reply is reported")
    func replyItemName() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = Fixtures.reply(
            #"{"version":"3.0","status":"completed","total":20,"items":[{"name":" ","price":2,"quantity":1}]}"#)
        #expect(try #require(await probe.next()?.error).failureReason == "Item's name value is required")
    }

    @Test("a reply that is not JSON gives the generic exception")
    func unreadableReply() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = URL(string: "athm-checkout://?athm_payment_data=not-json")
        #expect(
            try #require(await probe.next()?.error).failureReason
                == "Sorry for the inconvenience. Please try again later.")
    }

    @Test("a plus sign in the reply stays a plus")
    func plusStaysPlus() async throws {
        let rig = TestRig()
        let probe = await pendingLegacy(rig)
        rig.session.url = URL(
            string:
                "athm-checkout://?athm_payment_data=%7B%22version%22:%223.0%22,%22status%22:%22completed%22,%22total%22:20,%22metadata1%22:%22a+b%22%7D"
        )
        #expect(try #require(await probe.next()?.response).payment.metadata1 == "a+b")
    }
}
