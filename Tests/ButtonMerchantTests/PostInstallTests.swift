import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.2.3 deferred deep link rules and §6.6 install window.
    @Suite struct PostInstallTests {
        static let match = mobileOK(
            session: "sess-d",
            object: [
                "action": "https://shop.example/p/42", "attribution": ["btn_ref": "srctok-0a1b2c3d4e5f6071"],
            ])

        func configured(
            installedAgo: TimeInterval?, responses: [HTTPResponse] = [match],
            store: PersistentStore = PersistentStore()
        ) -> Harness {
            let harness = Harness(
                installDate: installedAgo.map { fixedNow.addingTimeInterval(-$0) }, store: store,
                transport: InMemoryTransport(responses: responses))
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            return harness
        }

        @Test func justInsideTheWindowMakesTheRequest() async throws {
            let harness = configured(installedAgo: 11 * 3600 + 59 * 60)
            let url = try await harness.core.handlePostInstallURL()
            #expect(url?.absoluteString == "https://shop.example/p/42")
            #expect(harness.core.attributionToken == "srctok-0a1b2c3d4e5f6071")
            #expect(harness.store.bool(forKey: ButtonStore.postInstallFetchedKey))
            #expect(harness.store.string(forKey: ButtonStore.sessionIdKey) == "sess-d")
            let requests = harness.transport.requests
            #expect(requests.map(\.url.absoluteString) == ["http://127.0.0.1:8080/v1/app/deferred-deeplink"])
            // Only the envelope: no device signals.
            #expect(try body(requests.first) == ["application_id": "app-sandbox"])
        }

        @Test(arguments: [12 * 3600.0, 13 * 3600.0, nil])
        func outsideTheWindowNothingIsSent(_ installedAgo: TimeInterval?) async throws {
            let harness = configured(installedAgo: installedAgo)
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.transport.requests.isEmpty)
            #expect(!harness.store.bool(forKey: ButtonStore.postInstallFetchedKey))
        }

        @Test func atMostOncePerInstallEvenWhenTheRequestFails() async throws {
            let harness = configured(installedAgo: 3600, responses: [.json(500, #"{"meta":{"status":"error"}}"#)])
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.store.bool(forKey: ButtonStore.postInstallFetchedKey))
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.transport.requests.count == 1)
        }

        @Test func theFlagIsSetBeforeTheRequest() async throws {
            let store = PersistentStore()
            let flagDuringRequest = Locked<Bool?>(nil)
            let harness = Harness(
                installDate: fixedNow.addingTimeInterval(-60), store: store,
                transport: InMemoryTransport { _ in
                    flagDuringRequest.withLock { $0 = store.bool(forKey: ButtonStore.postInstallFetchedKey) }
                    return Self.match
                })
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            _ = try await harness.core.handlePostInstallURL()
            #expect(flagDuringRequest.current == true)
        }

        @Test func concurrentCallsSendOneRequest() async throws {
            let harness = configured(installedAgo: 3600)
            async let first = harness.core.handlePostInstallURL()
            async let second = harness.core.handlePostInstallURL()
            let urls = try await [first, second]
            #expect(urls.compactMap { $0 }.count == 1)
            #expect(harness.transport.requests.count == 1)
        }

        @Test func anExistingTokenWinsAndTheURLIsDiscarded() async throws {
            let store = PersistentStore(inMemory: [ButtonStore.attributionTokenKey: .string("srctok-mine")])
            let harness = configured(installedAgo: 3600, store: store)
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.core.attributionToken == "srctok-mine")
            #expect(harness.transport.requests.count == 1)
        }

        @Test func anInvalidActionStoresTheTokenAndReturnsNil() async throws {
            let response = mobileOK(object: ["action": "not a url", "attribution": ["btn_ref": "srctok-bad"]])
            let harness = configured(installedAgo: 3600, responses: [response])
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.core.attributionToken == "srctok-bad")
        }

        @Test(arguments: [
            mobileOK(object: .null),
            mobileOK(object: ["action": "https://shop.example/p/42", "attribution": [:]]),
            mobileOK(object: ["action": "https://shop.example/p/42"]),
            mobileOK(object: ["attribution": ["btn_ref": "srctok-x"]]),
            mobileOK(object: ["action": 42, "attribution": ["btn_ref": "srctok-x"]]),
            HTTPResponse.json(200, "not json"),
            HTTPResponse.json(400, #"{"meta":{"status":"error"}}"#),
        ])
        func unusableAnswersGiveNothing(_ response: HTTPResponse) async throws {
            let harness = configured(installedAgo: 3600, responses: [response])
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.core.attributionToken == nil)
            #expect(harness.transport.requests.count == 1)
        }

        @Test func aTransportErrorIsSwallowed() async throws {
            let harness = Harness(
                installDate: fixedNow.addingTimeInterval(-60),
                transport: InMemoryTransport { _ in throw TransportError.timedOut })
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            #expect(try await harness.core.handlePostInstallURL() == nil)
        }

        /// Starts a fetch on an unconfigured core, waits until it is queued, and checks that nothing was sent.
        func fetchWaitingForConfigure(_ harness: Harness) async throws -> Task<URL?, any Error> {
            let queued = TestSignal()
            harness.core.observeQueuedWork { queued.fire() }
            let fetch = Task { try await harness.core.handlePostInstallURL() }
            try await queued.wait()
            #expect(harness.transport.requests.isEmpty)
            #expect(!harness.store.bool(forKey: ButtonStore.postInstallFetchedKey))
            return fetch
        }

        /// Spec §3.2.7: before `configure` the fetch waits in memory, then goes out once configured.
        @Test func beforeConfigureTheFetchWaitsThenRuns() async throws {
            let harness = Harness(
                installDate: fixedNow.addingTimeInterval(-3600),
                transport: InMemoryTransport(responses: [Self.match]))
            let fetch = try await fetchWaitingForConfigure(harness)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            #expect(try await fetch.value?.absoluteString == "https://shop.example/p/42")
            #expect(harness.transport.requests.count == 1)
            #expect(try body(harness.transport.requests.first) == ["application_id": "app-sandbox"])
            #expect(harness.store.bool(forKey: ButtonStore.postInstallFetchedKey))
        }

        @Test func fetchesQueuedBeforeConfigureStillSendOneRequest() async throws {
            let harness = Harness(
                installDate: fixedNow.addingTimeInterval(-3600),
                transport: InMemoryTransport(responses: [Self.match]))
            let first = try await fetchWaitingForConfigure(harness)
            let second = try await fetchWaitingForConfigure(harness)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            let urls = [try await first.value, try await second.value]
            #expect(urls.compactMap { $0 }.count == 1)
            #expect(harness.transport.requests.count == 1)
        }

        @Test func queuedFetchGoesOutInCallOrder() async throws {
            let harness = Harness(
                installDate: fixedNow.addingTimeInterval(-3600),
                transport: InMemoryTransport(responses: [mobileOK(), Self.match]))
            harness.core.reportEvent("before-fetch", properties: nil)
            let fetch = try await fetchWaitingForConfigure(harness)
            harness.core.reportEvent("after-fetch", properties: nil)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            _ = try await fetch.value
            let paths = await harness.sentRequests().map(\.url.path)
            #expect(paths == ["/v1/app/events", "/v1/app/deferred-deeplink", "/v1/app/events"])
        }

        @Test func outsideTheWindowAnUnconfiguredFetchAnswersAtOnce() async throws {
            let harness = Harness(installDate: fixedNow.addingTimeInterval(-13 * 3600))
            #expect(try await harness.core.handlePostInstallURL() == nil)
            #expect(harness.transport.requests.isEmpty)
        }

        @Test func clearAllDataReleasesAWaitingFetchWithNothing() async throws {
            let harness = Harness(installDate: fixedNow.addingTimeInterval(-3600))
            let fetch = try await fetchWaitingForConfigure(harness)
            harness.core.clearAllData()
            #expect(try await fetch.value == nil)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            #expect(await harness.sentRequests().isEmpty)
        }

        /// J6 step 2: a configure without a valid id fails the waiting fetch, and any later one, without
        /// using up the once-per-install flag.
        @Test func noApplicationIdLeavesTheFlagUnset() async throws {
            let harness = Harness(installDate: fixedNow.addingTimeInterval(-3600))
            let waiting = try await fetchWaitingForConfigure(harness)
            harness.core.configure(applicationId: "abc", environment: nil)
            await #expect(throws: ButtonMerchantError.noApplicationId) { try await waiting.value }
            await #expect(throws: ButtonMerchantError.noApplicationId) { try await harness.core.handlePostInstallURL() }
            #expect(!harness.store.bool(forKey: ButtonStore.postInstallFetchedKey))
            #expect(harness.transport.requests.isEmpty)
        }

        @Test func installWindowBoundary() {
            #expect(InstallDate.isNewInstall(installedAt: fixedNow.addingTimeInterval(-43_199), now: fixedNow))
            #expect(!InstallDate.isNewInstall(installedAt: fixedNow.addingTimeInterval(-43_200), now: fixedNow))
            #expect(!InstallDate.isNewInstall(installedAt: nil, now: fixedNow))
        }

        @Test func linuxFirstSeenIsWrittenOnceOnFirstRead() throws {
            let store = ButtonStore(store: PersistentStore())
            #expect(store.store.string(forKey: ButtonStore.firstSeenKey) == nil)
            #expect(store.firstSeen(now: fixedNow) == fixedNow)
            let written = try #require(store.store.string(forKey: ButtonStore.firstSeenKey))
            #expect(ISO8601.parse(written) == fixedNow)
            #expect(store.firstSeen(now: fixedNow.addingTimeInterval(86_400)) == fixedNow)
            #if !canImport(Darwin)
            #expect(InstallDate.platform.resolve(store: store, now: fixedNow.addingTimeInterval(5)) == fixedNow)
            #endif
        }
    }
}
