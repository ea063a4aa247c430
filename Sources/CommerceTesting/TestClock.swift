import CommerceCore
import Foundation

/// Time that tests move by hand, for every client module at once.
///
/// The SDKs take the time as a date source (`@Sendable () -> Date`) and wait through a
/// ``RetryExecutor/Sleep``; pass ``dateSource`` and ``sleep`` and the test decides when time passes.
/// `sleep` returns at once, records the requested wait in ``sleeps`` and moves the clock by it, so
/// retry schedules can be asserted exactly without a test ever waiting.
public final class TestClock: Sendable {
    private struct State {
        var now: Date
        var elapsed: Duration = .zero
        var sleeps: [Duration] = []
    }

    private let state: Locked<State>

    /// - Parameter start: the first reading of ``now``.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Locked(State(now: start))
    }

    /// The current reading.
    public var now: Date { state.current.now }

    /// How far the clock has moved since it was made, by ``advance(by:)`` and ``sleep`` alike.
    public var elapsed: Duration { state.current.elapsed }

    /// Every wait requested through ``sleep``, oldest first.
    public var sleeps: [Duration] { state.current.sleeps }

    /// Moves the clock forward.
    public func advance(by duration: Duration) {
        state.withLock { value in
            value.now += duration.timeInterval
            value.elapsed += duration
        }
    }

    /// Moves the clock forward by seconds.
    public func advance(_ seconds: TimeInterval) { advance(by: .milliseconds(Int64((seconds * 1000).rounded()))) }

    /// A date source reading this clock.
    public var dateSource: @Sendable () -> Date { { self.now } }

    /// A sleep that records the wait, moves the clock by it and returns at once (throwing if cancelled).
    public var sleep: RetryExecutor.Sleep {
        { duration in
            self.state.withLock { $0.sleeps.append(duration) }
            self.advance(by: duration)
            try Task.checkCancellation()
        }
    }
}
