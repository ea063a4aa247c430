import ATHMovilCheckout
import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// §5.2 and §5.7: the legacy `mobile` flow with a real (non-dummy) business. The customer approves on the
/// simulated app's page with phone and PIN, the payment goes OPEN → COMPLETED in one step, and the reply
/// already carries the reference number, daily id, fee and net amount (there is no authorization call).
@Suite("ATH Móvil journey: legacy payment to the test store")
struct ATHMovilLegacyStoreJourneyTests {
    static let testStoreToken = "sbx-pub-0000000000000000000000000000000000000001"

    @Test(
        "ATHMPaymentRequest with the test store's token: page, phone and PIN, completed reply with reference, daily id, fee and net"
    )
    func approveWithPhoneAndPin() async throws {
        try await SandboxHarness.with { h in
            let client = ATHMJourneyClient(baseURL: h.baseURL)
            let payment = ATHMPayment(total: 20)
            payment.items = [ATHMPaymentItem(name: "Shirt", price: 10, quantity: 2)]
            payment.metadata1 = "order-2002"
            let request = ATHMPaymentRequest(
                account: ATHMBusinessAccount(token: Self.testStoreToken), scheme: "athm-checkout",
                payment: payment)
            request.session = client.session
            let probe = ATHMJourneyProbe()
            let handler = probe.handler
            request.pay(handler: handler)

            let link = try await #require(client.recorder).openedURL()
            #expect(link.path == "/e-commerce/mobile")
            let data = try ATHMJourneyClient.linkData(link)
            #expect(data["publicToken"]?.stringValue == Self.testStoreToken)
            #expect(data["traceId"]?.stringValue == handler.traceId.uuidString)
            #expect(data["total"] == 20)

            // The customer's browser opens the link: the review page of a real business asks for phone and PIN.
            let page = try await h.raw(.get, link.path + "?" + (link.query ?? ""))
            #expect(page.statusCode == 200)
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("CommerceKit Test Store"))
            #expect(html.contains("Shirt") && html.contains("order-2002"))
            #expect(html.contains(#"name="customerPhone""#) && html.contains(#"name="pin""#))
            #expect(!html.contains("Simulated payment"))
            let action = try #require(
                html.firstMatch(of: /action="(\/e-commerce\/payments\/[0-9a-fA-F-]+)\/approve"/)?.output.1)
            let ecommerceId = String(action.split(separator: "/").last ?? "")
            let approveURL = try #require(URL(string: h.baseURL.absoluteString + action + "/approve"))

            let poster = ATHMFormPoster()
            let wrongPin = try await poster.post(
                approveURL, fields: [("customerPhone", "(787) 555-0101"), ("pin", "9999")])
            #expect(wrongPin.status == 400)
            #expect(wrongPin.html.contains("does not match"))

            let approved = try await poster.post(
                approveURL, fields: [("customerPhone", "(787) 555-0101"), ("pin", "1234")])
            #expect(approved.status == 303)
            let location = try #require(approved.location)
            #expect(location.hasPrefix("athm-checkout://?athm_payment_data="))
            let reply = try #require(
                URLComponents(string: location)?.queryItems?.first { $0.name == "athm_payment_data" }?.value)
            let replyJSON = try JSONValue.parse(reply)
            #expect(replyJSON["status"] == "completed")
            #expect(replyJSON["referenceNumber"]?.stringValue?.hasPrefix("215070001-") == true)
            #expect(replyJSON["dailyTransactionID"] == 1)
            #expect(replyJSON["fee"] == 0.5 && replyJSON["netAmount"] == 19.5)
            #expect(replyJSON["name"] == "Ana Rivera")

            // Legacy: OPEN → COMPLETED in one step, before the merchant app hears anything.
            let found = try await client.api.findPayment(ecommerceId: ecommerceId, publicToken: Self.testStoreToken)
            #expect(found.ecommerceStatus == .completed)
            #expect(found.dailyTransactionId == "0001")

            client.session.url = URL(string: location)
            let event = try #require(await probe.next())
            #expect(event.name == "completed")
            let response = try #require(event.response)
            #expect(response.status.statusPayment == "COMPLETED")
            #expect(response.status.referenceNumber == found.referenceNumber)
            #expect(response.status.dailyTransactionID == 1)
            #expect(response.payment.fee == 0.5)
            #expect(response.payment.netAmount == 19.5)
            #expect(response.payment.metadata1 == "order-2002")
            #expect(response.payment.items.first?.name == "Shirt")
            #expect(response.customer.name == "Ana Rivera")
            #expect(response.customer.phoneNumber == "(787) 555-0101")
            #expect(response.customer.email == "ana.rivera@example.com")
            // The legacy flow has no server step: the SDK sent nothing to the payment service.
            #expect(client.transport.requests.isEmpty)
            #expect(client.tokens.read() == nil)
        }
    }
}
