import CommerceCore
import Foundation

/// Something a test waits for, counted, so the test awaits the event itself instead of sleeping or polling.
///
/// The code under test, or the test double it calls (a delegate, a transport handler, a sink), calls ``fire()``
/// each time the event happens; the test awaits ``wait(for:deadline:)`` and goes on the moment the event has
/// happened that many times in total, however loaded the machine is. Firing never blocks and may happen on any
/// thread, before or after the test starts waiting.
///
/// No result depends on time: by default a wait has no deadline, because on an overloaded machine any deadline
/// can pass before a working run's event (one run of the suite on a shared 2-core machine saw tests take 470 s).
/// Pass one only to debug a hang locally.
public final class TestSignal: Sendable {
    /// Thrown by ``wait(for:deadline:)`` when the event had not happened often enough by the deadline.
    public struct NeverFired: Error, CustomStringConvertible {
        /// The count waited for and the count reached.
        public let expected: Int
        public let fired: Int
        public let deadline: Duration
        public var description: String {
            "waited \(deadline) for \(expected) event(s), saw \(fired): the awaited event never happened"
        }
    }

    private struct Waiter {
        let target: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var count = 0
        var waiters: [UUID: Waiter] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// How many times the event has happened so far.
    public var count: Int { state.current.count }

    /// Records one more occurrence and resumes every waiter whose count it reaches.
    public func fire() {
        let ready: [Waiter] = state.withLock { value in
            value.count += 1
            let count = value.count
            let due = value.waiters.filter { $0.value.target <= count }
            for key in due.keys { value.waiters.removeValue(forKey: key) }
            return Array(due.values)
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once ``fire()`` has been called `count` times in total (at once if it already has).
    /// - Throws: `CancellationError` when the waiting task is cancelled; ``NeverFired`` after `deadline`, if one
    ///   is given.
    public func wait(for count: Int = 1, deadline: Duration? = nil) async throws {
        if state.current.count >= count { return }
        guard let deadline else { return try await suspend(until: count) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.suspend(until: count) }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw NeverFired(expected: count, fired: self.count, deadline: deadline)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private func suspend(until target: Int) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { value in
                    if value.count >= target || Task.isCancelled { return true }
                    value.waiters[id] = Waiter(target: target, continuation: continuation)
                    return false
                }
                guard resumeNow else { return }
                if Task.isCancelled && state.current.count < target {
                    continuation.resume(throwing: CancellationError())
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
