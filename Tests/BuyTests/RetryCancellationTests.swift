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
        let retrying = TestSignal()
        let released = TestSignal()
        do {
            let marker = ReleaseMarker(released)
            let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 3600) { _, error in
                retrying.fire()
                return error != nil
            }
            let task = client.queryGraphWith(shopNameQuery(), retryHandler: retry) { _, _ in
                _ = marker
                calls.increment()
            }
            task.resume()
            // The first answer failed and the handler chose to repeat: the client now waits an hour, for real.
            try await retrying.wait()
            #expect(transport.requests.count == 1)
            task.cancel()
        }
        // The client lets go of the request when the work serving it ends; a wait that ignored the cancellation
        // would hold it for the hour (and the signal's deadline fails the test).
        try await released.wait()
        await withCheckedContinuation { continuation in client.callbackQueue.async { continuation.resume() } }
        #expect(calls.value == 0)
        #expect(transport.requests.count == 1)
        #expect(retrying.count == 1)
    }

    @Test func cancellingTheSwiftTaskEndsTheWaitPromptly() async throws {
        let transport = InMemoryTransport(responses: [.json(503, "")])
        let client = realClient(transport)
        let retrying = TestSignal()
        let retry = Graph.Unchecked(
            value: Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 3600) { _, error in
                retrying.fire()
                return error != nil
            })
        let work = Task { () -> Graph.QueryError? in
            do throws(Graph.QueryError) {
                _ = try await client.query(shopNameQuery(), retryHandler: retry.value)
                return nil
            } catch {
                return error
            }
        }
        // Cancel once the first attempt failed and the handler chose to repeat: the task is in its hour-long wait.
        try await retrying.wait()
        work.cancel()
        // The wait was abandoned, not sat out: sitting it out would take the hour (the deadline fails the test).
        let error = try await finished(work)
        if case .cancelled? = error {} else { Issue.record("expected .cancelled, got \(String(describing: error))") }
        #expect(transport.requests.count == 1)
    }
}
