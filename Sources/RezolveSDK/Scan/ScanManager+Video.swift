import CommerceCore
import Foundation

extension ScanManager {
    #if canImport(UIKit) && canImport(AVFoundation) && os(iOS)
    /// Starts reading QR codes from the camera into `scanCameraView`'s preview (the Rezolve document's call). Each
    /// `rzlv.co` trigger seen becomes a `.qrCode` detection, handled as ``handleDetected(_:)`` handles one; a code
    /// that is not a trigger is reported once to `onError`. Image and audio watermarks are not read.
    ///
    /// Main-actor here only: `ScanCameraView` is a UIView, which only the main actor may touch, and the document
    /// calls this from the view controller that owns the view. Elsewhere the call is nonisolated.
    @MainActor
    public func startVideoScan(scanCameraView: ScanCameraView, rectOfInterest: RectOfInterest) throws(RezolveError) {
        try startReading(from: scanCameraView.codeSource, rectOfInterest: rectOfInterest)
    }
    #else
    /// Starts reading codes from `scanCameraView`'s source (the Rezolve document's call). Each `rzlv.co` trigger
    /// seen becomes a `.qrCode` detection, handled as ``handleDetected(_:)`` handles one; a code that is not a
    /// trigger is reported once to `onError`. Image and audio watermarks are not read.
    public func startVideoScan(scanCameraView: ScanCameraView, rectOfInterest: RectOfInterest) throws(RezolveError) {
        try startReading(from: scanCameraView.codeSource, rectOfInterest: rectOfInterest)
    }
    #endif

    private func startReading(from source: any ScanCodeSource, rectOfInterest: RectOfInterest) throws(RezolveError) {
        stopVideoScan()
        let scan = VideoScan(source: source)
        videoScan.set(scan)
        try source.startReporting(rectOfInterest: rectOfInterest) { [weak self, scan] text in
            guard let self, scan.isNew(text) else { return }
            self.handleCode(text)
        }
    }

    /// Stops the camera scan started by `startVideoScan(scanCameraView:rectOfInterest:)`, if any.
    public func stopVideoScan() {
        videoScan.withLock { scan in
            scan?.stop()
            scan = nil
        }
    }

    /// A code's text from the camera: a trigger becomes a detection, anything else one error.
    func handleCode(_ text: String) {
        switch TriggerClassification.classify(text) {
        case .product(let trigger)?, .category(let trigger)?:
            handleDetected(
                RezolveDetection(
                    kind: .qrCode, partnerId: trigger.partnerId, merchantId: trigger.merchantId,
                    categoryId: trigger.categoryId, productId: trigger.productId, adId: trigger.adId,
                    placementId: trigger.placementId))
        case .url?, nil:
            let message = "The scanned code is not a Rezolve trigger: \(text)"
            Task { @MainActor in self.productResultDelegate?.onError(error: message) }
        }
    }
}

/// One running camera scan: its source, and the last code it reported, so a code held in front of the camera is
/// handled once rather than on every frame.
final class VideoScan: Sendable {
    // The source is only started and stopped, from the calls that own the scan.
    nonisolated(unsafe) private let source: any ScanCodeSource
    private let lastCode = Locked<String?>(nil)

    init(source: any ScanCodeSource) { self.source = source }

    func isNew(_ text: String) -> Bool {
        lastCode.withLock { last in
            guard last != text else { return false }
            last = text
            return true
        }
    }

    func stop() { source.stopReporting() }
}
