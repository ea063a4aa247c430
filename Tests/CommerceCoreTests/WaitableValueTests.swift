import CommerceCore
import Testing

/// The one waiter list: a wait returns once an update meets its condition, whenever the waiter started, and a
/// cancelled wait throws instead of hanging.
@Suite struct WaitableValueTests {
    @Test func aMetConditionReturnsAtOnce() async throws {
        let value = WaitableValue(3)
        try await value.wait { $0 >= 3 }
        #expect(value.current == 3)
    }

    @Test func waitersGoOnAfterTheUpdateThatMeetsTheirCondition() async throws {
        let value = WaitableValue(0)
        let waiters = (1...3).map { target in Task { try await value.wait { $0 >= target } } }
        for _ in 1...3 { value.update { $0 += 1 } }
        for waiter in waiters { try await waiter.value }
        #expect(value.current == 3)
    }

    @Test func anUnmetWaitThrowsWhenItsTaskIsCancelled() async throws {
        let value = WaitableValue("never")
        let waiter = Task { try await value.wait { $0 == "met" } }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // A later update has no one left to resume.
        value.update { $0 = "met" }
    }

    @Test func updateReturnsWhatTheChangeReturns() {
        let value = WaitableValue([1, 2])
        let removed = value.update { $0.removeFirst() }
        #expect(removed == 1)
        #expect(value.current == [2])
    }
}
