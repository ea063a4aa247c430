import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §3.5, §3.7, §3.9: what the secure request does after the app hands the payment back.
@Suite("Secure flow after the hand-back")
struct SecureFlowTests {
    /// Answers `/payment` with a registration and `/authorization` with `authorization` in turn.
    private func rig(authorization: [HTTPResponse]) -> TestRig {
        let queue = ResponseList(authorization)
        return TestRig { request in
            request.url.path.hasSuffix("/payment") ? Fixtures.registered() : queue.next()
        }
    }

    @Test("vector 15: a completed reply is authorized and amended with daily id, reference, fee and net")
    func completedIsAuthorized() async throws {
        let rig = rig(authorization: [Fixtures.authorized()])
        let task = Task { try await rig.secure(1.01).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed", total: 1.01)
        let response = try await task.value
        #expect(response.status.statusPayment == "COMPLETED")
        #expect(response.status.dailyTransactionID == 13)
        #expect(response.status.referenceNumber == "215070682-8a36d42f859d623b0185a1a80b08009d")
        #expect(response.payment.fee == 0.06)
        #expect(response.payment.netAmount == 0.95)
        #expect(response.error == nil)
        #expect(rig.tokens.read() == nil)
        let authorization = try #require(rig.transport.requests.last)
        #expect(authorization.url.path == "/api/business-transaction/ecommerce/authorization")
        #expect(authorization.headers["Authorization"] == "Bearer jwt-token")
        #expect(authorization.body == Data("{}".utf8))
    }

    @Test("vector 15: a daily id that is not a number reads as 0")
    func nonNumericDailyID() async throws {
        let rig = rig(authorization: [Fixtures.authorized(daily: "abc")])
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        #expect(try await task.value.status.dailyTransactionID == 0)
    }

    @Test("authorization is retried once after a 500, then succeeds")
    func retryOnce() async throws {
        let serverError = HTTPResponse.json(
            500, #"{"status":"error","message":"Internal Error","errorcode":"BTRA_9999","data":null}"#)
        let rig = rig(authorization: [serverError, Fixtures.authorized()])
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        #expect(try await task.value.status.status == .completed)
        #expect(rig.paths.filter { $0.hasSuffix("/authorization") }.count == 2)
    }

    @Test("two failed authorizations give onFailed, with the error, and keep the token")
    func failedAuthorization() async throws {
        let serverError = HTTPResponse.json(
            500, #"{"status":"error","message":"Internal Error","errorcode":"BTRA_9999","data":null}"#)
        let rig = rig(authorization: [serverError])
        let probe = HandlerProbe()
        rig.secure(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        guard case .failed(let response)? = await probe.next() else {
            Issue.record("expected onFailed")
            return
        }
        #expect(response.status.statusPayment == "FAILED")
        #expect((response.error as? ATHMPaymentError)?.code == .server(errorcode: "BTRA_9999"))
        #expect(rig.paths.filter { $0.hasSuffix("/authorization") }.count == 2)
        #expect(rig.tokens.read() == "jwt-token")
    }

    @Test("a 400 from authorization is not retried")
    func clientErrorNotRetried() async throws {
        let expired = HTTPResponse.json(
            400,
            #"{"status":"error","message":"Valid time to execute the transaction has expired","errorcode":"BTRA_0039","data":null}"#
        )
        let rig = rig(authorization: [expired])
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        #expect(try await task.value.status.status == .failed)
        #expect(rig.paths.filter { $0.hasSuffix("/authorization") }.count == 1)
    }

    @Test(
        "expired, cancelled and failed replies skip authorization and clear the token",
        arguments: ["expired", "cancelled", "failed"])
    func nonCompleted(_ status: String) async throws {
        let rig = rig(authorization: [Fixtures.authorized()])
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: status)
        let response = try await task.value
        #expect(response.status.status.rawValue == status)
        #expect(response.status.dailyTransactionID == 0)
        #expect(rig.tokens.read() == nil)
        #expect(!rig.paths.contains { $0.hasSuffix("/authorization") })
    }

    @Test("a failed reply goes to onFailed (not onCancelled), and the token is deleted after dispatch")
    func failedReplyDispatch() async throws {
        let rig = rig(authorization: [Fixtures.authorized()])
        let probe = HandlerProbe()
        rig.secure(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        #expect(rig.tokens.read() == "jwt-token")
        rig.session.url = Fixtures.currentReply(status: "failed")
        guard case .failed(let response)? = await probe.next() else {
            Issue.record("expected onFailed")
            return
        }
        #expect(response.status.statusPayment == "FAILED")
        #expect(response.error == nil)
        #expect(rig.tokens.read() == nil)
        #expect(rig.paths == ["/api/business-transaction/ecommerce/payment"])
    }

    @Test("an unreadable reply with a token gives onCancelled built from the original payment")
    func unreadableWithToken() async throws {
        let rig = rig(authorization: [Fixtures.authorized()])
        let payment = ATHMPayment(total: 42)
        let probe = HandlerProbe()
        rig.secure(payment).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.reply(
            #"{"version":"3.0","status":"completed","total":0.1,"name":"Ana Rivera","email":"a@x"}"#)
        guard case .cancelled(let response)? = await probe.next() else {
            Issue.record("expected onCancelled")
            return
        }
        #expect(response.payment.total == 42)
        #expect(response.customer.name == "Ana Rivera")
        #expect(response.error != nil)
        #expect(rig.tokens.read() == nil)
    }

    @Test("a new pay replaces the waiting one, which is told it was cancelled")
    func replacement() async throws {
        let rig = TestRig()
        let first = HandlerProbe()
        rig.legacy(20).pay(handler: first.handler)
        _ = await rig.opener.openedURL(at: 0)
        let second = HandlerProbe()
        rig.legacy(30).pay(handler: second.handler)
        _ = await rig.opener.openedURL(at: 1)
        guard case .cancelled(let replaced)? = await first.next() else {
            Issue.record("expected the first handler to be cancelled")
            return
        }
        #expect((replaced.error as? ATHMPaymentError)?.code == .cancelled)
        #expect(replaced.payment.total == 20)
        rig.session.url = Fixtures.currentReply(status: "completed", total: 30)
        #expect(try #require(await second.next()).name == "completed")
    }

    @Test("cancelling the awaiting task drops the payment and throws .cancelled")
    func taskCancellation() async {
        let rig = TestRig()
        let task = Task { try await rig.legacy(20).pay() }
        _ = await rig.opener.openedURL()
        task.cancel()
        do {
            _ = try await task.value
            Issue.record("expected a cancellation")
        } catch {
            #expect((error as? ATHMPaymentError)?.code == .cancelled)
        }
        #expect(!rig.session.hasPendingPayment)
        #expect(!rig.session.handle(url: Fixtures.vector6))
    }

    @Test("a second secure pay while /payment is in flight gets paymentInProgress")
    func paymentInProgress() async throws {
        let gate = Gate()
        let rig = TestRig { _ in
            await gate.wait()
            return Fixtures.registered()
        }
        let first = Task { try await rig.secure(20).pay() }
        try await rig.transport.waitForRequests(1)
        do {
            _ = try await rig.secure(25).pay()
            Issue.record("expected paymentInProgress")
        } catch {
            #expect(error.code == .paymentInProgress)
            #expect(error.failureReason == "Sorry for the inconvenience. Please try again later.")
        }
        await gate.open()
        _ = await rig.opener.openedURL()
        first.cancel()
        _ = try? await first.value
    }
}

/// Hands out responses in order, repeating the last.
final class ResponseList: Sendable {
    private let responses: Locked<[HTTPResponse]>
    init(_ responses: [HTTPResponse]) { self.responses = Locked(responses) }
    func next() -> HTTPResponse {
        responses.withLock { responses in
            guard let first = responses.first else { return HTTPResponse(statusCode: 404) }
            if responses.count > 1 { responses.removeFirst() }
            return first
        }
    }
}

/// A one-shot barrier for holding a fake server answer back.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters.removeAll()
    }
}
