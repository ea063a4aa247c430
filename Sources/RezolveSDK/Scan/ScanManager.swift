import CommerceCore
import Foundation

/// Scanning (spec §2.3, §2.9). Decoded detections arrive through ``handleDetected(_:)`` — from a capture layer
/// or a test — and become product, category or SSP-engagement callbacks on ``productResultDelegate``, or, while
/// ``backgroundListening`` runs, entries of its list.
///
/// A video scan (``startVideoScan(scanCameraView:rectOfInterest:)``) reads QR codes carrying `rzlv.co` triggers
/// from a ``ScanCameraView``'s ``ScanCodeSource``: the camera where AVFoundation exists, any source elsewhere.
/// Rezolve's image and audio watermarks need Rezolve's own decoder and are out of CommerceKit's scope:
/// ``startVideoScan()`` (no view) and ``startAudioScan()`` throw `.unsupportedOnThisPlatform`.
public final class ScanManager: Sendable {
    private let triggers: TriggerManager
    private let ssp: SspActManager
    private let productDelegate = Locked(WeakDelegate<any ProductDelegate>(nil))
    private let autoDetectDelegate: Locked<WeakDelegate<any AutoDetectManagerDelegate>>
    /// The camera scan running now, if any.
    let videoScan = Locked<VideoScan?>(nil)
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

    /// A scan without a view would read image watermarks, which need Rezolve's decoder (out of CommerceKit's scope).
    /// Use ``startVideoScan(scanCameraView:rectOfInterest:)`` for QR-code triggers.
    public func startVideoScan() throws(RezolveError) {
        throw .unsupportedOnThisPlatform(
            "Image watermarks need Rezolve's decoder; use startVideoScan(scanCameraView:rectOfInterest:) for QR "
                + "codes, or report detections through handleDetected(_:).")
    }

    /// Audio watermarks need Rezolve's decoder, which is out of CommerceKit's scope.
    public func startAudioScan() throws(RezolveError) {
        throw .unsupportedOnThisPlatform(
            "Audio watermarks need Rezolve's decoder; report detections through handleDetected(_:).")
    }

    /// Nothing to stop, audio scans never start; present so app code written from the document compiles.
    public func stopAudioScan() {}
}
