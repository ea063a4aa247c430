import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §3.6: the app comes back without a reply.
@Suite("Becoming active without a hand-back")
struct BecomeActiveTests {
    @Test("a legacy payment asks the status service with its trace id and dispatches the answer")
    func legacyAsksStatus() async throws {
        let rig = TestRig { _ in
            .json(
                200, #"{"version":"3.0","status":"cancelled","total":20,"referenceNumber":"","dailyTransactionID":0}"#)
        }
        let probe = HandlerProbe()
        let handler = probe.handler
        rig.legacy(20).pay(handler: handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        #expect(try #require(await probe.next()).name == "cancelled")
        let request = try #require(rig.transport.requests.first)
        #expect(request.url.absoluteString == "http://sandbox.test/rs/eCommerceTransfer/consultTransactionStatus")
        let body = try JSONValue.parse(request.body ?? Data())
        #expect(body["paymentID"]?.stringValue == handler.traceId.uuidString)
        #expect(body["publicToken"]?.stringValue == "dummy")
    }

    @Test("the observer fires once")
    func firesOnce() async throws {
        let rig = TestRig { _ in .json(200, #"{"version":"3.0","status":"expired","total":20}"#) }
        let probe = HandlerProbe()
        rig.legacy(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        rig.session.applicationDidBecomeActive()
        #expect(try #require(await probe.next()).name == "expired")
        #expect(rig.transport.requests.count == 1)
    }

    @Test("an answer that cannot be read becomes a cancelled response of the original payment")
    func unreadableStatus() async throws {
        let rig = TestRig { _ in HTTPResponse(statusCode: 200, body: Data("<html>".utf8)) }
        let probe = HandlerProbe()
        rig.legacy(33).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        guard case .cancelled(let response)? = await probe.next() else {
            Issue.record("expected onCancelled")
            return
        }
        #expect(response.payment.total == 33)
    }

    @Test("a status service error is an exception")
    func statusError() async throws {
        let rig = TestRig { _ in
            .json(
                400, #"{"status":"error","message":"TransactionId does not exist","errorcode":"BTRA_0007","data":null}"#
            )
        }
        let probe = HandlerProbe()
        rig.legacy(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        #expect(try #require(await probe.next()?.error).code == .server(errorcode: "BTRA_0007"))
    }

    @Test("a secure payment whose token is gone asks the legacy status service, as the SDK does")
    func secureWithoutTokenAsksStatus() async throws {
        let rig = TestRig { request in
            request.url.path.hasSuffix("/payment")
                ? Fixtures.registered()
                : .json(
                    200, #"{"version":"3.0","status":"expired","total":20,"referenceNumber":"","dailyTransactionID":0}"#
                )
        }
        let request = rig.secure(20)
        let task = Task { try await request.pay() }
        _ = await rig.opener.openedURL()
        rig.tokens.delete()
        rig.session.applicationDidBecomeActive()
        #expect(try await task.value.status.status == .expired)
        #expect(
            rig.paths == [
                "/api/business-transaction/ecommerce/payment", "/rs/eCommerceTransfer/consultTransactionStatus",
            ])
        let body = try JSONValue.parse(try #require(rig.transport.requests.last?.body))
        #expect(body["publicToken"]?.stringValue == "dummy")
        #expect(body["paymentID"]?.stringValue?.count == 36)
    }

    @Test("a reply URL that arrives first wins: becoming active afterwards asks nothing")
    func urlBeforeBecomeActive() async throws {
        let rig = TestRig { _ in .json(200, #"{"version":"3.0","status":"cancelled","total":20}"#) }
        let probe = HandlerProbe()
        rig.legacy(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.url = Fixtures.currentReply(status: "completed")
        rig.session.applicationDidBecomeActive()
        #expect(try #require(await probe.next()).name == "completed")
        #expect(rig.transport.requests.isEmpty)
    }

    @Test("a reply URL that arrives while the status fetch is in flight wins; the late status answer is dropped")
    func urlDuringStatusFetch() async throws {
        let gate = Gate()
        let answered = Locked<[Bool]>([])
        let rig = TestRig { _ in
            await gate.wait()
            answered.withLock { $0.append(true) }
            return .json(200, #"{"version":"3.0","status":"cancelled","total":20}"#)
        }
        let probe = HandlerProbe()
        let checked = TestSignal()
        rig.session.observeStatusChecks { checked.fire() }
        rig.legacy(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        try await rig.transport.waitForRequests(1)
        rig.session.url = Fixtures.currentReply(status: "completed")
        #expect(try #require(await probe.next()).name == "completed")
        await gate.open()
        // The session has read the late answer; nothing more may have been delivered.
        try await checked.wait()
        #expect(answered.current == [true])
        #expect(probe.mainThreadChecks.current == [true])
        #expect(!rig.session.hasPendingPayment)
    }

    @Test("a secure payment with its token stored keeps waiting for the URL")
    func secureWithTokenWaits() async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        #expect(rig.transport.requests.count == 1)
        #expect(rig.session.hasPendingPayment)
        task.cancel()
        _ = try? await task.value
    }
}
