import Foundation

/// Receives what scans and triggers found: products, categories and SSP engagements. Every method has an
/// empty default, so apps implement only what they need. Calls arrive on the main actor, which the protocol
/// states, so a view controller conforms as the seed's snippets do under Swift 6.
@MainActor
public protocol ProductDelegate: AnyObject {
    func onStartRecognizeImage()
    func onFinishRecognizeImage()
    func onCategoryResult(merchantId: String, category: RezolveCategory)
    func onCategoryProductsResult(merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>)
    func onProductResult(product: Product)
    func onError(error: String)
    func onSspEngagementResult(engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType)
}

extension ProductDelegate {
    public func onStartRecognizeImage() {}
    public func onFinishRecognizeImage() {}
    public func onCategoryResult(merchantId: String, category: RezolveCategory) {}
    public func onCategoryProductsResult(merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>) {}
    public func onProductResult(product: Product) {}
    public func onError(error: String) {}
    public func onSspEngagementResult(engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType) {}
}

/// Receives the items a background-listening session gathered, when it stops (spec §2.9). Called on the
/// main actor.
@MainActor
public protocol AutoDetectManagerDelegate: AnyObject {
    func onAutoDetectStopListening(resolved: [AutoDetectResult])
    func onAutoDetectError(error: String)
}

extension AutoDetectManagerDelegate {
    public func onAutoDetectStopListening(resolved: [AutoDetectResult]) {}
    public func onAutoDetectError(error: String) {}
}

/// A weak reference to a delegate, for the scan manager's settable delegates.
///
/// Delegates are UI objects that are not `Sendable`; the SDK only ever calls them on the main actor, which is
/// what makes holding them here safe, hence `@unchecked`.
struct WeakDelegate<Delegate>: @unchecked Sendable {
    private weak var object: AnyObject?
    init(_ delegate: Delegate?) { object = delegate.map { $0 as AnyObject } }
    var value: Delegate? { object as? Delegate }
}
