import ATHMovilCheckout
import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// §3.5 and §5.2 journeys the acceptance list leaves implicit: the app answers `fail`, and the merchant's
/// server cancels a secure payment before the customer answers.
@Suite("ATH Móvil journeys: failed and merchant-cancelled payments")
struct ATHMovilOutcomeJourneyTests {
    @Test(
        "the app fails the payment: onFailed without an error, no authorization, token deleted, the payment is CANCEL")
    func appFails() async throws {
        try await SandboxHarness.with { h in
            let (publicToken, client, probe, link) = try await h.athmSecurePaymentHandedOff()
            let token = try #require(client.tokens.read())

            let reply = try await h.athmRespond(link: link, action: "fail")
            #expect(reply["status"] == "FAILED")
            let ecommerceId = try #require(reply["ecommerceId"]?.stringValue)
            let callback = try #require(reply["callbackURL"]?.stringValue)
            #expect(callback.contains("%22status%22%3A%22failed%22"))
            client.session.url = URL(string: callback)

            let event = try #require(await probe.next())
            #expect(event.name == "failed")
            #expect(event.response?.status.statusPayment == "FAILED")
            #expect(event.response?.status.referenceNumber == "")
            #expect(event.response?.status.dailyTransactionID == 0)
            #expect(event.response?.payment.total == 20)
            // A failure reported by the app is not an authorization failure: there is no error, and §3.5's
            // "other statuses" rule deletes the token after dispatch.
            #expect(event.response?.error == nil)
            #expect(client.tokens.read() == nil)
            #expect(client.transport.count("/authorization") == 0)

            let found = try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: publicToken)
            #expect(found.ecommerceStatus == .cancel)
            #expect(try await h.call(.get, "/sandbox/athmovil/payments/\(ecommerceId)").body["state"] == "FAILED")
            #expect(try await h.athmReplayedAuthorizationError(token: token) == "BTRA_0037")
        }
    }

    @Test("the merchant cancels an open secure payment; the app then returns cancelled and the SDK calls onCancelled")
    func merchantCancels() async throws {
        try await SandboxHarness.with { h in
            let (publicToken, client, probe, link) = try await h.athmSecurePaymentHandedOff()
            let opened = try await h.call(
                .post, "/sandbox/athmovil/app/open", json: ["url": .string(link.absoluteString)])
            #expect(opened.body["status"] == "OPEN")
            let ecommerceId = try #require(opened.body["ecommerceId"]?.stringValue)

            let confirmation = try await client.api.cancelPayment(ecommerceId: ecommerceId, publicToken: publicToken)
            #expect(confirmation == "Payment Cancelled.")
            #expect(
                try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: publicToken).ecommerceStatus
                    == .cancel)
            do {
                try await client.api.cancelPayment(ecommerceId: ecommerceId, publicToken: publicToken)
                Issue.record("a second cancel must be refused")
            } catch let error as ATHMPaymentError {
                #expect(error.code == .server(errorcode: "BTRA_0035"))
            }

            // The customer can no longer approve; the app hands back a cancelled reply.
            let approve = try await h.call(
                .post, "/sandbox/athmovil/app/respond",
                json: ["ecommerceId": .string(ecommerceId), "action": "complete"])
            #expect(approve.status == 409)
            #expect(approve.body == ["error": "payment is CANCELLED"])
            let cancel = try await h.call(
                .post, "/sandbox/athmovil/app/respond",
                json: ["ecommerceId": .string(ecommerceId), "action": "cancel"])
            #expect(cancel.status == 200)
            client.session.url = URL(string: try #require(cancel.body["callbackURL"]?.stringValue))

            let event = try #require(await probe.next())
            #expect(event.name == "cancelled")
            #expect(event.response?.status.statusPayment == "CANCELLED")
            #expect(event.response?.status.referenceNumber == "")
            #expect(event.response?.customer.name == "")
            #expect(client.tokens.read() == nil)
            #expect(client.transport.count("/authorization") == 0)
        }
    }
}
