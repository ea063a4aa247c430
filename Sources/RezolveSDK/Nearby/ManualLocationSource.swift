import CommerceCore
import Foundation

/// A location source driven by hand, for tests and demos: every ``push(_:)`` goes to every current subscriber.
public final class ManualLocationSource: RezolveLocationSource {
    /// The current subscribers' streams; ``waitForSubscribers(_:)`` waits on their number.
    private let subscribers = WaitableValue<[UUID: AsyncStream<RezolveLocationSample>.Continuation]>([:])
    private let onUnsubscribe = Locked<(@Sendable () -> Void)?>(nil)

    /// Creates a source with no subscribers; nothing is sent until ``push(_:)`` is called.
    public init() {}

    /// Adds a subscriber that receives every later push, until its stream is dropped.
    public func locations() -> AsyncStream<RezolveLocationSample> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<RezolveLocationSample>.makeStream()
        continuation.onTermination = { [subscribers, onUnsubscribe] _ in
            subscribers.update { _ = $0.removeValue(forKey: id) }
            onUnsubscribe.get()?()
        }
        subscribers.update { $0[id] = continuation }
        return stream
    }

    /// Returns once exactly `count` streams are listening, or when the waiting task is cancelled. A push reaches
    /// only current subscribers, so a test that starts monitoring from another thread waits for `1` before
    /// pushing, and for `0` to know that stopping has let go of the source.
    public func waitForSubscribers(_ count: Int) async {
        // Cancellation is the only error: the caller's task is ending, and this API has never thrown.
        try? await subscribers.wait { $0.count == count }
    }

    /// Delivers `sample` to every subscriber.
    public func push(_ sample: RezolveLocationSample) {
        for continuation in subscribers.current.values { continuation.yield(sample) }
    }

    /// Shorthand for a precise fix at `latitude`, `longitude`.
    public func push(latitude: Double, longitude: Double, horizontalAccuracy: Double = 5) {
        push(RezolveLocationSample(latitude: latitude, longitude: longitude, horizontalAccuracy: horizontalAccuracy))
    }

    /// How many streams are listening (the engine holds one while monitoring).
    public var subscriberCount: Int { subscribers.current.count }

    /// Test seam: `observer` is told each time a subscriber's stream ends, after it has been removed.
    func observeUnsubscribes(_ observer: @escaping @Sendable () -> Void) { onUnsubscribe.set(observer) }
}
