import CommerceCore
import Foundation

/// Resolves `rzlv.co` touch-trigger URLs into products and categories (spec §2.5, §3.7).
public final class TriggerManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    /// Classifies `url` and fetches what it points at; a plain URL comes back as `.url` without a request.
    ///
    /// The session's partner is used in the request path (the trigger's partner segment is informational);
    /// `ad`/`placement` travel as `ad_id`/`placement_id`, and a product keeps them as its `productPlacement`.
    public func resolve(url: URL) async throws(RezolveError) -> TriggerResolution {
        switch TriggerClassification.classify(url) {
        case .url(let plain):
            return .url(plain)
        case .product(let trigger):
            guard let productId = trigger.productId else { return .url(url) }
            let path = core.customerPath(
                1, "/merchant/\(trigger.merchantId)/category/\(trigger.categoryId)/product/\(productId)")
            var product = try await core.get(Product.self, path, query: Self.adQuery(trigger))
            product.productPlacement = trigger.placement
            return .product(product)
        case .category(let trigger):
            let path = core.customerPath(2, "/merchant/\(trigger.merchantId)/category/\(trigger.categoryId)")
            let category = try await core.get(
                Category.self, path,
                query: PageNavigationFilter.default.queryItems + Self.adQuery(trigger))
            return .category(merchantId: String(trigger.merchantId), category)
        }
    }

    /// The seed's callback form. In order: `onRezolveTriggerStart` (at once when called on the main thread),
    /// exactly one of `onProductResult`, `onCategoryProductsResult` (a category with products), `onCategoryResult`
    /// (one without) or `errorCallback` (`.notARezolveTrigger` for a plain URL, which the app opens itself, or the
    /// call's error), and finally `onRezolveTriggerEnd`.
    ///
    /// Callable from any thread and any class, as the Rezolve document calls it; the delegate and the callbacks
    /// are always called on the main actor. The delegate is held until `onRezolveTriggerEnd` has been called.
    public func resolve(
        url: URL, productDelegate: any ProductDelegate,
        onRezolveTriggerStart: @escaping @MainActor () -> Void,
        onRezolveTriggerEnd: @escaping @MainActor () -> Void,
        errorCallback: @escaping @MainActor (RezolveError) -> Void
    ) {
        // The delegate is touched only on the main actor, below; the document passes `self` from any class.
        nonisolated(unsafe) let delegate = productDelegate
        MainActorDelivery.run {
            onRezolveTriggerStart()
            Task { @MainActor in
                do throws(RezolveError) {
                    Self.deliver(try await self.resolve(url: url), to: delegate, errorCallback: errorCallback)
                } catch {
                    errorCallback(error)
                }
                onRezolveTriggerEnd()
            }
        }
    }

    /// The name the Rezolve document's text gives the touch-trigger call: the same as
    /// ``resolve(url:productDelegate:onRezolveTriggerStart:onRezolveTriggerEnd:errorCallback:)``.
    public func resolveTrigger(
        url: URL, productDelegate: any ProductDelegate,
        onRezolveTriggerStart: @escaping @MainActor () -> Void = {},
        onRezolveTriggerEnd: @escaping @MainActor () -> Void = {},
        errorCallback: @escaping @MainActor (RezolveError) -> Void = { _ in }
    ) {
        resolve(
            url: url, productDelegate: productDelegate, onRezolveTriggerStart: onRezolveTriggerStart,
            onRezolveTriggerEnd: onRezolveTriggerEnd, errorCallback: errorCallback)
    }

    /// The async form under the document's name: the same as ``resolve(url:)``.
    public func resolveTrigger(url: URL) async throws(RezolveError) -> TriggerResolution {
        try await resolve(url: url)
    }

    /// Hands a resolution to the delegate, or a plain URL to `errorCallback`, as the callback forms of the
    /// trigger manager and the scan manager both do.
    @MainActor
    static func deliver(
        _ resolution: TriggerResolution, to delegate: (any ProductDelegate)?,
        errorCallback: (@MainActor (RezolveError) -> Void)?
    ) {
        switch resolution {
        case .product(let product):
            delegate?.onProductResult(product: product)
        case .category(let merchantId, let category):
            if category.hasProducts || !category.products.isEmpty {
                delegate?.onCategoryProductsResult(
                    merchantId: merchantId, category: category, productsPage: category.productsPage)
            } else {
                delegate?.onCategoryResult(merchantId: merchantId, category: category)
            }
        case .url(let url):
            errorCallback?(.notARezolveTrigger(url))
        }
    }

    /// `ad_id` and `placement_id`, each only when present.
    static func adQuery(_ trigger: RezolveTrigger) -> [(String, String)] {
        var query: [(String, String)] = []
        if let adId = trigger.adId { query.append(("ad_id", adId)) }
        if let placementId = trigger.placementId { query.append(("placement_id", placementId)) }
        return query
    }
}
