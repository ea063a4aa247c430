import Foundation

/// How the client modules reach the main actor from a call made anywhere.
///
/// The vendors' documents call the SDKs from ordinary classes and from completion handlers on any thread, while
/// delegates are called on the main actor. A call already on the main actor runs `body` before returning, so
/// state set from a view controller is visible on the next line; from anywhere else `body` is queued on the main
/// actor, in the order the calls were made.
package enum MainActorDelivery {
    package static func run(_ body: @escaping @MainActor @Sendable () -> Void) {
        if isOnMainActor {
            MainActor.assumeIsolated(body)
        } else {
            Task { @MainActor in body() }
        }
    }

    /// Reads a main-actor value (UIKit's device facts) from any thread: at once on the main actor, otherwise by
    /// waiting for one turn of the main queue. Not for code the main queue may be waiting on.
    package static func read<Value: Sendable>(_ body: @MainActor @Sendable () -> Value) -> Value {
        if isOnMainActor {
            return MainActor.assumeIsolated(body)
        }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }

    /// Whether the caller runs on the main actor. The main thread is not enough to ask: where the main queue is
    /// drained by another thread (an async `main` on Linux, as in `swift test`), main-actor code runs on the main
    /// queue but off the main thread.
    package static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Set on the main queue once, before the first read.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
