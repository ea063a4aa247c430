import CommerceCore
import Foundation

/// A location source driven by hand, for tests and demos: every ``push(_:)`` goes to every current subscriber.
public final class ManualLocationSource: RezolveLocationSource {
    private struct State {
        var subscribers: [UUID: AsyncStream<RezolveLocationSample>.Continuation] = [:]
        var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes out the waiters whose count the subscribers now number.
        mutating func dueWaiters() -> [CheckedContinuation<Void, Never>] {
            let due = countWaiters.filter { $0.count == subscribers.count }
            countWaiters.removeAll { $0.count == subscribers.count }
            return due.map(\.continuation)
        }
    }

    private let state = Locked(State())
    private let onUnsubscribe = Locked<(@Sendable () -> Void)?>(nil)

    /// Creates a source with no subscribers; nothing is sent until ``push(_:)`` is called.
    public init() {}

    /// Adds a subscriber that receives every later push, until its stream is dropped.
    public func locations() -> AsyncStream<RezolveLocationSample> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<RezolveLocationSample>.makeStream()
        continuation.onTermination = { [state, onUnsubscribe] _ in
            let due = state.withLock { state in
                state.subscribers.removeValue(forKey: id)
                return state.dueWaiters()
            }
            onUnsubscribe.get()?()
            for waiter in due { waiter.resume() }
        }
        let due = state.withLock { state in
            state.subscribers[id] = continuation
            return state.dueWaiters()
        }
        for waiter in due { waiter.resume() }
        return stream
    }

    /// Returns once exactly `count` streams are listening. A push reaches only current subscribers, so a test
    /// that starts monitoring from another thread waits for `1` before pushing, and for `0` to know that
    /// stopping has let go of the source.
    public func waitForSubscribers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard state.subscribers.count != count else { return true }
                state.countWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Delivers `sample` to every subscriber.
    public func push(_ sample: RezolveLocationSample) {
        for continuation in state.current.subscribers.values { continuation.yield(sample) }
    }

    /// Shorthand for a precise fix at `latitude`, `longitude`.
    public func push(latitude: Double, longitude: Double, horizontalAccuracy: Double = 5) {
        push(RezolveLocationSample(latitude: latitude, longitude: longitude, horizontalAccuracy: horizontalAccuracy))
    }

    /// How many streams are listening (the engine holds one while monitoring).
    public var subscriberCount: Int { state.current.subscribers.count }

    /// Test seam: `observer` is told each time a subscriber's stream ends, after it has been removed.
    func observeUnsubscribes(_ observer: @escaping @Sendable () -> Void) { onUnsubscribe.set(observer) }
}
