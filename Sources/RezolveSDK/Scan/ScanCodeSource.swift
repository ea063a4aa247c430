import Foundation

/// The part of the preview a video scan looks at.
public enum RectOfInterest: Sendable, Hashable {
    /// The whole view, as the Rezolve document's `rectOfInterest: .frame` asks.
    case frame
    /// A part of the view, in coordinates normalised to the view: x, y, width and height from 0 to 1.
    case normalized(x: Double, y: Double, width: Double, height: Double)
}

/// Finds machine-readable codes in what a camera sees and reports their text.
///
/// A ``ScanCameraView`` holds one: where AVFoundation exists, the default reads QR codes through
/// `AVCaptureMetadataOutput`; tests and other capture layers supply their own. ``ScanManager`` starts it for a video
/// scan and turns every `rzlv.co` trigger it reports into a detection, exactly as ``ScanManager/handleDetected(_:)``
/// does. Image and audio watermarks need Rezolve's own decoder and are not read by any source here.
public protocol ScanCodeSource: AnyObject {
    /// Starts capture; `report` receives the text of each code seen inside `rectOfInterest`, from any thread,
    /// as often as the code is seen. Throws when capture cannot start (no camera, no permission).
    func startReporting(rectOfInterest: RectOfInterest, to report: @escaping @Sendable (String) -> Void)
        throws(RezolveError)
    /// Stops capture; no report follows.
    func stopReporting()
}

#if !(canImport(UIKit) && canImport(AVFoundation) && os(iOS))
/// The view a video scan shows its preview in. Without UIKit and AVFoundation there is no preview: the view only
/// carries the ``ScanCodeSource`` that a scan reads codes from.
open class ScanCameraView {
    /// Where the scan's codes come from.
    public let codeSource: any ScanCodeSource

    /// A view reading codes from `codeSource`.
    public init(codeSource: any ScanCodeSource) { self.codeSource = codeSource }
}
#endif
