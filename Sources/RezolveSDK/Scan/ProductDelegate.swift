import Foundation

/// Receives what scans and triggers found: products, categories and SSP engagements. Every method has an
/// empty default, so apps implement only what they need. Calls arrive on the main actor, which the protocol
/// states, so a view controller conforms as the seed's snippets do under Swift 6.
@MainActor
public protocol ProductDelegate: AnyObject {
    /// Called when a detection starts being resolved, before any result; a place to show a spinner.
    func onStartRecognizeImage()
    /// Called after the result or error callback of a detection, whatever the outcome.
    func onFinishRecognizeImage()
    /// Called with a category that lists no products (only subcategories, if any), and the merchant id as text.
    func onCategoryResult(merchantId: String, category: RezolveCategory)
    /// Called with a category that lists products, the merchant id as text, and the first page of its products.
    func onCategoryProductsResult(
        merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>)
    /// Called with the full details of the product a trigger or detection pointed at.
    func onProductResult(product: Product)
    /// Called with a readable message when resolving failed.
    func onError(error: String)
    /// Called with an SSP engagement a detection resolved to, and the event type matching how it was found.
    func onSspEngagementResult(engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType)
}

extension ProductDelegate {
    /// Does nothing unless the conforming type implements it.
    public func onStartRecognizeImage() {}
    /// Does nothing unless the conforming type implements it.
    public func onFinishRecognizeImage() {}
    /// Does nothing unless the conforming type implements it.
    public func onCategoryResult(merchantId: String, category: RezolveCategory) {}
    /// Does nothing unless the conforming type implements it.
    public func onCategoryProductsResult(
        merchantId: String, category: RezolveCategory, productsPage: PageResult<DisplayProduct>
    ) {}
    /// Does nothing unless the conforming type implements it.
    public func onProductResult(product: Product) {}
    /// Does nothing unless the conforming type implements it.
    public func onError(error: String) {}
    /// Does nothing unless the conforming type implements it.
    public func onSspEngagementResult(
        engagement: ResolverEngagement, eventType: RezolveEventReport.RezolveEventReportType
    ) {}
}

/// Receives the items a background-listening session gathered, when it stops (spec §2.9). Called on the
/// main actor.
@MainActor
public protocol AutoDetectManagerDelegate: AnyObject {
    /// Called once when background listening stops, with the items gathered, without duplicates.
    func onAutoDetectStopListening(resolved: [AutoDetectResult])
    /// Called with a readable message if background listening fails; CommerceKit itself does not call it yet, having no
    /// capture layer.
    func onAutoDetectError(error: String)
}

extension AutoDetectManagerDelegate {
    /// Does nothing unless the conforming type implements it.
    public func onAutoDetectStopListening(resolved: [AutoDetectResult]) {}
    /// Does nothing unless the conforming type implements it.
    public func onAutoDetectError(error: String) {}
}
