import Buy
import CommerceCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
            if case .http(statusCode: 503)? = failed.error {
            } else {
                Issue.record("expected 503, got \(String(describing: failed.error))")
            }
            #expect(try await client.query(shopNameQuery()).shop.name == "Sandbox Shoes")
        }
    }

    @Test func droppedConnectionIsARequestErrorThatARetryHandlerRecovers() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            // Without a handler the app sees the lost connection as a transport error: no status, no body.
            try await harness.simulate(["failNext": ["count": 1, "dropConnection": true]])
            let lost = await client.queryResponse(shopNameQuery())
            #expect(lost.model == nil)
            if case .request(error: _)? = lost.error {
            } else {
                Issue.record("expected .request, got \(String(describing: lost.error))")
            }

            try await harness.simulate(["failNext": ["count": 1, "dropConnection": true]])
            var seen: [Graph.QueryError?] = []
            let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2), interval: 0.005) { _, error in
                seen.append(error)
                return error != nil
            }
            #expect(try await client.query(shopNameQuery(), retryHandler: handler).shop.name == "Sandbox Shoes")
            #expect(seen.count == 2)
            if case .request(error: _)?? = seen.first {
            } else {
                Issue.record("expected .request first, got \(String(describing: seen.first))")
            }
            #expect(seen.last.map { $0 == nil } == true)
            // The sandbox ran each dropped request before closing the connection; its log keeps the lost 200s.
            #expect(try await Self.lastStatuses(harness, 3) == [200, 200, 200])
        }
    }

    @Test func droppedMutationIsCommittedBeforeTheConnectionCloses() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            let signUp = StorefrontCustomers.create(.create(email: "lost.answer@example.com", password: "abcdef"))
            try await harness.simulate(["failNext": ["count": 1, "dropConnection": true]])
            let lost = await client.mutateResponse(signUp)
            #expect(lost.model == nil)
            if case .request(error: _)? = lost.error {
            } else {
                Issue.record("expected .request, got \(String(describing: lost.error))")
            }
            // A blind resend of a non-idempotent mutation meets the committed first attempt.
            let again = try await client.mutate(signUp)
            #expect(StorefrontCustomers.codes(again.customerCreate?.customerUserErrors) == ["TAKEN input.email"])
        }
    }

    @Test func theServerKeepsServingAfterADrop() async throws {
        try await SandboxHarness.with { harness async throws in
            try await harness.simulate(["failNext": ["count": 1, "dropConnection": true]])
            let headers: HTTPHeaders = [
                "X-Shopify-Storefront-Access-Token": "sandbox-storefront-token",
                "Content-Type": "application/json",
            ]
            let query = Data(#"{"query":"query {shop{name}}"}"#.utf8)
            await #expect(throws: (any Error).self) {
                try await harness.raw(.post, "/api/2021-10/graphql", body: query, headers: headers)
            }
            // A client with its own session must open a new connection: the listener still accepts and answers.
            let fresh = URLSessionTransport(
                session: URLSession(configuration: URLSessionTransport.withoutCookies(.ephemeral)))
            let url = try #require(URL(string: harness.baseURL.absoluteString + "/api/2021-10/graphql"))
            let answer = try await fresh.send(HTTPRequest(method: .post, url: url, headers: headers, body: query))
            #expect(answer.statusCode == 200)
            #expect(try JSONValue.parse(answer.body)["data"]?["shop"]?["name"] == "Sandbox Shoes")
            // And the harness's own session, whose connection was the one dropped, reconnects too.
            #expect(try await harness.call(.get, "/sandbox/health").status == 200)
        }
    }

    @Test func retryHandlerGivesUpAtItsEndurance() async throws {
        try await SandboxHarness.with { harness async throws in
            try await harness.simulate(["failNext": ["count": 3, "status": 500]])
            let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(1), interval: 0.005) { _, error in
                error != nil
            }
            let response = await harness.storefrontClient().queryResponse(shopNameQuery(), retryHandler: handler)
            #expect(response.model == nil)
            if case .http(statusCode: 500)? = response.error {
            } else {
                Issue.record("expected 500, got \(String(describing: response.error))")
            }
            #expect(try await Self.lastStatuses(harness, 10) == [500, 500])
        }
    }

    @Test func seedCallbackFormRetriesToo() async throws {
        try await SandboxHarness.with { harness async throws in
            try await harness.simulate(["failNext": ["count": 1, "status": 502]])
            let client = harness.storefrontClient()
            let name: String? = await withCheckedContinuation { continuation in
                let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2), interval: 0.005) {
                    _, error in error != nil
                }
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
            _ = try await client.query(shopNameQuery())  // a clean answer is cached

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

            let whileThrottled = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(3), interval: 0.005) {
                _, error in
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
