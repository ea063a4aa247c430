import Foundation

/// Reports what the user does with products, through ``ButtonMerchant/activity``. Results are not reported
/// back; the calls only queue a request.
public protocol Activity: Sendable {
    /// The user looked at a product page.
    func productViewed(_ product: ButtonProductCompatible?)
    /// The user put a product in the cart.
    func productAddedToCart(_ product: ButtonProductCompatible?)
    /// The user opened the cart holding these products.
    func cartViewed(_ products: [ButtonProductCompatible]?)
}

/// The ``Activity`` handed out by the facade, bound to the core that was current at the time.
struct ActivityReporter: Activity {
    let core: ButtonCore

    func productViewed(_ product: ButtonProductCompatible?) {
        // A nil product still reports the activity, with an empty list (1.8.0 behaviour).
        core.reportActivity(name: "product-viewed", products: ActivityBody.products(product.map { [$0] } ?? []))
    }

    func productAddedToCart(_ product: ButtonProductCompatible?) {
        core.reportActivity(name: "add-to-cart", products: ActivityBody.products(product.map { [$0] } ?? []))
    }

    func cartViewed(_ products: [ButtonProductCompatible]?) {
        // Unlike the single-product calls, a nil cart leaves `products` out entirely.
        core.reportActivity(name: "cart-viewed", products: products.map(ActivityBody.products))
    }
}
