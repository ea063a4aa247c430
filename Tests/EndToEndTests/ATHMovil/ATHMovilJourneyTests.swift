import ATHMovilCheckout
import CommerceCore
import CommerceSandbox
import CommerceTestSupport
import Foundation
import Testing

/// §7: the ATH Móvil SDK against a sandbox started in-process, over real HTTP.
@Suite("ATH Móvil journeys")
struct ATHMovilJourneyTests {
    @Test("J1: a secure dummy payment completes, is authorized and is reported by findPayment")
    func completed() async throws {
        try await SandboxHarness.with { h in
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            let request = client.secure(20.0, token: "dummy")
            let task = Task { try await request.pay() }
            let link = try await #require(client.recorder).openedURL()

            #expect(client.transport.requests.map(\.url.path) == ["/api/business-transaction/ecommerce/payment"])
            #expect(client.transport.requests.first?.method == .post)
            #expect(client.tokens.read() != nil)
            #expect(link.path == "/e-commerce/mobileSecure")
            let data = try ATHMJourneyClient.linkData(link)
            #expect(data["publicToken"] == "dummy")
            let ecommerceId = try #require(data["ecommerceId"]?.stringValue)

            let reply = try await h.athmRespond(link: link, action: "complete")
            #expect(reply["status"] == "CONFIRM")
            let callback = try #require(reply["callbackURL"]?.stringValue)
            #expect(callback.hasPrefix("athm-checkout://?athm_payment_data="))

            client.session.url = URL(string: callback)
            let response = try await task.value
            #expect(response.status.statusPayment == "COMPLETED")
            #expect(!response.status.referenceNumber.isEmpty)
            #expect(response.payment.fee == 0.5)
            #expect(response.payment.netAmount == 19.5)
            #expect(response.customer.name == "Valeria Herrero")
            #expect(client.tokens.read() == nil)

            let found = try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: "dummy")
            #expect(found.ecommerceStatus == .completed)
            #expect(Int(found.dailyTransactionId) == response.status.dailyTransactionID)
            #expect(response.status.dailyTransactionID == 1)
            #expect(found.referenceNumber == response.status.referenceNumber)
        }
    }

    @Test("J2: bad input is refused by the client before any request, and by the sandbox with ATH Móvil's errors")
    func badInput() async throws {
        try await SandboxHarness.with { h in
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            let probe = ATHMJourneyProbe()
            client.secure(ATHMPayment(total: 0.5), token: "dummy").pay(handler: probe.handler)
            let event = try #require(await probe.next())
            #expect(event.name == "exception")
            #expect(event.error?.failureReason == "Total data type value is invalid")
            #expect(event.error?.isRequestError == true)
            #expect(event.error?.errorDescription == "Error in request")
            #expect(client.transport.requests.isEmpty)
            #expect(client.recorder?.openedURLs.isEmpty == true)

            let path = "/api/business-transaction/ecommerce/payment"
            let underMinimum = try await h.call(
                .post, path, json: ["total": 0.5, "publicToken": "dummy", "timeout": 600])
            #expect(underMinimum.status == 400)
            #expect(underMinimum.body["errorcode"] == "BTRA_0001")
            let noBody = try await h.raw(.post, path, contentType: "application/json")
            #expect(noBody.statusCode == 400)
            #expect(
                try JSONValue.parse(noBody.body) == [
                    "status": "error", "message": "Required request body is missing",
                    "errorcode": "BTRA_0006", "data": nil,
                ])
            let longMetadata = try await h.call(
                .post, path,
                json: [
                    "total": 20, "publicToken": "dummy",
                    "metadata1": .string(String(repeating: "m", count: 41)),
                ])
            #expect(longMetadata.status == 400)
            #expect(longMetadata.body["errorcode"] == "BTRA_0038")
            let noData = try await h.raw(.get, "/e-commerce/mobileSecure")
            #expect(noData.statusCode == 400)
            #expect(String(decoding: noData.body, as: UTF8.self).contains("Invalid payment link"))
        }
    }

    @Test("J3: an unanswered payment expires on the sandbox clock and the app reports it expired")
    func expired() async throws {
        try await SandboxHarness.with { h in
            let (publicToken, _) = try await h.athmBusiness()
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            let request = client.secure(20, token: publicToken)
            request.timeout = 60
            let probe = ATHMJourneyProbe()
            request.pay(handler: probe.handler)
            let link = try await #require(client.recorder).openedURL()
            let ecommerceId = try #require(try ATHMJourneyClient.linkData(link)["ecommerceId"]?.stringValue)
            let opened = try await h.call(
                .post, "/sandbox/athmovil/app/open", json: ["url": .string(link.absoluteString)])
            #expect(opened.body["status"] == "OPEN")
            let oldToken = try #require(client.tokens.read())

            try await h.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 61])
            #expect(
                try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: publicToken).ecommerceStatus
                    == .cancel)
            let late = try await h.call(
                .post, "/sandbox/athmovil/app/respond",
                json: ["ecommerceId": .string(ecommerceId), "action": "complete"])
            #expect(late.status == 409)
            #expect(late.body == ["error": "payment is EXPIRED"])

            let expire = try await h.call(
                .post, "/sandbox/athmovil/app/respond",
                json: ["ecommerceId": .string(ecommerceId), "action": "expire"])
            let callback = try #require(expire.body["callbackURL"]?.stringValue)
            #expect(callback.contains("%22status%22%3A%22expired%22"))
            client.session.url = URL(string: callback)
            let event = try #require(await probe.next())
            #expect(event.name == "expired")
            #expect(event.response?.status.dailyTransactionID == 0)
            #expect(event.response?.status.referenceNumber == "")
            #expect(client.tokens.read() == nil)

            #expect(try await h.athmReplayedAuthorizationError(token: oldToken) == "BTRA_0039")
        }
    }

    @Test(
        "J4: one failed authorization is retried; two give onFailed and keep the payment confirmable; a lost answer is retried safely"
    )
    func authorizationFailures() async throws {
        try await SandboxHarness.with { h in
            let (publicToken, _) = try await h.athmBusiness()

            /// Pays, lets the app approve, injects `fault`, feeds the reply; returns the outcome.
            func run(fault: JSONValue) async throws -> (ATHMJourneyProbe.Event, ATHMJourneyClient, String) {
                let client = ATHMJourneyClient(baseURL: h.baseURL)
                let probe = ATHMJourneyProbe()
                client.secure(20, token: publicToken).pay(handler: probe.handler)
                let link = try await #require(client.recorder).openedURL()
                let reply = try await h.athmRespond(link: link, action: "complete")
                #expect(reply["status"] == "CONFIRM")
                let faulted = try await h.call(.post, "/sandbox/athmovil/faults", json: fault)
                #expect(faulted.status == 201)
                client.session.url = URL(string: try #require(reply["callbackURL"]?.stringValue))
                let event = try #require(await probe.next())
                return (event, client, try #require(reply["ecommerceId"]?.stringValue))
            }

            let (recovered, firstClient, _) = try await run(fault: [
                "route": "authorization", "count": 1, "status": 500,
            ])
            #expect(recovered.name == "completed")
            #expect(firstClient.transport.count("/authorization") == 2)

            let (failed, secondClient, failedId) = try await run(fault: [
                "route": "authorization", "count": 2, "status": 500,
            ])
            #expect(failed.name == "failed")
            #expect(failed.response?.status.statusPayment == "FAILED")
            #expect(failed.response?.error != nil)
            #expect(secondClient.transport.count("/authorization") == 2)
            #expect(secondClient.tokens.read() != nil)
            #expect(
                try await secondClient.api.findPayment(ecommerceId: failedId, publicToken: publicToken).ecommerceStatus
                    == .confirm)
            try await h.call(.post, "/sandbox/athmovil/clock/advance", json: ["seconds": 901])
            #expect(
                try await secondClient.api.findPayment(ecommerceId: failedId, publicToken: publicToken).ecommerceStatus
                    == .cancel)

            let (lost, thirdClient, lostId) = try await run(fault: [
                "route": "authorization", "count": 1, "dropConnection": true,
            ])
            #expect(lost.name == "completed")
            #expect(thirdClient.transport.count("/authorization") == 2)
            let found = try await thirdClient.api.findPayment(ecommerceId: lostId, publicToken: publicToken)
            #expect(found.ecommerceStatus == .completed)
            #expect(lost.response?.status.referenceNumber == found.referenceNumber)
        }
    }

    @Test(
        "J4 step 5: a dropped connection after the authorization commits is a transport error; the retry completes the payment once"
    )
    func authorizationAnswerLost() async throws {
        try await SandboxHarness.with { h in
            let (publicToken, client, probe, link) = try await h.athmSecurePaymentHandedOff()
            let reply = try await h.athmRespond(link: link, action: "complete")
            let ecommerceId = try #require(reply["ecommerceId"]?.stringValue)
            let faulted = try await h.call(
                .post, "/sandbox/athmovil/faults",
                json: ["route": "authorization", "count": 1, "dropConnection": true])
            #expect(faulted.status == 201)
            #expect(faulted.body["drop_connection"] == true)

            client.session.url = URL(string: try #require(reply["callbackURL"]?.stringValue))
            let event = try #require(await probe.next())
            #expect(event.name == "completed")
            // The first attempt got no HTTP answer at all (not a stand-in 5xx); the SDK's one retry got 200.
            #expect(client.transport.outcomes("/authorization") == [.transportError, .status(200)])

            // Both attempts reached the sandbox and both were served (the log keeps the lost answer's status):
            // the first committed, the retry found the payment completed and answered the same reference.
            let served = h.sandbox.context.journal.entries(
                JournalFilter(path: .prefix("/api/business-transaction/ecommerce/authorization")))
            #expect(served.map(\.status) == [200, 200])
            let record = try await h.call(.get, "/sandbox/athmovil/payments/\(ecommerceId)")
            #expect(record.body["state"] == "COMPLETED")
            #expect(record.body["dailyTransactionId"] == 1)
            let found = try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: publicToken)
            #expect(found.ecommerceStatus == .completed)
            #expect(event.response?.status.referenceNumber == found.referenceNumber)
            #expect(event.response?.status.dailyTransactionID == 1)
            #expect(client.tokens.read() == nil)
        }
    }

    @Test(
        "J5: a legacy dummy payment with the dictionary handler is cancelled, then found cancelled by the status service"
    )
    func legacyDictionary() async throws {
        try await SandboxHarness.with { h in
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            let recorder = try #require(client.recorder)
            let request = ATHMPaymentRequest(account: "dummy", scheme: "athm-checkout", payment: 20)
            request.session = client.session
            let probe = ATHMJourneyProbe()
            let handler = probe.dictionaryHandler
            request.pay(dictionaryHandler: handler)
            let link = await recorder.openedURL(at: 0)
            #expect(link.path == "/e-commerce/mobileDummy")
            #expect(try ATHMJourneyClient.linkData(link)["traceId"]?.stringValue == handler.traceId.uuidString)

            let reply = try await h.athmRespond(link: link, action: "cancel")
            client.session.url = URL(string: try #require(reply["callbackURL"]?.stringValue))
            let cancelled = try #require(await probe.next())
            #expect(cancelled.name == "cancelled")
            #expect(cancelled.dictionary?["status"] as? String == "cancelled")
            #expect(cancelled.dictionary?["referenceNumber"] as? String == "")
            #expect(cancelled.dictionary?["total"] as? NSNumber == 20)

            let second = ATHMJourneyProbe()
            let secondHandler = second.dictionaryHandler
            request.pay(dictionaryHandler: secondHandler)
            let secondLink = await recorder.openedURL(at: 1)
            let opened = try await h.call(
                .post, "/sandbox/athmovil/app/open", json: ["url": .string(secondLink.absoluteString)])
            let id = try #require(opened.body["ecommerceId"]?.stringValue)
            client.session.applicationDidBecomeActive()
            let fromStatus = try #require(await second.next())
            #expect(fromStatus.name == "cancelled")
            let statusCall = try #require(client.transport.requests.last)
            #expect(statusCall.url.path == "/rs/eCommerceTransfer/consultTransactionStatus")
            #expect(
                try JSONValue.parse(statusCall.body ?? Data())["paymentID"]?.stringValue
                    == secondHandler.traceId.uuidString)
            let late = try await h.call(
                .post, "/sandbox/athmovil/app/respond", json: ["ecommerceId": .string(id), "action": "complete"])
            #expect(late.status == 409)
        }
    }

    @Test(
        "J6: the merchant server refunds part of a payment, never more than paid, and the sandbox remembers after a restart"
    )
    func refund() async throws {
        let directory = TestDirectories.path("athm-j6")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        let first = try await Sandbox.start(options)
        let harness = SandboxHarness(sandbox: first)
        let ecommerceId: String
        let publicToken: String
        do {
            let (pub, priv) = try await harness.athmBusiness()
            publicToken = pub
            let client = ATHMJourneyClient(baseURL: first.baseURL, opener: nil)
            // The sandbox opener plays the whole round trip headlessly, as a Linux demo would.
            let opener = ATHMForwardingOpener(
                next: ATHMSandboxAppURLOpener(
                    sandboxBaseURL: first.baseURL, autoRespond: .complete,
                    session: client.session))
            client.session.urlOpener = opener
            let response = try await client.secure(20.00, token: pub).pay()
            #expect(response.status.status == .completed)
            let reference = response.status.referenceNumber

            let refund = try await client.api.refund(
                publicToken: pub, privateToken: priv, referenceNumber: reference,
                amount: 5, message: "size")
            #expect(refund.refund.status == "COMPLETED")
            #expect(refund.refund.refundedAmount == 5)
            #expect(refund.originalTransaction.totalRefundedAmount == 5)
            #expect(Int(refund.refund.dailyTransactionID) == response.status.dailyTransactionID + 1)

            do {
                _ = try await client.api.refund(
                    publicToken: pub, privateToken: priv, referenceNumber: reference,
                    amount: Decimal(string: "15.01")!, message: nil)
                Issue.record("a refund above the rest must fail")
            } catch {
                #expect(error.code == .server(errorcode: "BTRA_0004"))
                #expect(error.httpStatus == 400)
            }
            do {
                _ = try await client.api.refund(
                    publicToken: pub, privateToken: "sbx-prv-wrong", referenceNumber: reference,
                    amount: 1, message: nil)
                Issue.record("a wrong private token must fail")
            } catch {
                #expect(error.code == .server(errorcode: "BTRA_0017"))
                #expect(error.httpStatus == 401)
            }
            let records = try await harness.call(.get, "/sandbox/athmovil/businesses")
            #expect(records.body["businesses"]?.arrayValue?.contains { $0["publicToken"]?.stringValue == pub } == true)
            let link = await opener.recorder.openedURL()
            ecommerceId = try #require(try ATHMJourneyClient.linkData(link)["ecommerceId"]?.stringValue)
            let found = try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: pub)
            #expect(found.referenceNumber == reference)
        } catch {
            await first.stop()
            throw error
        }
        await first.stop()

        let second = try await Sandbox.start(options)
        let api = ATHMBusinessAPI(environment: .sandbox(baseURL: second.baseURL))
        do {
            let afterRestart = try await api.findPayment(ecommerceId: ecommerceId, publicToken: publicToken)
            #expect(afterRestart.ecommerceStatus == .completed)
            #expect(afterRestart.totalRefundedAmount == 5)
        } catch {
            await second.stop()
            throw error
        }
        await second.stop()
    }
}

/// Runs `before` with each link, lets another opener handle it, then records the link in `recorder` (so a
/// test can wait until the other opener has finished).
struct ATHMForwardingOpener: ATHMURLOpening {
    var before: @Sendable (URL) async -> Void = { _ in }
    let next: any ATHMURLOpening
    let recorder = ATHMRecordingURLOpener(result: true)

    func open(_ url: URL, fallback: URL?, universalLinksOnly: Bool) async -> Bool {
        await before(url)
        let result = await next.open(url, fallback: fallback, universalLinksOnly: universalLinksOnly)
        _ = await recorder.open(url, fallback: fallback, universalLinksOnly: universalLinksOnly)
        return result
    }
}
