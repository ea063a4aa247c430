import Foundation

// Triggers, SSP acts and scanning belong to part 2 of CommerceKit's Rezolve support. The managers exist now so
// that sessions already have their final shape; every call fails with `.notYetAvailable` until part 2 lands.

/// Resolves `rzlv.co` touch-trigger URLs into products and categories (part 2).
public final class TriggerManager: Sendable {
    init() {}

    /// Not available yet: always throws `.notYetAvailable`.
    public func resolve(url: URL) async throws(RezolveError) -> TriggerResolution {
        throw .notYetAvailable("Trigger resolution arrives with part 2 of the Rezolve SDK.")
    }

    /// Callback form of ``resolve(url:)``: calls `onRezolveTriggerStart`, then `errorCallback`, then
    /// `onRezolveTriggerEnd`.
    public func resolve(url: URL, productDelegate: any ProductDelegate,
                        onRezolveTriggerStart: @escaping @MainActor () -> Void,
                        onRezolveTriggerEnd: @escaping @MainActor () -> Void,
                        errorCallback: @escaping @MainActor (RezolveError) -> Void) {
        Deliver.run({ () async throws(RezolveError) in try await self.resolve(url: url) }, completion: { result in
            onRezolveTriggerStart()
            if case .failure(let error) = result { errorCallback(error) }
            onRezolveTriggerEnd()
        })
    }
}

/// What a trigger URL resolved to.
public enum TriggerResolution: Sendable {
    case product(Product)
    case category(merchantId: String, RezolveCategory)
    case url(URL)
}

/// Gets and submits SSP acts (part 2).
public final class SspActManager: Sendable {
    /// Whether ``Rezolve`` was given SSP settings.
    public let isConfigured: Bool

    init(isConfigured: Bool) { self.isConfigured = isConfigured }

    /// Throws `.sspNotConfigured` without SSP settings, otherwise `.notYetAvailable` until part 2.
    public func checkAvailable() throws(RezolveError) {
        guard isConfigured else { throw .sspNotConfigured }
        throw .notYetAvailable("SSP acts arrive with part 2 of the Rezolve SDK.")
    }
}

/// Video and audio scanning (Apple only) and background listening (part 2).
public final class ScanManager: Sendable {
    init() {}

    /// Not available yet on any platform.
    public func startVideoScan() throws(RezolveError) {
        throw .notYetAvailable("Scanning arrives with part 2 of the Rezolve SDK.")
    }

    /// Not available yet on any platform.
    public func startAudioScan() throws(RezolveError) {
        throw .notYetAvailable("Scanning arrives with part 2 of the Rezolve SDK.")
    }
}

/// Receives products and categories found by scans and triggers. Every method has an empty default.
public protocol ProductDelegate: AnyObject {
    func onStartRecognizeImage()
    func onFinishRecognizeImage()
    func onCategoryResult(merchantId: String, category: RezolveCategory)
    func onCategoryProductsResult(merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>)
    func onProductResult(product: Product)
    func onError(error: String)
}

extension ProductDelegate {
    public func onStartRecognizeImage() {}
    public func onFinishRecognizeImage() {}
    public func onCategoryResult(merchantId: String, category: RezolveCategory) {}
    public func onCategoryProductsResult(merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>) {}
    public func onProductResult(product: Product) {}
    public func onError(error: String) {}
}
