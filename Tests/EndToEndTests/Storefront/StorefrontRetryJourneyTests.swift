import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J6 steps 3–5: faults injected with the sandbox's `failNext` and what `Graph.RetryHandler`
/// and the cache make of them. Buy never retries by itself, so every retry here is the app's handler.
@Suite struct StorefrontRetryJourneyTests {
    /// Statuses of the newest `count` GraphQL requests, after checking Buy tagged each body correctly.
    private static func lastStatuses(_ harness: SandboxHarness, _ count: Int) async throws -> [Int64?] {
        let entries = try await harness.storefrontRequests().suffix(count)
        #expect(entries.allSatisfy { $0["queryTag"]?.stringValue == "match" })
        return entries.map { $0["status"]?.integerValue }
    }

    @Test func serverErrorsAreRecoveredByARetryHandler() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            try await harness.simulate(["failNext": ["count": 2, "status": 503]])
            var conditionCalls = 0
            let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(3), interval: 0.005) { _, error in
                conditionCalls += 1
                return error != nil
            }
            #expect(try await client.query(shopNameQuery(), retryHandler: handler).shop.name == "Sandbox Shoes")
            #expect(conditionCalls == 3)
            #expect(try await Self.lastStatuses(harness, 10) == [503, 503, 200])

            // Without a handler the same fault reaches the app as the HTTP status, once.
            try await harness.simulate(["failNext": ["count": 1, "status": 503]])
            let failed = await client.queryResponse(shopNameQuery())
            #expect(failed.model == nil)
            if case .http(statusCode: 503)? = failed.error {} else { Issue.record("expected 503, got \(String(describing: failed.error))") }
            #expect(try await client.query(shopNameQuery()).shop.name == "Sandbox Shoes")
        }
    }

    @Test func retryHandlerGivesUpAtItsEndurance() async throws {
        try await SandboxHarness.with { harness async throws in
            try await harness.simulate(["failNext": ["count": 3, "status": 500]])
            let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(1), interval: 0.005) { _, error in error != nil }
            let response = await harness.storefrontClient().queryResponse(shopNameQuery(), retryHandler: handler)
            #expect(response.model == nil)
            if case .http(statusCode: 500)? = response.error {} else { Issue.record("expected 500, got \(String(describing: response.error))") }
            #expect(try await Self.lastStatuses(harness, 10) == [500, 500])
        }
    }

    @Test func seedCallbackFormRetriesToo() async throws {
        try await SandboxHarness.with { harness async throws in
            try await harness.simulate(["failNext": ["count": 1, "status": 502]])
            let client = harness.storefrontClient()
            let name: String? = await withCheckedContinuation { continuation in
                let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2), interval: 0.005) { _, error in error != nil }
                client.queryGraphWith(shopNameQuery(), retryHandler: handler) { response, _ in
                    continuation.resume(returning: response?.shop.name)
                }.resume()
            }
            #expect(name == "Sandbox Shoes")
            #expect(try await Self.lastStatuses(harness, 10) == [502, 200])
        }
    }

    @Test func networkFirstFallsBackToTheCacheOnAServerError() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            _ = try await client.query(shopNameQuery())          // a clean answer is cached

            try await harness.simulate(["failNext": ["count": 1, "status": 502]])
            let fallback = await client.queryResponse(shopNameQuery(), cachePolicy: .networkFirst(expireIn: 60))
            #expect(fallback.model?.shop.name == "Sandbox Shoes")
            #expect(fallback.error == nil)

            // The network was tried first; with `.networkOnly` the same fault is the app's error.
            try await harness.simulate(["failNext": ["count": 1, "status": 502]])
            let networkOnly = await client.queryResponse(shopNameQuery(), cachePolicy: .networkOnly)
            #expect(networkOnly.model == nil)
            #expect(try await Self.lastStatuses(harness, 3) == [200, 502, 502])
        }
    }

    @Test func throttlingIsRetriedByTheApp() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            // GraphQL-level throttling: a 200 whose error has code THROTTLED.
            try await harness.simulate(["failNext": ["count": 2, "graphQLErrorCode": "THROTTLED"]])
            let throttled = await client.queryResponse(shopNameQuery())
            #expect(throttled.model == nil)
            guard case .invalidQuery(let reasons)? = throttled.error else {
                Issue.record("expected .invalidQuery, got \(String(describing: throttled.error))")
                return
            }
            #expect(reasons == [Graph.QueryError.Reason(message: "Throttled", code: "THROTTLED")])

            let whileThrottled = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(3), interval: 0.005) { _, error in
                guard case .invalidQuery(let reasons)? = error else { return false }
                return reasons.contains { $0.code == "THROTTLED" }
            }
            #expect(try await client.query(shopNameQuery(), retryHandler: whileThrottled).shop.name == "Sandbox Shoes")
            #expect(try await Self.lastStatuses(harness, 10) == [200, 200, 200])

            // HTTP-level throttling: 429 with Retry-After.
            try await harness.simulate(["failNext": ["count": 1, "status": 429]])
            let on429 = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2), interval: 0.005) { _, error in
                if case .http(statusCode: 429)? = error { return true }
                return false
            }
            #expect(try await client.query(shopNameQuery(), retryHandler: on429).shop.name == "Sandbox Shoes")
            #expect(try await Self.lastStatuses(harness, 2) == [429, 200])
        }
    }
}
