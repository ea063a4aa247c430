import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.2.2 session rules and journey J5 (client side).
    @Suite struct SessionTests {
        @Test func aStringSessionIsStoredAndSentNextTime() async throws {
            let harness = Harness(transport: InMemoryTransport(responses: [mobileOK(session: "sess-a")]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("one", properties: nil)
            harness.core.reportEvent("two", properties: nil)
            let requests = await harness.sentRequests()
            #expect(try body(requests.first)["session_id"] == nil)
            #expect(try body(requests.last)["session_id"] == "sess-a")
            #expect(harness.store.string(forKey: ButtonStore.sessionIdKey) == "sess-a")
        }

        @Test func anAbsentSessionChangesNothing() async throws {
            let store = PersistentStore(inMemory: [
                ButtonStore.sessionIdKey: .string("sess-keep"),
                ButtonStore.attributionTokenKey: .string("srctok-keep"),
            ])
            let harness = Harness(
                store: store,
                transport: InMemoryTransport(responses: [
                    mobileOK(session: nil), mobileOK(session: "sess-next"),
                ]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("e", properties: nil)
            _ = await harness.sentRequests()
            #expect(store.string(forKey: ButtonStore.sessionIdKey) == "sess-keep")
            #expect(harness.core.attributionToken == "srctok-keep")
            // The same pipeline does store a session when one is given.
            harness.core.reportEvent("e", properties: nil)
            _ = await harness.sentRequests()
            #expect(store.string(forKey: ButtonStore.sessionIdKey) == "sess-next")
        }

        @Test func anErrorResponseDoesNotTouchTheSession() async throws {
            let store = PersistentStore(inMemory: [ButtonStore.sessionIdKey: .string("sess-keep")])
            let rejected = HTTPResponse.json(400, #"{"meta":{"status":"error","session_id":null}}"#)
            let harness = Harness(
                store: store, transport: InMemoryTransport(responses: [rejected, mobileOK(session: .null)]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("e", properties: nil)
            _ = await harness.sentRequests()
            #expect(store.string(forKey: ButtonStore.sessionIdKey) == "sess-keep")
            // A 2xx with the same verdict does clear it.
            harness.core.reportEvent("e", properties: nil)
            _ = await harness.sentRequests()
            #expect(store.string(forKey: ButtonStore.sessionIdKey) == nil)
        }

        /// J5: an expired session clears token, session and flag but keeps first-seen; the next request
        /// carries no session and picks up the new one.
        @Test func nullSessionClearsButtonDataButKeepsFirstSeen() async throws {
            let store = PersistentStore(inMemory: [
                ButtonStore.firstSeenKey: .string("2025-01-15T11:00:00.000Z"),
                ButtonStore.postInstallFetchedKey: .bool(true),
            ])
            let transport = InMemoryTransport(responses: [
                mobileOK(session: "sess-S"), mobileOK(session: .null),
                mobileOK(session: "sess-T"),
            ])
            let harness = Harness(store: store, transport: transport)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)

            harness.core.trackIncomingURL(try #require(URL(string: "https://shop.example/?btn_ref=srctok-j5")))
            _ = await harness.sentRequests()
            #expect(store.string(forKey: ButtonStore.sessionIdKey) == "sess-S")

            harness.core.trackIncomingURL(try #require(URL(string: "https://shop.example/other")))
            _ = await harness.sentRequests()
            #expect(harness.core.attributionToken == nil)
            #expect(!store.keys.contains { $0.hasPrefix("com.usebutton.") })
            #expect(store.string(forKey: ButtonStore.firstSeenKey) == "2025-01-15T11:00:00.000Z")

            harness.core.reportEvent("after", properties: nil)
            let requests = await harness.sentRequests()
            #expect(try body(requests[1])["session_id"] == "sess-S")
            #expect(try body(requests[2])["session_id"] == nil)
            #expect(store.string(forKey: ButtonStore.sessionIdKey) == "sess-T")
        }

        @Test func orderReportsApplyTheSessionVerdict() async throws {
            let store = PersistentStore(inMemory: [ButtonStore.attributionTokenKey: .string("srctok-o")])
            let harness = Harness(store: store, transport: InMemoryTransport(responses: [mobileOK(session: .null)]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            try await harness.core.reportOrder(Order(id: "o", purchaseDate: fixedNow, lineItems: []))
            #expect(harness.core.attributionToken == nil)
        }
    }

    /// Spec §3.2.7 pending queue.
    @Suite struct PendingQueueTests {
        @Test func requestsWaitForConfigureThenGoToThePerAppHost() async throws {
            let harness = Harness(environment: .production)
            harness.core.trackIncomingURL(try #require(URL(string: "app://x?btn_ref=srctok-q")))
            harness.core.reportEvent("custom", properties: nil)
            ActivityReporter(core: harness.core).cartViewed(nil)
            #expect(await harness.sentRequests().isEmpty)
            // The token is stored at once even though the event waits.
            #expect(harness.core.attributionToken == "srctok-q")

            harness.core.configure(applicationId: "app-queued", environment: nil)
            let requests = await harness.sentRequests()
            #expect(
                requests.map(\.url.absoluteString) == [
                    "https://app-queued.mobileapi.usebutton.com/v1/app/events",
                    "https://app-queued.mobileapi.usebutton.com/v1/app/events",
                    "https://app-queued.mobileapi.usebutton.com/v1/app/activity",
                ])
            for request in requests { #expect(try body(request)["application_id"] == "app-queued") }
        }

        @Test func anInvalidIdStillFlushesWithoutAppId() async throws {
            let harness = Harness(environment: .production)
            harness.core.reportEvent("custom", properties: nil)
            harness.core.configure(applicationId: "abc", environment: nil)
            let requests = await harness.sentRequests()
            #expect(requests.map(\.url.absoluteString) == ["https://mobileapi.usebutton.com/v1/app/events"])
            #expect(try body(requests.first)["application_id"] == nil)
        }

        @Test func clearAllDataDropsTheQueue() async throws {
            let store = PersistentStore(inMemory: [ButtonStore.firstSeenKey: .string("2025-01-15T11:00:00.000Z")])
            let harness = Harness(store: store)
            harness.core.trackIncomingURL(try #require(URL(string: "app://x?btn_ref=srctok-c")))
            store.set("sess-c", forKey: ButtonStore.sessionIdKey)
            store.set(true, forKey: ButtonStore.postInstallFetchedKey)
            harness.core.clearAllData()
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            #expect(await harness.sentRequests().isEmpty)
            #expect(store.keys == [ButtonStore.firstSeenKey])
        }

        @Test func configureWithAnEnvironmentRedirectsQueuedRequests() async throws {
            let harness = Harness(environment: .production)
            harness.core.reportEvent("custom", properties: nil)
            harness.core.configure(
                applicationId: "app-sandbox",
                environment: .custom(baseURL: try #require(URL(string: "http://localhost:9000/api"))))
            let requests = await harness.sentRequests()
            #expect(requests.map(\.url.absoluteString) == ["http://localhost:9000/api/v1/app/events"])
        }

        /// §2.1: `configure(applicationId:)` uses production, not the environment an earlier call chose.
        @Test func configureWithoutAnEnvironmentGoesBackToProduction() async throws {
            let harness = Harness(environment: .production)
            harness.core.configure(applicationId: "app-sandbox", environment: .custom(baseURL: sandboxURL))
            harness.core.reportEvent("custom", properties: nil)
            _ = await harness.sentRequests()
            harness.core.configure(applicationId: "app-test", environment: nil)
            harness.core.reportEvent("custom", properties: nil)
            let requests = await harness.sentRequests()
            #expect(
                requests.map(\.url.absoluteString) == [
                    "http://127.0.0.1:8080/v1/app/events",
                    "https://app-test.mobileapi.usebutton.com/v1/app/events",
                ])
        }

        @Test func queuedRequestsAreNotRetried() async throws {
            let harness = Harness(transport: InMemoryTransport(responses: [.json(503, "{}")]))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            harness.core.reportEvent("custom", properties: nil)
            #expect(await harness.sentRequests().count == 1)
        }
    }
}
