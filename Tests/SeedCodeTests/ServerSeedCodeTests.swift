import ATHMovilCheckout
import CommerceSandbox
import Foundation
import Testing

/// The Button Order API, Paytronix and ATH Móvil samples, run from a plain class off the main actor against a
/// sandbox on 127.0.0.1, with their completion handlers awaited.
@Suite struct ServerSeedCodeTests {
    @Test func buttonOrderLifecycleThroughCompletionHandlers() async throws {
        let log = SampleLog()
        try await Sandbox.withRunning { sandbox in
            let server = try CheckoutServer(apiKey: "sk-sandbox", baseURL: sandbox.baseURL, log: log)
            await withCheckedContinuation { done in
                server.report(orderId: "seed-order-1", btnRef: "srctok-0123456789abcdef", total: 6000) {
                    done.resume()
                }
            }
        }
        #expect(log.all == ["created seed-order-1 open", "updated 3000", "read 3000", "deleted"])
    }

    @Test func paytronixSignUpThenLoginFromAnotherDevice() async throws {
        let log = SampleLog()
        let registration = try await Sandbox.withRunning { sandbox in
            let registration = LoyaltyPushRegistration(
                baseURL: sandbox.baseURL, merchantId: 777777, clientId: "sandbox-ios",
                clientSecret: "sandbox-ios-secret",
                log: log)
            let phone = Data(repeating: 0xAB, count: 32)
            let tablet = Data(repeating: 0xCD, count: 32)
            await withCheckedContinuation { done in
                registration.signUp(username: "seed.guest", password: "s3cret-pass", deviceToken: phone) {
                    done.resume()
                }
            }
            for device in [phone, tablet] {
                await withCheckedContinuation { done in
                    registration.logIn(username: "seed.guest", password: "s3cret-pass", deviceToken: device) {
                        done.resume()
                    }
                }
            }
            return registration
        }
        #expect(log.all == ["signed up cardCreatedSuccess", "device alreadyRegistered", "device added"])
        #expect(
            registration.deviceDescription(merchantId: 777777).hasSuffix(
                "|merchantId=777777|integrator=examplecompany|version=12.0"))
    }

    @Test func athMovilHandlerUnderTheDocumentsNameAndItsResponseFields() {
        let screen = PayButtonScreen(log: SampleLog())
        let handler: ATHMPaymentHandler = screen.makeHandler()
        #expect(handler.traceId != screen.makeHandler().traceId)
        let response = ATHMPaymentResponse(
            payment: 20, status: ATHMPaymentStatus(status: .completed, date: Date(), referenceNumber: "ref-1"),
            customer: ATHMCustomer(name: "Ana", phoneNumber: "(787) 555-0100", email: "ana@example.com"))
        let fields = PayButtonScreen.fields(of: response)
        #expect(fields.count == 18)
        #expect(fields[13] == "ref-1")
        #expect(fields.suffix(3) == ["Ana", "(787) 555-0100", "ana@example.com"])
    }
}
