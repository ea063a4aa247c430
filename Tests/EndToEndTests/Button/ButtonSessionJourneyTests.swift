import CommerceCore
import Foundation
import Testing

@testable import ButtonMerchant

/// J5 and J6: what the sandbox's session and install rules do to the app's stored attribution.
@Suite struct ButtonSessionJourneyTests {
    @Test func expiredSessionClearsAttributionButKeepsFirstSeen() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let store = PersistentStore()
            store.set("2025-01-01T00:00:00Z", forKey: "commercekit.button.first-seen")
            let transport = RecordingTransport()
            let app = sandbox.merchantCore(store: store, installedAgo: nil, transport: transport)
            app.configure(applicationId: "app-sandbox", environment: nil)
            app.trackIncomingURL(try #require(URL(string: "https://shop.example/p/1?btn_ref=srctok-j5")))
            await app.waitUntilIdle()
            let session = try #require(store.string(forKey: "com.usebutton.session-id"))
            #expect(app.attributionToken == "srctok-j5")

            let (expired, _) = try await sandbox.call(.post, "/sandbox/button/sessions/\(session)/expire")
            #expect(expired == 200)
            app.trackIncomingURL(try #require(URL(string: "https://shop.example/p/2")))
            await app.waitUntilIdle()
            // Step 3: the sandbox answered the event with an explicit `session_id: null`.
            #expect(transport.answers(to: "/v1/app/events").last?["meta"]?["session_id"] == .null)
            #expect(app.attributionToken == nil)
            #expect(store.keys.filter { $0.hasPrefix("com.usebutton.") }.isEmpty)
            #expect(store.string(forKey: "commercekit.button.first-seen") == "2025-01-01T00:00:00Z")

            app.trackIncomingURL(try #require(URL(string: "https://shop.example/p/3")))
            await app.waitUntilIdle()
            let events = try await sandbox.loggedRequests("/v1/app/events")
            #expect(events.last?["body"]?["session_id"] == nil)
            let fresh = try #require(store.string(forKey: "com.usebutton.session-id"))
            #expect(fresh != session)
            #expect(transport.answers(to: "/v1/app/events").last?["meta"]?["session_id"]?.stringValue == fresh)
        }
    }

    @Test func postInstallLinkIsFetchedOncePerInstallWithinTwelveHours() async throws {
        try await SandboxHarness.with { sandbox async throws in
            _ = try await sandbox.call(
                .post, "/sandbox/button/deferred-deeplinks",
                json: [
                    "application_id": "app-sandbox", "action": "https://shop.example/p/9",
                ])
            let stale = sandbox.merchantCore(installedAgo: 13 * 3600)
            stale.configure(applicationId: "app-sandbox", environment: nil)
            #expect(try await stale.handlePostInstallURL() == nil)
            #expect(try await sandbox.loggedRequests("/v1/app/deferred-deeplink").isEmpty)
            #expect(
                try await sandbox.objects("/sandbox/button/deferred-deeplinks?application_id=app-sandbox").first?[
                    "status"] == "pending")

            let store = PersistentStore()
            let fresh = sandbox.merchantCore(store: store, installedAgo: 3600)
            fresh.configure(applicationId: "abc", environment: nil)
            await #expect(throws: ButtonMerchantError.noApplicationId) { try await fresh.handlePostInstallURL() }
            #expect(store.bool(forKey: "com.usebutton.post-install-fetched") == false)

            fresh.configure(applicationId: "app-sandbox", environment: nil)
            #expect(try await fresh.handlePostInstallURL()?.absoluteString == "https://shop.example/p/9")
            #expect(try await sandbox.loggedRequests("/v1/app/deferred-deeplink").count == 1)
            #expect(
                try await sandbox.objects("/sandbox/button/deferred-deeplinks?application_id=app-sandbox").first?[
                    "status"] == "consumed")

            fresh.clearAllData()
            #expect(try await fresh.handlePostInstallURL() == nil)
            #expect(try await sandbox.loggedRequests("/v1/app/deferred-deeplink").count == 2)
        }
    }
}
