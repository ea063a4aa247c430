import CommerceCore
import Foundation
import Testing
@testable import ATHMovilCheckout

/// §3.6: the app comes back without a reply.
@Suite("Becoming active without a hand-back")
struct BecomeActiveTests {
    @Test("a legacy payment asks the status service with its trace id and dispatches the answer")
    func legacyAsksStatus() async throws {
        let rig = TestRig { _ in
            .json(200, #"{"version":"3.0","status":"cancelled","total":20,"referenceNumber":"","dailyTransactionID":0}"#)
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
        let rig = TestRig { _ in .json(400, #"{"status":"error","message":"TransactionId does not exist","errorcode":"BTRA_0007","data":null}"#) }
        let probe = HandlerProbe()
        rig.legacy(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        #expect(try #require(await probe.next()?.error).code == .server(errorcode: "BTRA_0007"))
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
