import CommerceCore
import Foundation

/// A location source driven by hand, for tests and demos: every ``push(_:)`` goes to every current subscriber.
public final class ManualLocationSource: RezolveLocationSource {
    private let subscribers = Locked<[UUID: AsyncStream<RezolveLocationSample>.Continuation]>([:])
    private let onUnsubscribe = Locked<(@Sendable () -> Void)?>(nil)

    /// Creates a source with no subscribers; nothing is sent until ``push(_:)`` is called.
    public init() {}

    /// Adds a subscriber that receives every later push, until its stream is dropped.
    public func locations() -> AsyncStream<RezolveLocationSample> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<RezolveLocationSample>.makeStream()
        continuation.onTermination = { [subscribers, onUnsubscribe] _ in
            _ = subscribers.withLock { $0.removeValue(forKey: id) }
            onUnsubscribe.get()?()
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Delivers `sample` to every subscriber.
    public func push(_ sample: RezolveLocationSample) {
        for continuation in subscribers.get().values { continuation.yield(sample) }
    }

    /// Shorthand for a precise fix at `latitude`, `longitude`.
    public func push(latitude: Double, longitude: Double, horizontalAccuracy: Double = 5) {
        push(RezolveLocationSample(latitude: latitude, longitude: longitude, horizontalAccuracy: horizontalAccuracy))
    }

    /// How many streams are listening (the engine holds one while monitoring).
    public var subscriberCount: Int { subscribers.get().count }

    /// Test seam: `observer` is told each time a subscriber's stream ends, after it has been removed.
    func observeUnsubscribes(_ observer: @escaping @Sendable () -> Void) { onUnsubscribe.set(observer) }
}
