import CommerceCore
import Foundation

/// The engine's sense of time: "now" for silence periods, refresh intervals and dwell, and a sleep for the
/// bundling window. Injectable so tests move time by hand instead of waiting.
public protocol RezolveClock: Sendable {
    func now() -> Date
    /// Returns once `now() >= deadline`; throws `CancellationError` when the task is cancelled first.
    func sleep(until deadline: Date) async throws
}

/// Wall-clock time.
public struct SystemRezolveClock: RezolveClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        if seconds > 0 { try await Task.sleep(for: .seconds(seconds)) }
    }
}

/// A clock that only moves when told to (``advance(by:)``); sleepers whose deadline has been reached wake then.
public final class ManualRezolveClock: RezolveClock {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [UUID: Sleeper] = [:]
    }

    private let state: Locked<State>

    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = Locked(State(now: start))
    }

    public func now() -> Date { state.get().now }

    /// Moves time forward and wakes every sleeper whose deadline has now passed.
    public func advance(by seconds: TimeInterval) {
        let due: [Sleeper] = state.withLock { current in
            current.now = current.now.addingTimeInterval(max(0, seconds))
            let now = current.now
            let ready = current.sleepers.filter { $0.value.deadline <= now }
            for key in ready.keys { current.sleepers.removeValue(forKey: key) }
            return Array(ready.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// How many tasks are waiting on this clock (lets a test know a bundling window is open).
    public var sleeperCount: Int { state.get().sleepers.count }

    public func sleep(until deadline: Date) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { current in
                    if deadline <= current.now || Task.isCancelled { return true }
                    current.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
