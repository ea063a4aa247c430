import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// The README's examples, with only the syntax slips §2.10 lists corrected, inside a main-actor class.
@MainActor
final class SeedCheckoutScreen {
    var lastEvent = "" { didSet { eventsShown.fire() } }
    /// Fires each time the screen shows an outcome, so tests await it.
    let eventsShown = TestSignal()
    var lastError: ATHMPaymentError?

    func payWithATHMovil() {

        let businessAccount = ATHMBusinessAccount(token: "dummy")
        let urlScheme = ATHMURLScheme(urlScheme: "athm-checkout")
        let payment = ATHMPayment(total: 20.00)

        payment.phoneNumber = ""
        payment.subtotal = 1.00
        payment.tax = 2.00
        payment.metadata1 = "Attach data to the payment object"
        payment.metadata2 = "Attach data to the payment object"
        payment.items = [ATHMPaymentItem(name: "Test Item", price: 1, quantity: 1)]

        let hander = ATHMPaymentHandler(
            onCompleted: { [weak self] (payment: ATHMPaymentResponse) in
                self?.lastEvent = "completed \(payment.status.referenceNumber)"
            },
            onExpired: { [weak self] (payment: ATHMPaymentResponse) in
                self?.lastEvent = "expired"
            },
            onCancelled: { [weak self] (payment: ATHMPaymentResponse) in
                self?.lastEvent = "cancelled"
            },
            onFailed: { [weak self] (payment: ATHMPaymentResponse) in
                self?.lastEvent = "failed"
            }
        ) { [weak self] (error: ATHMPaymentError) in
            _ = error.failureReason
            _ = error.errorDescription
            _ = error.isRequestError
            self?.lastError = error
        }

        let request = ATHMPaymentSecureRequest(account: businessAccount, scheme: urlScheme, payment: payment)
        request.timeout = 120
        request.pay(handler: hander)
    }

    func payHybrid() {
        let requestDic = DictionaryAPITests.requestDic
        let businessAccount = ATHMBusinessAccount(dictionary: requestDic)
        let urlScheme = ATHMURLScheme(dictionary: requestDic)
        let payment = ATHMPayment(dictionary: requestDic)

        let handler = ATHMPaymentHandlerDictionary(
            onCompleted: { [weak self] (response: NSDictionary) in
                self?.lastEvent = "dictionary completed \(response["total"] ?? "")"
            },
            onExpired: { [weak self] (response: NSDictionary) in
                self?.lastEvent = "dictionary expired"
            },
            onFailed: { [weak self] (response: NSDictionary) in
                self?.lastEvent = "dictionary failed"
            },
            onCancelled: { [weak self] (response: NSDictionary) in
                self?.lastEvent = "dictionary cancelled"
            }
        ) { [weak self] (error: ATHMPaymentError) in
            self?.lastError = error
        }

        let request = ATHMPaymentSecureRequest(account: businessAccount, scheme: urlScheme, payment: payment)
        request.pay(dictionaryHandler: handler)
    }

    /// The response fields the README lists, read as an app would.
    static func readResponse(_ response: ATHMPaymentResponse) -> [String] {
        let paymentItem = response.payment.items.first
        return [
            "\(response.payment.total)", "\(response.payment.subtotal)", "\(response.payment.tax)",
            "\(response.payment.fee)", "\(response.payment.netAmount)", response.payment.metadata1,
            response.payment.metadata2, paymentItem?.name ?? "", "\(paymentItem?.price ?? 0)",
            "\(paymentItem?.quantity ?? 0)", paymentItem?.desc ?? "", paymentItem?.metadata ?? "",
            "\(response.status.dailyTransactionID)", response.status.referenceNumber, "\(response.status.date)",
            response.customer.name, response.customer.phoneNumber, response.customer.email,
        ]
    }
}

/// The README's code is written against ``ATHMPaymentSession/shared``; here `shared` is scoped to a session of
/// this test's own (`ATHMPaymentSession.$scopedShared`), so no other test that uses `shared` can interfere.
@Suite("README examples against the shared session")
@MainActor
struct SeedExampleTests {
    @Test("the README's secure example pays through the shared session and hands back via the url setter")
    func secureExample() async throws {
        try await ATHMPaymentSession.$scopedShared.withValue(ATHMPaymentSession()) {
            let transport = InMemoryTransport { request in
                request.url.path.hasSuffix("/payment") ? Fixtures.registered() : Fixtures.authorized()
            }
            let opener = ATHMRecordingURLOpener()
            let shared = ATHMPaymentSession.shared
            shared.transport = transport
            shared.urlOpener = opener
            shared.tokenStore = ATHMInMemoryTokenStore()
            shared.deviceIdentifierStore = PersistentStore()
            shared.configure(environment: .sandbox(baseURL: URL(string: "http://sandbox.test")!))

            let screen = SeedCheckoutScreen()
            screen.payWithATHMovil()
            let link = await opener.openedURL()
            #expect(link.path == "/e-commerce/mobileSecure")
            let body = try JSONValue.parse(try #require(transport.requests.first?.body))
            #expect(body["timeout"] == 120)
            #expect(body["tax"] == 2)

            // The app delegate line of the README.
            ATHMPaymentSession.shared.url = URL(string: "myapp://unrelated")
            #expect(ATHMPaymentSession.shared.hasPendingPayment)
            ATHMPaymentSession.shared.url = Fixtures.currentReply(status: "completed")
            try await screen.eventsShown.wait(for: 1)
            #expect(screen.lastEvent == "completed 215070682-8a36d42f859d623b0185a1a80b08009d")
            #expect(screen.lastError == nil)

            screen.payHybrid()
            _ = await opener.openedURL(at: 1)
            ATHMPaymentSession.shared.url = Fixtures.currentReply(status: "cancelled")
            try await screen.eventsShown.wait(for: 2)
            #expect(screen.lastEvent == "dictionary cancelled")
            #expect(
                SeedCheckoutScreen.readResponse(
                    ATHMPaymentResponse(
                        payment: 1, status: ATHMPaymentStatus(status: .expired, date: Date()),
                        customer: ATHMCustomer(name: "", phoneNumber: "", email: ""))
                ).count == 18)
        }
    }
}
