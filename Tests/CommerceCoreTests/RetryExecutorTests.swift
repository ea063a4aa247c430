import CommerceCore
import CommerceTesting
import Foundation
import Testing

@Suite struct RetryExecutorTests {
    private let url = URL(fileURLWithPath: "/")

    /// The clock records the requested sleeps instead of waiting.
    private func executor(_ policy: RetryPolicy, clock: TestClock, random: Double = 0.5) -> RetryExecutor {
        RetryExecutor(policy: policy, sleep: clock.sleep, random: { random })
    }

    @Test func retriesTransientStatusesOfIdempotentRequestsWithBackoff() async throws {
        let transport = InMemoryTransport(responses: [
            .init(statusCode: 503), .init(statusCode: 502), .init(statusCode: 200),
        ])
        let clock = TestClock()
        let outcome = await executor(.standard, clock: clock).run(HTTPRequest(method: .get, url: url), on: transport)
        #expect(try outcome.result.get().statusCode == 200)
        #expect(outcome.attempts == 3)
        #expect(outcome.hadAmbiguousAttempt)
        #expect(clock.sleeps == [.milliseconds(250), .milliseconds(500)])
    }

    @Test func neverRetriesAPlainPost() async {
        let transport = InMemoryTransport(responses: [.init(statusCode: 503), .init(statusCode: 200)])
        let outcome = await executor(.standard, clock: TestClock()).run(
            HTTPRequest(method: .post, url: url), on: transport)
        #expect(outcome.attempts == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func retriesAPostWithAnIdempotencyKeyOrExplicitPermission() async {
        for request in [
            HTTPRequest(method: .post, url: url, headers: ["Idempotency-Key": "k1"]),
            HTTPRequest(method: .post, url: url, allowsRetry: true),
        ] {
            let transport = InMemoryTransport(responses: [.init(statusCode: 500), .init(statusCode: 201)])
            let outcome = await executor(.standard, clock: TestClock()).run(request, on: transport)
            #expect(outcome.attempts == 2)
        }
    }

    @Test func clientErrorsAreNotRetried() async {
        let transport = InMemoryTransport(responses: [.init(statusCode: 400), .init(statusCode: 200)])
        let outcome = await executor(.standard, clock: TestClock()).run(
            HTTPRequest(method: .get, url: url), on: transport)
        #expect(outcome.attempts == 1)
        #expect(outcome.hadAmbiguousAttempt == false)
    }

    @Test func transportErrorsAreRetriedThenReported() async {
        let transport = InMemoryTransport { _ in throw TransportError.timedOut }
        let outcome = await executor(.standard, clock: TestClock()).run(
            HTTPRequest(method: .get, url: url), on: transport)
        #expect(outcome.attempts == 3)
        #expect(throws: TransportError.timedOut) { try outcome.result.get() }
    }

    @Test func honoursRetryAfterUpToTheCap() async {
        let clock = TestClock()
        let transport = InMemoryTransport(responses: [
            .init(statusCode: 429, headers: ["Retry-After": "2"]),
            .init(statusCode: 503, headers: ["Retry-After": "60"]),
            .init(statusCode: 200),
        ])
        _ = await executor(.standard, clock: clock).run(HTTPRequest(method: .get, url: url), on: transport)
        #expect(clock.sleeps == [.seconds(2), .seconds(5)])
    }

    @Test func throttlingIsRetriedButNotAmbiguous() async {
        let transport = InMemoryTransport(responses: [.init(statusCode: 429), .init(statusCode: 409)])
        let outcome = await executor(.standard, clock: TestClock()).run(
            HTTPRequest(method: .get, url: url), on: transport)
        #expect(outcome.attempts == 2)
        #expect(outcome.hadAmbiguousAttempt == false)
    }

    @Test func jitterStaysWithinItsBand() {
        let policy = RetryPolicy.standard
        #expect(policy.delay(beforeRetry: 1, random: 0) == .milliseconds(200))
        #expect(policy.delay(beforeRetry: 1, random: 1) == .milliseconds(300))
        #expect(
            RetryPolicy.exponential(maxAttempts: 4, base: .milliseconds(100), jitter: 0).delays
                == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
    }
}
