import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J6 step 8: cancelling a request while its retry handler waits stops it — no further request,
/// no callback (callback form), `.cancelled` (async form). The cancel happens inside the condition, so
/// the test needs no timing.
@Suite struct StorefrontCancellationJourneyTests {
    /// Holds the task so the retry condition, which runs on the callback queue, can cancel it.
    private final class TaskBox: Sendable {
        private let state = Locked<(task: (any GraphTask)?, delivered: Bool)>((nil, false))
        func set(_ task: any GraphTask) { state[\.task] = task }
        func cancel() { state[\.task]?.cancel() }
        func markDelivered() { state[\.delivered] = true }
        var wasDelivered: Bool { state[\.delivered] }
    }

    @Test func asyncRequestCancelledDuringRetryThrowsCancelled() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            try await harness.simulate(["failNext": ["count": 5, "status": 503]])
            let before = try await harness.storefrontRequestCount()
            let response = await Task {
                let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 0.005) {
                    _, error in
                    // The condition runs on the requesting task: cancel it, as a screen going away would.
                    withUnsafeCurrentTask { $0?.cancel() }
                    return error != nil
                }
                return await client.queryResponse(shopNameQuery(), retryHandler: handler)
            }.value
            #expect(response.model == nil)
            if case .cancelled? = response.error {
            } else {
                Issue.record("expected .cancelled, got \(String(describing: response.error))")
            }
            let after = try await harness.storefrontRequestCount()
            #expect(after - before == 1)
        }
    }

    @Test func callbackTaskCancelledDuringRetryNeverCallsBack() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            // One fault: if cancel() did not stop the retry, the retry would succeed and call back.
            try await harness.simulate(["failNext": ["count": 1, "status": 503]])
            let before = try await harness.storefrontRequestCount()
            let box = TaskBox()
            await withCheckedContinuation { (asked: CheckedContinuation<Void, Never>) in
                let handler = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .infinite, interval: 0.005) {
                    _, error in
                    box.cancel()
                    asked.resume()
                    return error != nil
                }
                let task = client.queryGraphWith(shopNameQuery(), retryHandler: handler) { _, _ in box.markDelivered() }
                box.set(task)
                task.resume()
            }
            // A later request on the same client still works and is the only other request logged.
            #expect(try await client.query(shopNameQuery()).shop.name == "Sandbox Shoes")
            let after = try await harness.storefrontRequestCount()
            #expect(after - before == 2)
            #expect(!box.wasDelivered)
        }
    }
}
