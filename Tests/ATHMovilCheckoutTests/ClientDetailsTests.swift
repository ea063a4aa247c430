import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import ATHMovilCheckout

/// §3.2 headers, §3.8 persistence, §3.9 retry rules and §2.4 defaults that a merchant app relies on
/// without seeing them.
@Suite("Client details: persistence, headers, retries, defaults")
struct ClientDetailsTests {
    @Test(
        "ATHMPersistentTokenStore keeps the token under athm_checkout/authToken in an owner-only file that outlives the process"
    )
    func persistentTokenStore() throws {
        let directory = TestDirectories.path("athm-client")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokens = ATHMPersistentTokenStore(
            store: try PersistentStore(directory: directory, namespace: "athm_checkout"))
        try tokens.save("jwt-1")
        try tokens.save("jwt-2")

        // A later launch opens the same file and finds the latest token under the documented key.
        let reopened = try PersistentStore(directory: directory, namespace: "athm_checkout")
        #expect(reopened.string(forKey: "athm_checkout/authToken") == "jwt-2")
        #expect(ATHMPersistentTokenStore(store: reopened).read() == "jwt-2")
        let file = directory.appendingPathComponent("athm_checkout.json")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)

        tokens.delete()
        #expect(
            try PersistentStore(directory: directory, namespace: "athm_checkout").string(
                forKey: "athm_checkout/authToken") == nil)
    }

    #if !canImport(UIKit)
    @Test("off iOS the deviceID header is a UUID created once and kept under athm_checkout/deviceID")
    func deviceIDPersists() async throws {
        let directory = TestDirectories.path("athm-client")
        defer { try? FileManager.default.removeItem(at: directory) }

        func sentDeviceID() async throws -> String? {
            let rig = TestRig { _ in Fixtures.registered() }
            rig.session.deviceIdentifierStore = try PersistentStore(directory: directory, namespace: "athm_checkout")
            let task = Task { try await rig.secure(20).pay() }
            _ = await rig.opener.openedURL()
            task.cancel()
            _ = try? await task.value
            return rig.transport.requests.first?.headers["deviceID"]
        }

        let first = try #require(try await sentDeviceID())
        #expect(UUID(uuidString: first) != nil)
        #expect(
            try PersistentStore(directory: directory, namespace: "athm_checkout").string(
                forKey: "athm_checkout/deviceID") == first)
        // Another session (a later launch) reading the same store sends the same id: it is never rotated.
        #expect(try await sentDeviceID() == first)
    }
    #endif

    @Test("every payment-service call carries athm_version, operatingSystem and Accept-Language")
    func deviceHeaders() async throws {
        let rig = TestRig { _ in Fixtures.registered() }
        let task = Task { try await rig.secure(20).pay() }
        _ = await rig.opener.openedURL()
        task.cancel()
        _ = try? await task.value
        let headers = try #require(rig.transport.requests.first?.headers)

        // The app's CFBundleShortVersionString, or "" when the process has none (a Linux test runner).
        let appVersion = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? ""
        #expect(headers["athm_version"] == appVersion)

        let version = ProcessInfo.processInfo.operatingSystemVersion
        let operatingSystem = try #require(headers["operatingSystem"])
        #expect(
            operatingSystem.hasSuffix(" \(version.majorVersion).\(version.minorVersion)")
                || operatingSystem.hasSuffix(" \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)")
        )
        #if os(Linux)
        #expect(operatingSystem.hasPrefix("Linux "))
        #expect(headers["manufacturer"] == "unknown")
        #endif

        let language = try #require(headers["Accept-Language"])
        #expect(language == (Locale.current.language.languageCode?.identifier ?? "en"))
        #expect(!language.isEmpty && !language.contains("_") && !language.contains("-"))
    }

    @Test("the legacy status call is not retried after a 5xx: one request, then onException")
    func legacyStatusNotRetried() async throws {
        let rig = TestRig { _ in
            .json(503, #"{"status":"error","message":"Internal Error","errorcode":"BTRA_9999","data":null}"#)
        }
        let probe = HandlerProbe()
        rig.legacy(20).pay(handler: probe.handler)
        _ = await rig.opener.openedURL()
        rig.session.applicationDidBecomeActive()
        let error = try #require(await probe.next()?.error)
        #expect(error.code == .server(errorcode: "BTRA_9999"))
        #expect(error.httpStatus == 503)
        #expect(error.failureReason == "Sorry for the inconvenience. Please try again later.")
        #expect(rig.paths == ["/rs/eCommerceTransfer/consultTransactionStatus"])
    }

    @Test("no answer from /payment gives the generic message, not a request error, and nothing is opened or stored")
    func paymentNetworkError() async throws {
        let rig = TestRig { _ in throw TransportError.connectionFailed("Connection refused") }
        let probe = HandlerProbe()
        rig.secure(20).pay(handler: probe.handler)
        let error = try #require(await probe.next()?.error)
        #expect(error.failureReason == "Sorry for the inconvenience. Please try again later.")
        #expect(error.code == .network)
        #expect(!error.isRequestError)
        #expect(error.errorDescription == "Error in response")
        #expect(error.serverMessage?.contains("Connection refused") == true)
        #expect(rig.transport.requests.count == 1)
        #expect(rig.opener.openedURLs.isEmpty)
        #expect(rig.tokens.read() == nil)
        #expect(!rig.session.hasPendingPayment)
    }

    #if !canImport(UIKit)
    @Test("without an opener of its own, a session off iOS cannot reach the app: pay reports URL is invalid")
    func defaultOpenerOffIOS() async throws {
        let transport = InMemoryTransport { _ in Fixtures.registered() }
        let session = ATHMPaymentSession(tokenStore: ATHMInMemoryTokenStore(), transport: transport)
        session.deviceIdentifierStore = PersistentStore()
        session.configure(environment: .sandbox(baseURL: URL(string: "http://sandbox.test")!))
        #expect(session.urlOpener is ATHMUnavailableURLOpener)
        let request = ATHMPaymentSecureRequest(account: "dummy", scheme: "athm-checkout", payment: 20)
        request.session = session
        let probe = HandlerProbe()
        request.pay(handler: probe.handler)
        let error = try #require(await probe.next()?.error)
        #expect(error.failureReason == "URL is invalid")
        #expect(error.code == .openFailed)
        #expect(!error.isRequestError)
        #expect(!session.hasPendingPayment)
    }
    #endif

    #if !(canImport(Security) && canImport(Darwin))
    @Test("off Apple platforms the default token store is the PersistentStore one")
    func defaultTokenStoreOffApple() {
        let session = ATHMPaymentSession(
            urlOpener: ATHMRecordingURLOpener(), transport: InMemoryTransport(responses: []))
        #expect(session.tokenStore is ATHMPersistentTokenStore)
    }
    #endif
}
