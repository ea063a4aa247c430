import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §2.6 and the sandbox path on iOS: how the link is handed to the opener depends on the environment.
/// A sandbox link is no universal link, so "universal links only" would always fail and fall back to the
/// App Store (which a simulator lacks); the sandbox is opened like a web page instead.
@Suite("How the app link is opened")
struct LinkOpenOptionsTests {
    static let appStore = "itms://itunes.apple.com/sg/app/ath-movil/id658539297?l=zh&mt=8"

    @Test("production: universal links only, with the App Store listing as fallback")
    func production() {
        let options = ATHMLinkOpenOptions(environment: .production)
        #expect(options.universalLinksOnly)
        #expect(options.fallback?.absoluteString == Self.appStore)
    }

    @Test(
        "a sandbox: a plain open and no App Store fallback, whatever its address",
        arguments: ["http://127.0.0.1:8080", "http://192.168.1.20:8080/", "https://sandbox.example.com"])
    func sandbox(_ base: String) throws {
        let options = ATHMLinkOpenOptions(environment: .sandbox(baseURL: try #require(URL(string: base))))
        #expect(options == ATHMLinkOpenOptions(universalLinksOnly: false, fallback: nil))
    }

    @Test("the historical name \"sandbox\" also opens plainly")
    func sandboxByName() {
        let session = ATHMPaymentSession(
            urlOpener: ATHMRecordingURLOpener(), tokenStore: ATHMInMemoryTokenStore(),
            transport: InMemoryTransport(responses: []))
        session.enviroment = "SANDBOX"
        #expect(!ATHMLinkOpenOptions(environment: session.environment).universalLinksOnly)
    }

    @Test("a secure pay in a sandbox hands the opener a plain open with no fallback")
    func securePayInSandbox() async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let task = Task { try await rig.secure(20).pay() }
        let link = await rig.opener.openedURL()
        #expect(link.absoluteString.hasPrefix("http://sandbox.test/e-commerce/mobileSecure?transaction_data="))
        #expect(rig.opener.universalLinksOnlyFlags == [false])
        #expect(rig.opener.fallbackURLs == [nil])
        task.cancel()
        _ = try? await task.value
    }

    @Test("a legacy pay in production keeps the spec's universal-links-only open and App Store fallback")
    func legacyPayInProduction() async throws {
        let rig = TestRig(environment: .production)
        let task = Task { try await rig.legacy(20).pay() }
        let link = await rig.opener.openedURL()
        #expect(link.absoluteString.hasPrefix("https://athmovil-ios.web.app/e-commerce/mobileDummy?"))
        #expect(rig.opener.universalLinksOnlyFlags == [true])
        #expect(rig.opener.fallbackURLs.map { $0?.absoluteString } == [Self.appStore])
        task.cancel()
        _ = try? await task.value
    }
}
