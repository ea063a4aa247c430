import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("Retries (§3.4.2)")
struct RetryTests {
    @Test("buttonOrdersDefault has the documented schedule")
    func defaultPolicy() {
        let policy = RetryPolicy.buttonOrdersDefault
        #expect(policy.maxAttempts == 3)
        #expect(policy.delays == [.milliseconds(250), .milliseconds(500)])
        #expect(policy.jitter == 0.2)
        #expect(policy.retryableStatuses == [408, 429, 500, 502, 503, 504])
        #expect(policy.retriesTransportErrors)
        #expect(policy.retryAfterStatuses == [429, 503])
        #expect(policy.maxRetryAfter == .seconds(5))
        #expect(ButtonClient.Configuration().retryPolicy.delays == policy.delays)
    }

    @Test("A transient status is retried, waiting 250 ms then 500 ms", arguments: [408, 429, 500, 502, 503, 504])
    func retriesTransientStatuses(_ status: Int) async throws {
        let transport = InMemoryTransport(responses: [
            HTTPResponse(statusCode: status), HTTPResponse(statusCode: status), okOrder(),
        ])
        let clock = TestClock()
        let order = try await makeClient(transport, clock: clock).orders.get("1989")
        #expect(order.orderId == "1989")
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(250), .milliseconds(500)])
    }

    @Test("Jitter spreads each delay by at most ±20 %")
    func jitterBounds() async throws {
        for (random, expected) in [(0.0, 200.0), (1.0, 300.0)] {
            let transport = InMemoryTransport(responses: [HTTPResponse(statusCode: 503), okOrder()])
            let clock = TestClock()
            _ = try await makeClient(transport, clock: clock, random: random).orders.get("1989")
            let waited = try #require(clock.sleeps.first).timeInterval * 1000
            #expect(abs(waited - expected) < 0.001)
        }
    }

    @Test("Other 4xx are never retried", arguments: [400, 401, 403, 404, 405, 409, 413, 422])
    func noRetryOnClientErrors(_ status: Int) async throws {
        let transport = InMemoryTransport(responses: [HTTPResponse(statusCode: status), okOrder()])
        let clock = TestClock()
        let client = try makeClient(transport, clock: clock)
        _ = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1989") }
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("After three failed attempts the last 5xx is reported")
    func givesUpAfterThreeAttempts() async throws {
        let transport = InMemoryTransport(responses: [
            errorResponse(503, type: "sandbox_fault", message: "Injected fault")
        ])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1989") }
        #expect(error == .server(statusCode: 503, message: "Injected fault"))
        #expect(transport.requests.count == 3)
    }

    @Test("Retry-After on 429/503 is honoured and capped at 5 s")
    func retryAfter() async throws {
        let transport = InMemoryTransport(responses: [
            HTTPResponse(statusCode: 503, headers: ["Retry-After": "2"]),
            HTTPResponse(statusCode: 429, headers: ["Retry-After": "60"]),
            okOrder(),
        ])
        let clock = TestClock()
        _ = try await makeClient(transport, clock: clock).orders.get("1989")
        #expect(clock.sleeps == [.seconds(2), .seconds(5)])
    }

    @Test("Retry-After is ignored on statuses other than 429 and 503")
    func retryAfterOnlyOnThrottling() async throws {
        let transport = InMemoryTransport(responses: [
            HTTPResponse(statusCode: 500, headers: ["Retry-After": "3"]), okOrder(),
        ])
        let clock = TestClock()
        _ = try await makeClient(transport, clock: clock).orders.get("1989")
        #expect(clock.sleeps == [.milliseconds(250)])
    }

    @Test("All four operations are retried, create and update included")
    func everyOperationRetries() async throws {
        let transport = InMemoryTransport()
        let client = try makeClient(transport)
        let okDelete = HTTPResponse.json(200, #"{"meta":{"status":"ok"},"object":null}"#)
        for (success, operation) in [
            (okOrder(), { () async throws(ButtonOrdersError) in _ = try await client.orders.create(seedPayload()) }),
            (
                okOrder(),
                { () async throws(ButtonOrdersError) in _ = try await client.orders.update("1989", seedPayload()) }
            ),
            (okOrder(), { () async throws(ButtonOrdersError) in _ = try await client.orders.get("1989") }),
            (okDelete, { () async throws(ButtonOrdersError) in try await client.orders.delete("1989") }),
        ] as [(HTTPResponse, () async throws(ButtonOrdersError) -> Void)] {
            let queue = [HTTPResponse(statusCode: 502), success]
            let counter = Counter()
            transport.respond { _ in queue[min(counter.next(), 1)] }
            try await operation()
        }
        #expect(transport.requests.map(\.method) == [.post, .post, .post, .post, .get, .get, .delete, .delete])
    }

    @Test("A policy of .none sends once")
    func noRetryPolicy() async throws {
        let transport = InMemoryTransport(responses: [HTTPResponse(statusCode: 503), okOrder()])
        var configuration = sandboxConfiguration
        configuration.retryPolicy = .none
        let client = try makeClient(transport, configuration: configuration)
        _ = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1") }
        #expect(transport.requests.count == 1)
    }
}

/// A thread-safe counter for scripted transports.
final class Counter: Sendable {
    private let value = Locked(0)

    /// Returns the current value, then increments it.
    func next() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
