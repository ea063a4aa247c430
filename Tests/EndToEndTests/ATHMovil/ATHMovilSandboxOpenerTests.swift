import ATHMovilCheckout
import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// §2.6: `ATHMSandboxAppURLOpener` plays the ATH Móvil app against a real sandbox, for every `autoRespond`
/// mode, and turns every refusal into a handler call instead of a payment that waits forever.
@Suite("ATH Móvil sandbox app opener")
struct ATHMovilSandboxOpenerTests {
    /// A client whose session opens links with the sandbox opener; the forwarding opener records each link
    /// once the sandbox opener is done with it.
    private func client(_ h: SandboxHarness, autoRespond: ATHMSandboxAppURLOpener.Action?) -> (
        ATHMJourneyClient, ATHMForwardingOpener
    ) {
        let client = ATHMJourneyClient(baseURL: h.baseURL)
        let opener = ATHMForwardingOpener(
            next: ATHMSandboxAppURLOpener(
                sandboxBaseURL: h.baseURL, autoRespond: autoRespond,
                session: client.session))
        client.session.urlOpener = opener
        return (client, opener)
    }

    /// The error `pay()` throws, or `nil` when it returns.
    private static func failure(of request: ATHMPaymentSecureRequest) async -> ATHMPaymentError? {
        do {
            _ = try await request.pay()
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "each autoRespond action reaches its handler, leaves the sandbox in its state and clears the token",
        arguments: [
            (ATHMSandboxAppURLOpener.Action.complete, "completed", "COMPLETED"),
            (.cancel, "cancelled", "CANCELLED"), (.expire, "expired", "EXPIRED"), (.fail, "failed", "FAILED"),
        ])
    func autoRespond(_ action: ATHMSandboxAppURLOpener.Action, _ handlerName: String, _ state: String) async throws {
        try await SandboxHarness.with { h in
            let (client, opener) = client(h, autoRespond: action)
            let probe = ATHMJourneyProbe()
            client.secure(20, token: "dummy").pay(handler: probe.handler)
            let event = try #require(await probe.next())
            #expect(event.name == handlerName)
            #expect(event.response?.status.status.rawValue == handlerName)
            let ecommerceId = try #require(
                try ATHMJourneyClient.linkData(await opener.recorder.openedURL())["ecommerceId"]?.stringValue)
            #expect(try await h.call(.get, "/sandbox/athmovil/payments/\(ecommerceId)").body["state"] == .string(state))
            #expect(client.tokens.read() == nil)
            #expect(!client.session.hasPendingPayment)
            // Only an approved payment is authorized by the SDK (§3.5).
            #expect(client.transport.count("/authorization") == (action == .complete ? 1 : 0))
            if action == .fail {
                #expect(event.response?.status.statusPayment == "FAILED")
                #expect(event.response?.error == nil)
            }
        }
    }

    @Test("without autoRespond the payment stays open in the simulated app until someone answers")
    func noAutoRespond() async throws {
        try await SandboxHarness.with { h in
            let (client, opener) = client(h, autoRespond: nil)
            let request = client.secure(20, token: "dummy")
            let task = Task { try await request.pay() }
            let link = await opener.recorder.openedURL()
            let ecommerceId = try #require(try ATHMJourneyClient.linkData(link)["ecommerceId"]?.stringValue)
            #expect(client.session.hasPendingPayment)
            // The opener told the sandbox about the link (the scheme is learnt from it), and did nothing more.
            let record = try await h.call(.get, "/sandbox/athmovil/payments/\(ecommerceId)")
            #expect(record.body["state"] == "OPEN")
            #expect(record.body["scheme"] == "athm-checkout")

            let answered = try await h.call(.post, "/sandbox/athmovil/payments/\(ecommerceId)/complete")
            #expect(answered.status == 200)
            client.session.url = URL(string: try #require(answered.body["callbackURL"]?.stringValue))
            let response = try await task.value
            #expect(response.status.statusPayment == "COMPLETED")
            #expect(response.payment.fee == 0.5)
        }
    }

    @Test("a link the sandbox refuses (app/open 400) gives onException URL is invalid with the sandbox's reason")
    func openRefused() async throws {
        try await SandboxHarness.with { h in
            let closed = try await h.call(
                .post, "/sandbox/athmovil/businesses", json: ["name": "Closed Shop", "isActive": false])
            let token = try #require(closed.body["publicToken"]?.stringValue)
            let (client, _) = client(h, autoRespond: .complete)
            let request = ATHMPaymentRequest(
                account: ATHMBusinessAccount(token: token), scheme: "athm-checkout", payment: 20)
            request.session = client.session
            let probe = ATHMJourneyProbe()
            request.pay(handler: probe.handler)
            let event = try #require(await probe.next())
            #expect(event.name == "exception")
            let error = try #require(event.error)
            #expect(error.code == .openFailed)
            #expect(error.failureReason == "URL is invalid")
            #expect(!error.isRequestError)
            #expect(error.httpStatus == 400)
            #expect(
                error.serverMessage
                    == "POST /sandbox/athmovil/app/open answered 400: url: publicToken names no active business")
            #expect(!client.session.hasPendingPayment)
        }
    }

    @Test(
        "a refused customer action (app/respond 409) gives onException with the sandbox's reason, not an endless wait")
    func respondRefused() async throws {
        try await SandboxHarness.with { h in
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            // The merchant cancels the payment just before the simulated app opens it, so `complete` is refused.
            let api = client.api
            let opener = ATHMForwardingOpener(
                before: { link in
                    guard let id = try? ATHMJourneyClient.linkData(link)["ecommerceId"]?.stringValue else { return }
                    _ = try? await api.cancelPayment(ecommerceId: id, publicToken: "dummy")
                },
                next: ATHMSandboxAppURLOpener(
                    sandboxBaseURL: h.baseURL, autoRespond: .complete, session: client.session))
            client.session.urlOpener = opener
            let error = try #require(await Self.failure(of: client.secure(20, token: "dummy")))
            #expect(error.code == .server(errorcode: nil))
            #expect(error.failureReason == "Sorry for the inconvenience. Please try again later.")
            #expect(error.httpStatus == 409)
            #expect(error.serverMessage == "POST /sandbox/athmovil/app/respond answered 409: payment is CANCELLED")
            #expect(!client.session.hasPendingPayment)
        }
    }

    @Test("an opener wired to another session reports the failed hand-off instead of leaving pay waiting")
    func wrongSession() async throws {
        try await SandboxHarness.with { h in
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            let elsewhere = ATHMPaymentSession(
                urlOpener: ATHMRecordingURLOpener(), tokenStore: ATHMInMemoryTokenStore())
            client.session.urlOpener = ATHMSandboxAppURLOpener(
                sandboxBaseURL: h.baseURL, autoRespond: .complete, session: elsewhere)
            let error = try #require(await Self.failure(of: client.secure(20, token: "dummy")))
            #expect(error.code == .openFailed)
            #expect(error.failureReason == "URL is invalid")
            #expect(!client.session.hasPendingPayment)
        }
    }
}
