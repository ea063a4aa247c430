import CommerceCore
import Foundation

/// Background listening, portable part (spec §2.9): while a session runs, detections are only gathered;
/// ``stop()`` returns them (de-duplicated by merchant, category and product, first detection first) and hands
/// them to the scan manager's ``AutoDetectManagerDelegate``. The list is never persisted: an app that wants
/// back navigation keeps it itself, as the seed says.
public final class BackgroundListeningSession: Sendable {
    private struct State {
        var isListening = false
        var results: [AutoDetectResult] = []
    }

    private let state = Locked(State())
    private let clock: @Sendable () -> Date
    private let onStop: @Sendable ([AutoDetectResult]) -> Void

    init(clock: @escaping @Sendable () -> Date, onStop: @escaping @Sendable ([AutoDetectResult]) -> Void) {
        self.clock = clock
        self.onStop = onStop
    }

    /// True between `start()` and `stop()`; detections are then gathered rather than resolved.
    public var isListening: Bool { state.get().isListening }

    /// Starts a new session with an empty list.
    public func start() {
        state.withLock { $0 = State(isListening: true, results: []) }
    }

    /// Adds `detection` unless the same item (merchant, category, product) is already on the list. Ignored
    /// when no session runs.
    public func record(_ detection: RezolveDetection) {
        let now = clock()
        state.withLock { current in
            guard current.isListening else { return }
            let duplicate = current.results.contains {
                $0.merchantId == detection.merchantId && $0.categoryId == detection.categoryId
                    && $0.productId == detection.productId
            }
            guard !duplicate else { return }
            current.results.append(
                AutoDetectResult(
                    partnerId: detection.partnerId, merchantId: detection.merchantId, categoryId: detection.categoryId,
                    productId: detection.productId, adId: detection.adId, placementId: detection.placementId,
                    isAct: detection.isAct, title: detection.title, detectedAt: now))
        }
    }

    /// Ends the session and returns what it gathered; the delegate gets the same list on the main actor.
    @discardableResult
    public func stop() -> [AutoDetectResult] {
        let results = state.withLock { current -> [AutoDetectResult] in
            let gathered = current.results
            current = State()
            return gathered
        }
        onStop(results)
        return results
    }
}
