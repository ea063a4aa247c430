import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// J6 step 8 with the real retry wait: cancelling while a retry waits stops everything at once.
@Suite struct RetryCancellationTests {
    /// A client with the public initialiser, so the retry wait is a real `Task.sleep`.
    private func realClient(_ transport: InMemoryTransport) -> Graph.Client {
        Graph.Client(
            shopDomain: "sandbox-shoes.myshopify.com", apiKey: "tok",
            environment: .custom(baseURL: URL(string: "http://127.0.0.1:9")!), transport: transport,
            cacheDirectory: TestDirectories.make("BuyTests"),
            callbackQueue: DispatchQueue(label: "RetryCancellationTests"))
    }

    @Test func cancelDuringTheRetryWaitSendsNothingMoreAndNeverCallsBack() async throws {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        let client = realClient(transport)
        let calls = Counter()
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 0.5) { _, error in
            error != nil
        }
        let task = client.queryGraphWith(shopNameQuery(), retryHandler: retry) { _, _ in calls.increment() }
        task.resume()
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(transport.requests.count == 1)
        task.cancel()
        try await Task.sleep(nanoseconds: 1_200_000_000)
        await withCheckedContinuation { continuation in client.callbackQueue.async { continuation.resume() } }
        #expect(calls.value == 0)
        #expect(transport.requests.count == 1)
    }

    @Test func cancellingTheSwiftTaskEndsTheWaitPromptly() async throws {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        let client = realClient(transport)
        let retry = Graph.Unchecked(
            value: Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 60) { _, error in
                error != nil
            })
        let work = Task { () -> (Graph.QueryError?, Date) in
            do throws(Graph.QueryError) {
                _ = try await client.query(shopNameQuery(), retryHandler: retry.value)
                return (nil, Date())
            } catch {
                return (error, Date())
            }
        }
        // Cancel only once the first attempt went out, so the task is in its retry wait (a fixed pause could
        // fire before a starved task sent anything).
        for _ in 0..<600 where transport.requests.isEmpty { try await Task.sleep(nanoseconds: 50_000_000) }
        try await Task.sleep(nanoseconds: 100_000_000)
        let cancelledAt = Date()
        work.cancel()
        let (error, endedAt) = await work.value
        if case .cancelled? = error {} else { Issue.record("expected .cancelled, got \(String(describing: error))") }
        // The minute-long wait was abandoned, not sat out. The bound is far from both sides: a loaded parallel
        // run can delay the cancelled task by seconds, and a wait that ignored cancellation would take 60.
        #expect(endedAt.timeIntervalSince(cancelledAt) < 30)
        #expect(transport.requests.count == 1)
    }
}
