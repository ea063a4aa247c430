import Foundation

/// A value that tasks can wait on: each waiter names a condition and goes on the moment the value meets it.
/// The one waiter list of the package (a test signal's count, a hand-driven source's subscribers): the value and
/// its waiters share one ``Locked`` box, so no change slips between a waiter's check and its suspension.
package final class WaitableValue<Value: Sendable>: Sendable {
    private struct Waiter {
        let isDue: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var value: Value
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state: Locked<State>

    package init(_ value: Value) { state = Locked(State(value: value)) }

    /// The value now.
    package var current: Value { state.current.value }

    /// Changes the value, then resumes every waiter whose condition the new value meets. `change` runs with the
    /// lock held: it must not call back into this value.
    @discardableResult
    package func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
        let (result, due): (Result, [Waiter]) = try state.withLock { state in
            let result = try change(&state.value)
            let value = state.value
            let due = state.waiters.filter { $0.value.isDue(value) }
            for key in due.keys { state.waiters.removeValue(forKey: key) }
            return (result, Array(due.values))
        }
        for waiter in due { waiter.continuation.resume() }
        return result
    }

    /// Returns once the value meets `condition`: at once if it already does, else after the ``update(_:)`` that
    /// makes it so.
    /// - Throws: `CancellationError` when the waiting task is cancelled before then.
    package func wait(until condition: @escaping @Sendable (Value) -> Bool) async throws {
        let id: UInt64? = state.withLock { state in
            if condition(state.value) { return nil }
            state.nextWaiter += 1
            return state.nextWaiter
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, CancellationError>? = state.withLock { state in
                    if condition(state.value) { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters[id] = Waiter(isDue: condition, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
