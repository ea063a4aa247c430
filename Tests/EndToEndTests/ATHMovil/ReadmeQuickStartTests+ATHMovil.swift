import ATHMovilCheckout
import CommerceCore
import Foundation
import Testing

extension ReadmeQuickStartTests {
    /// The README's ATH Móvil quick start, exactly as printed there. Checked against README.md below so the
    /// copy run here cannot drift from the text readers paste.
    static let athMovilSnippet = """
        import ATHMovilCheckout

        ATHMPaymentSession.shared.configure(environment: .sandbox(baseURL: URL(string: "http://127.0.0.1:8080")!))
        #if !canImport(UIKit)
        // No ATH Móvil app off iOS: the sandbox's simulated app takes the link (and here plays a customer who pays).
        ATHMPaymentSession.shared.urlOpener = ATHMSandboxAppURLOpener(sandboxBaseURL: URL(string: "http://127.0.0.1:8080")!,
                                                                      autoRespond: .complete)
        #endif
        let payment = ATHMPayment(total: 20.00)
        payment.items = [ATHMPaymentItem(name: "Test Item", price: 20, quantity: 1)]
        let request = ATHMPaymentSecureRequest(account: ATHMBusinessAccount(token: "dummy"),
                                               scheme: ATHMURLScheme(urlScheme: "athm-checkout"), payment: payment)
        let response = try await request.pay()        // or pay(handler:) / pay(dictionaryHandler:) as in the seed
        print(response.status.referenceNumber, response.payment.fee, response.payment.netAmount)
        """

    @Test func athMovilQuickStartIsPrintedInTheReadme() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("```swift\n" + Self.athMovilSnippet + "\n```"))
    }

    @Test func athMovilQuickStart() async throws {
        // `shared` is scoped to this test's own session, so other tests that use `shared` cannot interfere.
        try await ATHMPaymentSession.$scopedShared.withValue(ATHMPaymentSession()) {
            try await SandboxHarness.with { sandbox async throws in
                // Isolation only, not part of the snippet: the default stores would write to the user's disk.
                ATHMPaymentSession.shared.tokenStore = ATHMInMemoryTokenStore()
                ATHMPaymentSession.shared.deviceIdentifierStore = PersistentStore()

                // The snippet, with the in-process sandbox's URL for http://127.0.0.1:8080.
                ATHMPaymentSession.shared.configure(environment: .sandbox(baseURL: sandbox.baseURL))
                #if !canImport(UIKit)
                ATHMPaymentSession.shared.urlOpener = ATHMSandboxAppURLOpener(
                    sandboxBaseURL: sandbox.baseURL,
                    autoRespond: .complete)
                #endif
                let payment = ATHMPayment(total: 20.00)
                payment.items = [ATHMPaymentItem(name: "Test Item", price: 20, quantity: 1)]
                let request = ATHMPaymentSecureRequest(
                    account: ATHMBusinessAccount(token: "dummy"),
                    scheme: ATHMURLScheme(urlScheme: "athm-checkout"), payment: payment)
                let response = try await request.pay()
                print(response.status.referenceNumber, response.payment.fee, response.payment.netAmount)

                #expect(response.status.statusPayment == "COMPLETED")
                #expect(!response.status.referenceNumber.isEmpty)
                #expect(response.payment.fee == 0.5)
                #expect(response.payment.netAmount == 19.5)
            }
        }
    }
}
