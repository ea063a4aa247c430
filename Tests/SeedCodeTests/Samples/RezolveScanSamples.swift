import Foundation
import RezolveSDK

/// "SSP Engagement Detection", the scan flows and "Background Listening": the scan manager reads codes from the
/// screen's camera view (held here instead of the document's `self.view as! ScanCameraView`) and reports to this
/// screen, which conforms to the delegates in extensions as the document's view controller does.
final class RezolveScanScreen {
    let scanCameraView: ScanCameraView
    let log: RezolveSampleLog

    init(scanCameraView: ScanCameraView, log: RezolveSampleLog) {
        self.scanCameraView = scanCameraView
        self.log = log
    }

    /// Steps 1 and 2: the scan manager, this screen as its product delegate, and a video scan of the whole view.
    func startScanning(rezolveSession: RezolveSession?) {
        guard let scanManager = rezolveSession?.getScanManager() else {
            return
        }
        scanManager.productResultDelegate = self
        try? scanManager.startVideoScan(scanCameraView: scanCameraView, rectOfInterest: .frame)
    }

    /// The same start, reporting why a scan could not start.
    func startScanningReportingErrors(rezolveSession: RezolveSession) {
        let scanManager = rezolveSession.getScanManager()
        scanManager.productResultDelegate = self
        do {
            try scanManager.startVideoScan(scanCameraView: scanCameraView, rectOfInterest: .frame)
            log.record("video scan started")
        } catch {
            log.record("video scan failed \(error)")
        }
    }

    func stopScanning(rezolveSession: RezolveSession?) {
        rezolveSession?.getScanManager().stopVideoScan()
    }

    /// Background listening: this screen as the auto-detect delegate, then video and audio scans. Audio watermarks
    /// need Rezolve's own decoder, so `startAudioScan()` throws in CommerceKit.
    func startBackgroundListening(rezolveSession: RezolveSession?) {
        guard let scanManager = rezolveSession?.getScanManager() else {
            return
        }
        scanManager.autoDetectManagerDelegate = self
        try? scanManager.startVideoScan(scanCameraView: scanCameraView, rectOfInterest: .frame)
        try? scanManager.startAudioScan()
        do {
            try scanManager.startAudioScan()
        } catch {
            log.record("audio scan unavailable")
        }
        scanManager.backgroundListening.start()
    }

    func stopBackgroundListening(rezolveSession: RezolveSession?) {
        rezolveSession?.getScanManager().stopAudioScan()
        rezolveSession?.getScanManager().backgroundListening.stop()
    }

    /// Whether a target's `customUrl` is a Rezolve trigger, by the document's rules: it begins with `https://rzlv.co`
    /// and its path has four numbers for a product (three for a category).
    static func isRezolveTrigger(_ customUrl: String, segments: Int) -> Bool {
        guard let url = URL(string: customUrl), url.host == "rzlv.co", url.scheme == "https" || url.scheme == "http"
        else { return false }
        let parts = url.path.split(separator: "/")
        return parts.count == segments && parts.allSatisfy { Int($0) != nil }
    }
}

extension RezolveScanScreen: ProductDelegate {
    func onStartRecognizeImage() {
        // Suggestion: show an interstitial loader.
        log.record("scan start main=\(RezolveSampleLog.onMain)")
    }

    func onFinishRecognizeImage() {
        log.record("scan finish main=\(RezolveSampleLog.onMain)")
    }

    func onCategoryResult(merchantId: String, category: RezolveCategory) {
        log.record("scan category \(merchantId) \(category.id)")
    }

    func onCategoryProductsResult(
        merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>
    ) {
        log.record("scan category products \(merchantId) \(category.id) \(productsPage.items.count)")
    }

    func onProductResult(product: Product) {
        log.record("scan product \(product.id) main=\(RezolveSampleLog.onMain)")
    }

    func onError(error: String) {
        log.record("scan error main=\(RezolveSampleLog.onMain) \(error)")
    }

