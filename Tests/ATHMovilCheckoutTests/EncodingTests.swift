import CommerceCore
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §6 vectors 1–5: token detection, links and the `/payment` body, byte for byte.
@Suite("Request encoding conformance vectors")
struct EncodingTests {
    @Test(
        "vector 1: simulated-token detection",
        arguments: [
            ("dummy", true), ("DUMMY", true), (" Dummy\n", true), ("dummy1", false), ("", false),
        ])
    func simulatedToken(_ token: String, _ expected: Bool) {
        #expect(ATHMBusinessAccount(token: token).isSimulatedToken == expected)
    }

    @Test("vector 2: the secure link")
    func secureLink() async throws {
        let rig = TestRig(environment: .production) { _ in Fixtures.registered() }
        let task = Task { try await rig.secure(20).pay() }
        let url = await rig.opener.openedURL()
        #expect(
            url.absoluteString
                == "https://athmovil-ios.web.app/e-commerce/mobileSecure?transaction_data=%7B%22ecommerceId%22:%2218a2d3fa-3dc1-11ed-a1c1-e19d31c39706%22,%22expiresIn%22:600,%22phoneNumber%22:%22%22,%22publicToken%22:%22dummy%22,%22scheme%22:%22athm-checkout%22,%22timeout%22:600,%22version%22:%223.0%22%7D"
        )
        #expect(
            rig.transport.requests.first?.url.absoluteString
                == "https://payments.athmovil.com/api/business-transaction/ecommerce/payment")
        #expect(
            rig.opener.fallbackURLs.first??.absoluteString
                == "itms://itunes.apple.com/sg/app/ath-movil/id658539297?l=zh&mt=8")
        task.cancel()
        _ = try? await task.value
    }

    @Test("vector 3: the legacy dummy link")
    func legacyDummyLink() throws {
        let payment = ATHMPayment(total: 20)
        payment.subtotal = 20
        let item = ATHMPaymentItem(name: "Shirt", price: 10, quantity: 2)
        item.desc = "Blue"
        payment.items = [item]
        payment.metadata1 = "order-1001"
        let data = RequestEncoding.legacyLinkData(
            traceId: try #require(UUID(uuidString: "2F5B0E36-6C2B-4C0E-9C44-6F3A4A1B2C3D")), account: "dummy",
            scheme: "athm-checkout", payment: payment, timeout: 600)
        let url = RequestEncoding.link(base: ATHMEnvironment.production.appLinkBaseURL, path: "mobileDummy", data: data)
        #expect(
            url?.absoluteString
                == "https://athmovil-ios.web.app/e-commerce/mobileDummy?transaction_data=%7B%22expiresIn%22:600,%22items%22:%5B%7B%22desc%22:%22Blue%22,%22description%22:%22Blue%22,%22metadata%22:%22%22,%22name%22:%22Shirt%22,%22price%22:10,%22quantity%22:2%7D%5D,%22metadata1%22:%22order-1001%22,%22metadata2%22:%22%22,%22phoneNumber%22:%22%22,%22publicToken%22:%22dummy%22,%22scheme%22:%22athm-checkout%22,%22subtotal%22:20,%22tax%22:0,%22total%22:20,%22traceId%22:%222F5B0E36-6C2B-4C0E-9C44-6F3A4A1B2C3D%22,%22version%22:%223.0%22%7D"
        )
    }

    @Test("vector 3 through pay(): the legacy dummy request opens mobileDummy with the handler's trace id")
    func legacyPayOpensDummyLink() async throws {
        let rig = TestRig()
        let probe = HandlerProbe()
        let handler = probe.handler
        rig.legacy(20).pay(handler: handler)
        let url = await rig.opener.openedURL()
        #expect(url.path.hasSuffix("/e-commerce/mobileDummy"))
        let data = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value)
        #expect(try JSONValue.parse(data)["traceId"]?.stringValue == handler.traceId.uuidString)
        #expect(rig.transport.requests.isEmpty)
    }

    @Test("a legacy request with a real token opens the mobile link")
    func legacyRealToken() async {
        let rig = TestRig()
        rig.legacy(20, token: "sbx-pub-1").pay(handler: HandlerProbe().handler)
        let url = await rig.opener.openedURL()
        #expect(url.absoluteString.hasPrefix("http://sandbox.test/e-commerce/mobile?transaction_data="))
    }

    @Test("vector 4: /payment body with banker's rounding and the device headers")
    func paymentBody() async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let payment = ATHMPayment(total: 20)
        payment.subtotal = 0.125
        let task = Task { try await rig.secure(payment).pay() }
        _ = await rig.opener.openedURL()
        let request = try #require(rig.transport.requests.first)
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self)
                == #"{"env":"sandbox","items":[],"metadata1":"","metadata2":"","phoneNumber":"","publicToken":"dummy","subtotal":0.12,"tax":0,"timeout":600,"total":20}"#
        )
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["manufacturer"] != nil)
        #expect(request.headers["deviceID"].map { UUID(uuidString: $0) != nil } == true)
        #if os(Linux)
        #expect(request.headers["agentType"] == "linux")
        #endif
        #expect(rig.tokens.read() == "jwt-token")
        task.cancel()
        _ = try? await task.value
    }

    @Test("vector 5: query encoding keeps + and encodes & = # { } \" é")
    func queryEncoding() throws {
        let url = try #require(
            RequestEncoding.link(
                base: URL(string: "https://x.test")!, path: "p",
                data: .string(#"a+b&c=d e/f?g#h{}"é"#)))
        #expect(
            url.absoluteString == "https://x.test/p?transaction_data=%22a+b%26c%3Dd%20e/f?g%23h%7B%7D%5C%22%C3%A9%22")
        let decoded = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value
        #expect(decoded == #""a+b&c=d e/f?g#h{}\"é""#)
    }

    @Test(
        "the environment picks every base URL",
        arguments: [
            (
                ATHMEnvironment.production, "https://payments.athmovil.com", "https://www.athmovil.com/rs/",
                "https://athmovil-ios.web.app/e-commerce"
            ),
            (
                ATHMEnvironment.sandbox(baseURL: URL(string: "http://127.0.0.1:9/")!), "http://127.0.0.1:9",
                "http://127.0.0.1:9/rs/", "http://127.0.0.1:9/e-commerce"
            ),
        ])
    func environments(_ environment: ATHMEnvironment, _ payments: String, _ legacy: String, _ app: String) {
        #expect(environment.paymentServiceBaseURL.absoluteString == payments)
        #expect(environment.legacyStatusBaseURL.absoluteString == legacy)
        #expect(environment.appLinkBaseURL.absoluteString == app)
    }

    @Test("the historical enviroment string: sandbox (any case) or production")
    func enviromentString() {
        let session = ATHMPaymentSession(urlOpener: ATHMRecordingURLOpener(), tokenStore: ATHMInMemoryTokenStore())
        #expect(session.enviroment == "production")
        #expect(session.environment == .production)
        session.enviroment = "SandBox"
        #expect(session.environment == .sandbox(baseURL: ATHMEnvironment.defaultSandboxURL))
        session.enviroment = "staging"
        #expect(session.environment == .production)
        session.configure(environment: .sandbox(baseURL: URL(string: "http://h:1")!))
        #expect(session.environment == .sandbox(baseURL: URL(string: "http://h:1")!))
    }
}
