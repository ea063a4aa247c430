import CommerceCore
import Foundation

/// Time that tests move by hand, for every client module at once.
///
/// The SDKs take the time as a date source (`@Sendable () -> Date`) and wait through a
/// `RetryExecutor.Sleep` (CommerceCore); pass ``dateSource`` and ``sleep`` and the test decides when time passes.
///
/// In the default ``Mode-swift.enum/recording`` mode, `sleep` returns at once, records the requested wait in
/// ``sleeps`` and moves the clock by it, so retry schedules can be asserted exactly without a test ever waiting.
/// In ``Mode-swift.enum/suspending`` mode, `sleep` records the wait and suspends until ``advance(by:)`` moves
/// the clock to its deadline, for code whose timers must not fire before the test says so (the Rezolve
/// nearby engine's bundling window).
public final class TestClock: Sendable {
    /// What ``sleep`` does.
    public enum Mode: Sendable {
        /// Records the wait, moves the clock by it and returns.
        case recording
        /// Records the wait and returns once the clock has been advanced to the deadline.
        case suspending
    }

    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var elapsed: Duration = .zero
        var sleeps: [Duration] = []
        var sleepers: [UUID: Sleeper] = [:]
    }

    private let state: Locked<State>
    private let sleepStarted = TestSignal()
    /// Whether sleeps return at once or wait for ``advance(by:)``; fixed when the clock is created.
    public let mode: Mode

    /// - Parameters:
    ///   - start: the first reading of ``now``.
    ///   - mode: what ``sleep`` does; ``Mode-swift.enum/recording`` unless a test needs waits to suspend.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000), mode: Mode = .recording) {
        state = Locked(State(now: start))
        self.mode = mode
    }

    /// The current reading.
    public var now: Date { state.current.now }

    /// How far the clock has moved since it was made, by ``advance(by:)`` and ``sleep`` alike.
    public var elapsed: Duration { state.current.elapsed }

    /// Every wait requested through ``sleep``, oldest first.
    public var sleeps: [Duration] { state.current.sleeps }

    /// How many tasks are suspended in ``sleep`` (suspending mode), so a test can tell a timer is running.
    public var sleeperCount: Int { state.current.sleepers.count }

    /// Returns once `count` calls to ``sleep`` have begun in total (at once if they have). In suspending mode a
    /// begun sleep is already waiting for its deadline, so an ``advance(by:)`` made after this returns wakes it:
    /// a test waits for a timer to start this way instead of polling ``sleeperCount``.
    public func waitForSleeps(_ count: Int = 1) async throws { try await sleepStarted.wait(for: count) }

    /// Moves the clock forward and resumes every suspended sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLock { value in
            value.now += duration.timeInterval
            value.elapsed += duration
            let now = value.now
            let ready = value.sleepers.filter { $0.value.deadline <= now }
            for key in ready.keys { value.sleepers.removeValue(forKey: key) }
            return Array(ready.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock forward by seconds.
    public func advance(_ seconds: TimeInterval) { advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }

    /// A date source reading this clock.
    public var dateSource: @Sendable () -> Date { { self.now } }

    /// The wait of this clock's ``mode``; both throw `CancellationError` when the waiting task is cancelled.
    public var sleep: RetryExecutor.Sleep {
        { duration in
            self.state.withLock { $0.sleeps.append(duration) }
            switch self.mode {
            case .recording:
                self.advance(by: duration)
                self.sleepStarted.fire()
                try Task.checkCancellation()
            case .suspending:
                try await self.suspend(for: duration)
            }
        }
    }

    private func suspend(for duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { value in
                    let deadline = value.now.addingTimeInterval(max(0, duration.timeInterval))
                    if deadline <= value.now || Task.isCancelled { return true }
                    value.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                sleepStarted.fire()
                guard resumeNow else { return }
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
