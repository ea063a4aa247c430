#if canImport(UIKit) && canImport(AVFoundation) && os(iOS)
import AVFoundation
import UIKit

/// The view a video scan shows the camera's preview in. Its ``codeSource`` reads QR codes with AVFoundation
/// unless the app sets another.
///
/// Not compiled on Linux, so untested there; the scan logic it feeds is shared and tested through
/// ``ScanCodeSource``.
open class ScanCameraView: UIView {
    /// Where the scan's codes come from; the camera by default.
    public lazy var codeSource: any ScanCodeSource = CameraCodeSource(previewIn: self)
}

/// QR codes from the back camera through `AVCaptureMetadataOutput`, previewed in a view. Kept thin: it only
/// forwards the codes' text.
final class CameraCodeSource: NSObject, ScanCodeSource, AVCaptureMetadataOutputObjectsDelegate {
    private let session = AVCaptureSession()
    private let output = AVCaptureMetadataOutput()
    private weak var view: UIView?
    private var preview: AVCaptureVideoPreviewLayer?
    private var report: (@Sendable (String) -> Void)?

    init(previewIn view: UIView) {
        self.view = view
        super.init()
    }

    func startReporting(rectOfInterest: RectOfInterest, to report: @escaping @Sendable (String) -> Void)
        throws(RezolveError)
    {
        guard let camera = AVCaptureDevice.default(for: .video), let input = try? AVCaptureDeviceInput(device: camera),
            session.canAddInput(input), session.canAddOutput(output)
        else { throw .unsupportedOnThisPlatform("No camera is available to scan with.") }
        self.report = report
        session.addInput(input)
        session.addOutput(output)
        output.setMetadataObjectsDelegate(self, queue: DispatchQueue(label: "CommerceKit.Rezolve.scan"))
        output.metadataObjectTypes = [.qr]
        if case .normalized(let x, let y, let width, let height) = rectOfInterest {
            output.rectOfInterest = CGRect(x: x, y: y, width: width, height: height)
        }
        if let view {
            let layer = AVCaptureVideoPreviewLayer(session: session)
            layer.frame = view.bounds
            layer.videoGravity = .resizeAspectFill
            view.layer.insertSublayer(layer, at: 0)
            preview = layer
        }
        let session = self.session
        DispatchQueue.global(qos: .userInitiated).async { session.startRunning() }
    }

    func stopReporting() {
        report = nil
        session.stopRunning()
        preview?.removeFromSuperlayer()
        preview = nil
        session.inputs.forEach(session.removeInput)
        session.outputs.forEach(session.removeOutput)
    }

    func metadataOutput(
        _ output: AVCaptureMetadataOutput, didOutput metadataObjects: [AVMetadataObject],
        from connection: AVCaptureConnection
    ) {
        for case let code as AVMetadataMachineReadableCodeObject in metadataObjects {
            if let text = code.stringValue { report?(text) }
        }
    }
}
#endif
