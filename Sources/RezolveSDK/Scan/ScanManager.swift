import CommerceCore
import Foundation

/// Scanning (spec §2.3, §2.9). Decoded detections arrive through ``handleDetected(_:)`` — from a capture layer
/// or a test — and become product, category or SSP-engagement callbacks on ``productResultDelegate``, or, while
/// ``backgroundListening`` runs, entries of its list.
///
/// Camera and microphone capture (and watermark decoding) are not part of CommerceKit on any platform yet:
/// ``startVideoScan()`` and ``startAudioScan()`` throw `.unsupportedOnThisPlatform`.
public final class ScanManager: Sendable {
    private let triggers: TriggerManager
    private let ssp: SspActManager
    private let productDelegate = Locked(WeakDelegate<any ProductDelegate>(nil))
    private let autoDetectDelegate: Locked<WeakDelegate<any AutoDetectManagerDelegate>>
    /// Gathers detections instead of resolving them while it runs.
    public let backgroundListening: BackgroundListeningSession

    init(triggers: TriggerManager, ssp: SspActManager, clock: @escaping @Sendable () -> Date) {
        self.triggers = triggers
        self.ssp = ssp
        let autoDetect = Locked(WeakDelegate<any AutoDetectManagerDelegate>(nil))
        autoDetectDelegate = autoDetect
        backgroundListening = BackgroundListeningSession(clock: clock) { results in
            Task { @MainActor in autoDetect.get().value?.onAutoDetectStopListening(resolved: results) }
        }
    }

    /// Receives scan results; held weakly, as UIKit delegates are.
    public var productResultDelegate: (any ProductDelegate)? {
        get { productDelegate.get().value }
        set { productDelegate.set(WeakDelegate(newValue)) }
    }

    /// Receives the background-listening list when it stops; held weakly.
    public var autoDetectManagerDelegate: (any AutoDetectManagerDelegate)? {
        get { autoDetectDelegate.get().value }
        set { autoDetectDelegate.set(WeakDelegate(newValue)) }
    }

    /// Handles one decoded detection:
    /// - while background listening runs, it is only recorded;
    /// - with an `engagementId`, the engagement is resolved and `onSspEngagementResult` called;
    /// - otherwise it is resolved like a touch trigger and the product or category callback called.
    ///
    /// Delegate calls happen on the main actor, between `onStartRecognizeImage` and `onFinishRecognizeImage`;
    /// failures go to `onError`. The returned task ends when the delegate has been called.
    @discardableResult
    public func handleDetected(_ detection: RezolveDetection) -> Task<Void, Never> {
        if backgroundListening.isListening {
            backgroundListening.record(detection)
            return Task {}
        }
        return Task { @MainActor in
            self.productResultDelegate?.onStartRecognizeImage()
            do throws(RezolveError) {
                if let engagementId = detection.engagementId {
                    let engagement = try await self.ssp.resolveEngagement(engagementId: engagementId, location: nil)
                    self.productResultDelegate?.onSspEngagementResult(
                        engagement: engagement, eventType: detection.eventType)
                } else {
                    let resolution = try await self.triggers.resolve(url: detection.trigger.url)
                    TriggerManager.deliver(resolution, to: self.productResultDelegate) { [weak self] error in
                        self?.productResultDelegate?.onError(error: error.message)
                    }
                }
            } catch {
                self.productResultDelegate?.onError(error: error.message)
            }
            self.productResultDelegate?.onFinishRecognizeImage()
        }
    }

    /// Camera scanning needs a watermark decoder, which CommerceKit does not include.
    public func startVideoScan() throws(RezolveError) {
        throw .unsupportedOnThisPlatform(
            "Video scanning needs Rezolve's watermark decoder; report detections through handleDetected(_:).")
    }

    /// Microphone scanning needs a watermark decoder, which CommerceKit does not include.
    public func startAudioScan() throws(RezolveError) {
        throw .unsupportedOnThisPlatform(
            "Audio scanning needs Rezolve's watermark decoder; report detections through handleDetected(_:).")
    }

    /// Nothing to stop without capture; present so app code written for Apple platforms compiles.
    public func stopVideoScan() {}
    /// Nothing to stop without capture; present so app code written for Apple platforms compiles.
    public func stopAudioScan() {}
}
