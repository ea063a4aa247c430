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

    private let fired = WaitableValue(0)

    public init() {}

    /// How many times the event has happened so far.
    public var count: Int { fired.current }

    /// Records one more occurrence and resumes every waiter whose count it reaches.
    public func fire() { fired.update { $0 += 1 } }

    /// Returns once ``fire()`` has been called `count` times in total (at once if it already has).
    /// - Throws: `CancellationError` when the waiting task is cancelled; ``NeverFired`` after `deadline`, if one
    ///   is given.
    public func wait(for count: Int = 1, deadline: Duration? = nil) async throws {
        guard let deadline else { return try await fired.wait { $0 >= count } }
        if fired.current >= count { return }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.fired.wait { $0 >= count } }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw NeverFired(expected: count, fired: self.count, deadline: deadline)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}
