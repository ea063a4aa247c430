import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonMerchant

extension ButtonMerchantTests {
    /// Spec §3.4.1 / §6.6 order report retry schedule.
    @Suite struct RetryTests {
        /// Answers `faults` requests with `status`, then `mobileOK()`, recording each start on the clock.
        static func harness(faults: Int, status: Int, clock: TestClock) -> (Harness, Locked<[Duration]>) {
            let starts = Locked<[Duration]>([])
            let count = Locked(0)
            let transport = InMemoryTransport { _ in
                starts.withLock { $0.append(clock.elapsed) }
                let attempt = count.withLock { value -> Int in
                    value += 1
                    return value
                }
                return attempt <= faults ? .json(status, #"{"meta":{"status":"error"}}"#) : mobileOK()
            }
            let harness = Harness(transport: transport, clock: clock)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            return (harness, starts)
        }

        static let order = Order(id: "o-retry", purchaseDate: fixedNow, lineItems: [LineItem(id: "a", total: 1)])

        @Test func twoFaultsThenSuccess() async throws {
            let (harness, starts) = Self.harness(faults: 2, status: 503, clock: TestClock())
            try await harness.core.reportOrder(Self.order)
            #expect(harness.transport.requests.count == 3)
            #expect(starts.current == [.zero, .milliseconds(100), .milliseconds(300)])
        }

        @Test func fourFaultsFailWithTheLastStatus() async throws {
            let (harness, starts) = Self.harness(faults: 4, status: 503, clock: TestClock())
            await #expect(throws: ButtonMerchantError.network(statusCode: 503)) {
                try await harness.core.reportOrder(Self.order)
            }
            #expect(harness.transport.requests.count == 4)
            #expect(starts.current == [.zero, .milliseconds(100), .milliseconds(300), .milliseconds(700)])
            #expect(harness.clock.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
        }

        @Test(arguments: [400, 404, 409, 301, 201, 204])
        func nonRetryableStatusStopsAtOnce(_ status: Int) async throws {
            let (harness, _) = Self.harness(faults: 1, status: status, clock: TestClock())
            await #expect(throws: ButtonMerchantError.network(statusCode: status)) {
                try await harness.core.reportOrder(Self.order)
            }
            #expect(harness.transport.requests.count == 1)
            #expect(harness.clock.sleeps.isEmpty)
        }

        @Test func anyServerErrorIsRetried() async throws {
            let (harness, _) = Self.harness(faults: 3, status: 599, clock: TestClock())
            try await harness.core.reportOrder(Self.order)
            #expect(harness.transport.requests.count == 4)
        }

        @Test func noResponseIsRetriedAndEndsWithoutStatus() async throws {
            let clock = TestClock()
            let harness = Harness(
                transport: InMemoryTransport { _ in throw TransportError.connectionFailed("down") },
                clock: clock)
            harness.core.configure(applicationId: "app-sandbox", environment: nil)
            await #expect(throws: ButtonMerchantError.network(statusCode: nil)) {
                try await harness.core.reportOrder(Self.order)
            }
            #expect(harness.transport.requests.count == 4)
            #expect(clock.elapsed == .milliseconds(700))
        }

        @Test func policyIsExact() {
            let policy = RetryPolicy.buttonMerchantOrders
            #expect(policy.maxAttempts == 4)
            #expect(policy.jitter == 0)
            #expect(
                (1...3).map { policy.delay(beforeRetry: $0, random: 0.9) }
                    == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
            #expect(policy.retryAfterStatuses.isEmpty)
        }
    }
}