    func onSspEngagementResult(engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType) {
        // `engagement` holds the basic structure of a resolved SSP engagement.
        let id = engagement.engagementId
        let scanId = engagement.serviceId
        let path = engagement.payloadPath
        let payoffs = engagement.payoffs
        let payload = engagement.rezolveCustomPayload
        log.record("engagement \(id) \(scanId) \(path) \(payoffs.count) \(eventType.rawValue)")

        // Whichever target is set decides what to show; a `customUrl` redirects to the linked entity.
        if let act = payload.act?.act {
            if let customUrl = act.customUrl {
                log.record("act link \(customUrl)")
                return
            }
            log.record("act \(act.id) \(act.isInformationPage ?? false)")
        } else if let product = payload.product {
            if let customUrl = product.customUrl {
                let isTrigger = Self.isRezolveTrigger(customUrl, segments: 4)
                log.record(isTrigger ? "product trigger \(customUrl)" : "open \(customUrl)")
                return
            }
        } else if let category = payload.category {
            if let customUrl = category.customUrl {
                let isTrigger = Self.isRezolveTrigger(customUrl, segments: 3)
                log.record(isTrigger ? "category trigger \(customUrl)" : "open \(customUrl)")
                return
            }
        }
    }
}

extension RezolveScanScreen: AutoDetectManagerDelegate {
    func onAutoDetectStopListening(resolved: [AutoDetectResult]) {
        for item in resolved {
            log.record("heard \(item.description())")
        }
        log.record("heard \(resolved.count)")
    }

    func onAutoDetectError(error: String) {
        log.record("listening error \(error)")
    }
}

/// "Trigger Manager": a touch trigger resolved into the product or category it links to, under both the
/// document's call and the name its text gives it.
final class RezolveTriggerScreen {
    let log: RezolveSampleLog

    init(log: RezolveSampleLog) { self.log = log }

    func open(url: URL, rezolveSession: RezolveSession?) {
        let log = self.log
        rezolveSession?.triggerManager.resolve(
            url: url,
            productDelegate: self,
            onRezolveTriggerStart: { log.record("trigger start main=\(RezolveSampleLog.onMain)") },
            onRezolveTriggerEnd: { log.record("trigger end main=\(RezolveSampleLog.onMain)") },
            errorCallback: { error in log.record("trigger error \(error.message)") }
        )
    }

    /// The document's sample URL, `http://rzlv.co/1/2/3/8?ad=20&placement=25`, with its empty callbacks.
    func openSampleTrigger(rezolveSession: RezolveSession?) {
        let url = URL(string: "http://rzlv.co/1/2/3/8?ad=20&placement=25")
        rezolveSession?.triggerManager.resolve(
            url: url!,
            productDelegate: self,
            onRezolveTriggerStart: {},
            onRezolveTriggerEnd: {},
            errorCallback: { error in }
        )
    }

    /// `TriggerManager.resolveTrigger`, as the document's text names the call.
    func openTrigger(url: URL, rezolveSession: RezolveSession?) {
        let log = self.log
        rezolveSession?.triggerManager.resolveTrigger(
            url: url,
            productDelegate: self,
            onRezolveTriggerStart: { log.record("trigger start main=\(RezolveSampleLog.onMain)") },
            onRezolveTriggerEnd: { log.record("trigger end main=\(RezolveSampleLog.onMain)") },
            errorCallback: { error in log.record("trigger error \(error.message)") }
        )
    }

    /// `resolveTrigger`'s short form, with only the delegate.
    func openTriggerWithDelegateOnly(url: URL, rezolveSession: RezolveSession?) {
        rezolveSession?.triggerManager.resolveTrigger(url: url, productDelegate: self)
    }
}

extension RezolveTriggerScreen: ProductDelegate {
    func onStartRecognizeImage() {}

    func onFinishRecognizeImage() {}

    func onCategoryResult(merchantId: String, category: RezolveSDK.Category) {
        log.record("trigger category \(merchantId) \(category.id) main=\(RezolveSampleLog.onMain)")
    }

    func onCategoryProductsResult(
        merchantId: String, category: RezolveSDK.Category, productsPage: PageResult<DisplayProduct>
    ) {
        log.record("trigger category \(merchantId) \(category.id) main=\(RezolveSampleLog.onMain)")
    }

    func onProductResult(product: Product) {
        log.record("trigger product \(product.id) main=\(RezolveSampleLog.onMain)")
    }

    func onError(error: String) {
        log.record("trigger delegate error \(error)")
    }
}
