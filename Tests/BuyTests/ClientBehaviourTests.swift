import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Spec §6.4 and §3.5–§3.6: cache policies, retry handlers and task lifecycle, over an in-memory transport.
@Suite struct ClientBehaviourTests {
    private func primed(clock: TestClock, directory: URL = TestDirectories.make("BuyTests"), locale: Locale? = nil)
        async throws
        -> (Graph.Client, InMemoryTransport)
    {
        let transport = InMemoryTransport(responses: [shopResponse("Cached")])
        let client = makeClient(transport: transport, clock: clock, locale: locale, cacheDirectory: directory)
        _ = try await client.query(shopNameQuery())
        transport.respond { _ in shopResponse("Fresh") }
        return (client, transport)
    }

    @Test func b1CacheFirstHitWithinExpiry() async throws {
        let clock = TestClock()
        let (client, transport) = try await primed(clock: clock)
        clock.advance(30)
        let result = await callbackResult {
            client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60), completionHandler: $0)
        }
        #expect(result.0?.shop.name == "Cached")
        #expect(result.1 == nil)
        #expect(transport.requests.count == 1)
    }

    @Test func b2CacheFirstExpiredItemIsDeletedAndNetworkUsed() async throws {
        let clock = TestClock()
        let directory = TestDirectories.make("BuyTests")
        let (client, transport) = try await primed(clock: clock, directory: directory)
        clock.advance(60)
        let result = try await client.query(shopNameQuery(), cachePolicy: .cacheFirst(expireIn: 60))
        #expect(result.shop.name == "Fresh")
        #expect(transport.requests.count == 2)
        // The fresh answer replaced the expired one.
        #expect(try await client.query(shopNameQuery(), cachePolicy: .cacheOnly).shop.name == "Fresh")
    }

    @Test func b3B4NetworkFirstFallsBackOnlyToValidItems() async throws {
        let clock = TestClock()
        let (client, transport) = try await primed(clock: clock)
        transport.respond { _ in throw TransportError.connectionFailed("down") }
        clock.advance(30)
        let fallback = await client.queryResponse(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
        #expect(fallback.model?.shop.name == "Cached")
        #expect(fallback.error == nil)
        clock.advance(60)
        let stale = await client.queryResponse(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
        #expect(stale.model == nil)
        if case .request? = stale.error {} else { Issue.record("expected .request") }
    }

    @Test func networkFirstPrefersTheNetwork() async throws {
        let (client, _) = try await primed(clock: TestClock())
        #expect(try await client.query(shopNameQuery(), cachePolicy: .networkFirst).shop.name == "Fresh")
    }

    @Test func b5CacheOnlyMissNeverTouchesNetwork() async {
        let transport = InMemoryTransport(responses: [shopResponse()])
        let client = makeClient(transport: transport)
        let result = await callbackResult {
            client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly, completionHandler: $0)
        }
        #expect(result.0 == nil)
        if case .cacheMiss? = result.1 {} else { Issue.record("expected .cacheMiss") }
        await #expect(throws: Graph.QueryError.self) {
            try await client.query(shopNameQuery(), cachePolicy: .cacheOnly)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func b6RetryHandlerSkipsTheCache() async throws {
        let (client, transport) = try await primed(clock: TestClock())
        let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(1)) { _, _ in false }
        let result = try await client.query(shopNameQuery(), cachePolicy: .cacheOnly, retryHandler: handler)
        #expect(result.shop.name == "Fresh")
        #expect(transport.requests.count == 2)
    }

    @Test func b7FiniteRetryCountsAndDeliversLastResponse() async throws {
        let counter = Counter()
        let transport = InMemoryTransport { _ in
            counter.increment()
            return shopResponse("attempt \(counter.value)")
        }
        let conditionCalls = Counter()
        let clock = TestClock()
        let client = makeClient(transport: transport, clock: clock, sleep: clock.sleep)
        let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(3), interval: 0.05) { _, _ in
            conditionCalls.increment()
            return true
        }
        let result = await callbackResult {
            client.queryGraphWith(shopNameQuery(), retryHandler: handler, completionHandler: $0)
        }
        #expect(result.0?.shop.name == "attempt 4")
        #expect(transport.requests.count == 4)
        #expect(conditionCalls.value == 3)
        #expect(clock.sleeps == Array(repeating: .milliseconds(50), count: 3))
        #expect(Set(transport.requests.map { $0.headers["X-Query-Tag"] ?? "" }).count == 1)
    }

    @Test func retryStopsWhenConditionClearsAndFiniteZeroNeverAsks() async throws {
        let transport = InMemoryTransport(responses: [.json(503, ""), .json(503, ""), shopResponse("ok")])
        let client = makeClient(transport: transport)
        let polling = Graph.RetryHandler<Storefront.QueryRoot>(interval: -1) { _, error in error != nil }
        #expect(try await client.query(shopNameQuery(), retryHandler: polling).shop.name == "ok")
        #expect(transport.requests.count == 3)

        let asked = Counter()
        let never = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(0)) { _, _ in
            asked.increment()
            return true
        }
        #expect(!never.canRetry)
        _ = await client.queryResponse(shopNameQuery(), retryHandler: never)
        #expect(asked.value == 0)
    }

    @Test func noAutomaticRetriesOn5xx() async {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        let client = makeClient(transport: transport)
        let result = await client.queryResponse(shopNameQuery())
        if case .http(503)? = result.error {} else { Issue.record("expected 503") }
        #expect(transport.requests.count == 1)
    }

    @Test func b8CancelRightAfterResumeOrDuringRetryWait() async throws {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        // The retry wait ends only when cancelled: the clock is never advanced.
        let client = makeClient(transport: transport, sleep: TestClock(mode: .suspending).sleep)
        let called = Counter()
        let released = TestSignal()
        do {
            let marker = ReleaseMarker(released)
            let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 5) { _, error in
                error != nil
            }
            let task = client.queryGraphWith(shopNameQuery(), retryHandler: handler) { _, _ in
                _ = marker
                called.increment()
            }
            task.resume()
            try await transport.waitForRequests()
            task.cancel()
        }
        // The client lets go of the request once the work serving it has ended, which only the cancellation can do.
        try await released.wait()
        // A marker delivered after any pending callback on the same serial queue.
        await withCheckedContinuation { continuation in client.callbackQueue.async { continuation.resume() } }
        #expect(called.value == 0)
        #expect(transport.requests.count == 1)

        let early = client.queryGraphWith(shopNameQuery()) { _, _ in called.increment() }
        early.cancel()
        early.resume()
        await withCheckedContinuation { continuation in client.callbackQueue.async { continuation.resume() } }
        #expect(transport.requests.count == 1)
        #expect(called.value == 0)
    }

    @Test func asyncCancellationThrowsCancelled() async throws {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        // The retry wait ends only when cancelled: the clock is never advanced.
        let client = makeClient(transport: transport, sleep: TestClock(mode: .suspending).sleep)
        let handler = Graph.RetryHandler<Storefront.QueryRoot> { _, error in error != nil }
        let box = Graph.Unchecked(value: handler)
        let work = Task { () -> Graph.QueryError? in
            await client.queryResponse(shopNameQuery(), retryHandler: box.value).error
        }
        try await transport.waitForRequests()
        work.cancel()
        let error = try await finished(work)
        if case .cancelled? = error {} else { Issue.record("expected .cancelled, got \(String(describing: error))") }
        #expect(transport.requests.count == 1)
    }

    @Test func b9ResumeTwiceSendsOnce() async {
        let transport = InMemoryTransport(responses: [shopResponse()])
        let client = makeClient(transport: transport)
        let calls = Counter()
        let result = await callbackResult { completion in
            let task = client.queryGraphWith(shopNameQuery()) { model, error in
                calls.increment()
                completion(model, error)
            }
            task.resume()
            return task
        }
        #expect(result.0?.shop.name == "My Shop")
        #expect(transport.requests.count == 1)
        #expect(calls.value == 1)
    }

    @Test func nothingHappensBeforeResume() async throws {
        let transport = InMemoryTransport(responses: [shopResponse()])
        let client = makeClient(transport: transport)
        let released = TestSignal()
        do {
            let marker = ReleaseMarker(released)
            _ = client.queryGraphWith(shopNameQuery()) { _, _ in _ = marker }
        }
        // Dropped without `resume()`: nothing started holds the request, so it is let go of at once, and nothing
        // was sent. Work started early would hold it until its request had been answered.
        try await released.wait()
        #expect(transport.requests.isEmpty)
    }

    @Test func b10LocaleSeparatesCacheEntries() async throws {
        let directory = TestDirectories.make("BuyTests")
        let clock = TestClock()
        _ = try await primed(clock: clock, directory: directory, locale: Locale(identifier: "en_US"))
        let french = makeClient(
            transport: InMemoryTransport(responses: [shopResponse()]), clock: clock,
            locale: Locale(identifier: "fr_CA"), cacheDirectory: directory)
        let miss = await french.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = miss.error {} else { Issue.record("expected .cacheMiss") }
        let english = makeClient(
            transport: InMemoryTransport(), clock: clock, locale: Locale(identifier: "en_US"), cacheDirectory: directory
        )
        #expect(try await english.query(shopNameQuery(), cachePolicy: .cacheOnly).shop.name == "Cached")
    }

    @Test func b11PurgeRemovesBothTiersAndTheDirectory() async throws {
        let directory = TestDirectories.make("BuyTests")
        let (client, _) = try await primed(clock: TestClock(), directory: directory)
        let shopDirectory = try #require(client.cache.directory)
        #expect(FileManager.default.fileExists(atPath: shopDirectory.path))
        client.purgeCache()
        #expect(!FileManager.default.fileExists(atPath: shopDirectory.path))
        let result = await client.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = result.error {} else { Issue.record("expected .cacheMiss") }
    }

    @Test func diskTierSurvivesMemoryPurgeAndRemoveDeletesOneKey() async throws {
        let (client, _) = try await primed(clock: TestClock())
        client.purgeMemoryCache()
        #expect(try await client.query(shopNameQuery(), cachePolicy: .cacheOnly).shop.name == "Cached")
        client.removeCachedResponse(for: shopNameQuery())
        let result = await client.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = result.error {} else { Issue.record("expected .cacheMiss") }
    }

    @Test func b13CacheFilesAndPermissions() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000.5))
        let (client, _) = try await primed(clock: clock)
        let directory = try #require(client.cache.directory)
        let key = client.cacheKey(for: Graph.RequestBody(document: shopNameQuery().description))
        let body = try Data(contentsOf: directory.appendingPathComponent(key))
        #expect(body == Data(#"{"data":{"shop":{"name":"Cached"}}}"#.utf8))
        let meta = try JSONValue.parse(Data(contentsOf: directory.appendingPathComponent(key + ".meta")))
        #expect(meta["hash"]?.stringValue == key)
        #expect(meta["timestamp"]?.doubleValue == 1_700_000_000.5)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(key).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((directoryAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test func failedOrPartialAnswersAreNotCached() async throws {
        let transport = InMemoryTransport(responses: [
            .json(200, #"{"data":{"shop":{"name":"A"}},"errors":[{"message":"partial"}]}"#)
        ])
        let client = makeClient(transport: transport)
        _ = await client.queryResponse(shopNameQuery())
        let result = await client.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = result.error {} else { Issue.record("expected .cacheMiss") }
    }

    @Test func clientWidePolicyAppliesAndPerRequestOverrides() async throws {
        let (client, transport) = try await primed(clock: TestClock())
        client.cachePolicy = .cacheFirst
        #expect(client.cachePolicy == .cacheFirst(expireIn: 3600))
        #expect(try await client.query(shopNameQuery()).shop.name == "Cached")
        #expect(try await client.query(shopNameQuery(), cachePolicy: .networkOnly).shop.name == "Fresh")
        #expect(transport.requests.count == 2)
    }

    @Test func b12QueryTagIsStableAcrossBuilds() {
        let tags = Set(
            (0..<100).map { _ in Graph.RequestBody(document: SpecDocuments.q7().description).queryTag })
        #expect(tags == ["8de8fcdadc637443342629a4a66eac6f7fc875a92805e2c048edb41c3bfc7c5a"])
    }

    @Test func callbacksRunOnTheCallbackQueue() async {
        let queue = DispatchQueue(label: "custom.callbacks")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let client = Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "tok", environment: .production,
            transport: InMemoryTransport(responses: [shopResponse()]), cacheDirectory: TestDirectories.make("BuyTests"),
            callbackQueue: queue)
        let onQueue: Bool = await withCheckedContinuation { continuation in
            client.queryGraphWith(shopNameQuery(), cachePolicy: .cacheOnly) { _, _ in
                continuation.resume(returning: DispatchQueue.getSpecific(key: key) == 7)
            }.resume()
        }
        #expect(onQueue)
    }

    @Test func throwingQueryReportsErrorsThatCameWithData() async {
        // The async `query` has no second channel: a partial answer is an error, not a model.
        let transport = InMemoryTransport(responses: [
            .json(
                200,
                #"{"data":{"shop":{"name":"A"}},"errors":[{"message":"partial","extensions":{"code":"THROTTLED"}}]}"#)
        ])
        let client = makeClient(transport: transport)
        do {
            let model = try await client.query(shopNameQuery())
            Issue.record("expected .invalidQuery, got a model for \(model.shop.name)")
        } catch {
            guard case .invalidQuery(let reasons) = error else {
                Issue.record("expected .invalidQuery, got \(error)")
                return
            }
            #expect(reasons.map(\.message) == ["partial"])
            #expect(reasons.first?.code == "THROTTLED")
        }
    }

    @Test func throwingFormsThrowCancelled() async throws {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        // The retry waits end only when cancelled: the clock is never advanced.
        let client = makeClient(transport: transport, sleep: TestClock(mode: .suspending).sleep)
        let queryHandler = Graph.Unchecked(value: Graph.RetryHandler<Storefront.QueryRoot> { _, error in error != nil })
        let mutationHandler = Graph.Unchecked(
            value: Graph.RetryHandler<Storefront.Mutation> { _, error in error != nil })
        let query = Task { () -> Graph.QueryError? in
            do {
                _ = try await client.query(shopNameQuery(), retryHandler: queryHandler.value)
                return nil
            } catch { return error as? Graph.QueryError }
        }
        try await transport.waitForRequests(1)
        query.cancel()
        let queryError = try await finished(query)
        if case .cancelled? = queryError {
        } else {
            Issue.record("query: expected .cancelled, got \(String(describing: queryError))")
        }

        let mutation = Task { () -> Graph.QueryError? in
            let document = Storefront.buildMutation {
                $0.customerAccessTokenDelete(customerAccessToken: "t") { $0.deletedAccessToken() }
            }
            do {
                _ = try await client.mutate(document, retryHandler: mutationHandler.value)
                return nil
            } catch { return error as? Graph.QueryError }
        }
        try await transport.waitForRequests(2)
        mutation.cancel()
        let mutationError = try await finished(mutation)
        if case .cancelled? = mutationError {
        } else {
            Issue.record("mutate: expected .cancelled, got \(String(describing: mutationError))")
        }
        #expect(transport.requests.count == 2)
    }

    @Test func retriedQueryCachesOnlyTheDeliveredAnswer() async throws {
        // Polling: three good answers, the handler retries until the name is "final"; only that one is stored.
        let transport = InMemoryTransport(responses: [
            shopResponse("polling 1"), shopResponse("polling 2"), shopResponse("final"),
        ])
        let client = makeClient(transport: transport)
        let untilFinal = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(5)) { model, _ in
            model?.shop.name != "final"
        }
        #expect(try await client.query(shopNameQuery(), retryHandler: untilFinal).shop.name == "final")
        #expect(transport.requests.count == 3)
        #expect(try await client.query(shopNameQuery(), cachePolicy: .cacheOnly).shop.name == "final")

        // A good answer followed by a failure that is delivered: the good one must not be cached either.
        let other = InMemoryTransport(responses: [shopResponse("good"), .json(503, "")])
        let failing = makeClient(transport: other)
        let once = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(1)) { _, _ in true }
        let delivered = await failing.queryResponse(shopNameQuery(), retryHandler: once)
        if case .http(503)? = delivered.error {
        } else {
            Issue.record("expected the delivered 503, got \(String(describing: delivered.error))")
        }
        let cached = await failing.queryResponse(shopNameQuery(), cachePolicy: .cacheOnly)
        if case .cacheMiss? = cached.error {
        } else {
            Issue.record("expected .cacheMiss, got \(String(describing: cached.model?.shop.name))")
        }
    }
}
