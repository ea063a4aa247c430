import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The web checkout a browser opens (spec §5.1): the checkout page behind `Checkout.webUrl`, its "Pay with
/// test card" form, and the order status page behind `Order.statusUrl` / `Checkout.orderStatusUrl`.
/// A wrong shop, token or key is a 404 page: the key is what makes these links private.
struct WebCheckoutPages: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        router.get("/:shop/checkouts/:token") { request in
            let now = context.clock.now()
            let page: String? = try await context.database.read { db in
                guard let found = try Self.checkout(db, request) else { return nil }
                let (checkout, shop) = found
                let catalog = try StorefrontCatalogStore.snapshot(db, shopID: shop.id)
                let order = try checkout.orderID.flatMap { try StorefrontOrderStore.order(db, id: $0, shopID: shop.id) }
                return WebCheckoutHTML.checkoutPage(checkout, shop: shop, catalog: catalog, order: order, now: now)
            }
            return page.map { SandboxResponse.html($0) } ?? Self.notFound("Checkout not found")
        }

        router.post("/:shop/checkouts/:token/complete") { request in
            let now = context.clock.now()
            let publicURL: @Sendable (String) -> String = { [context] path in context.publicURL(path: path) }
            let answer: SandboxResponse? = try await context.database.write { db in
                guard let found = try Self.checkout(db, request) else { return nil }
                let (checkout, shop) = found
                let back = WebCheckoutHTML.checkoutPath(checkout)
                switch try WebCheckoutCompletion.complete(
                    db, checkout: checkout, shop: shop, email: nil, now: now, publicURL: publicURL)
                {
                case .accepted(let payment):
                    return .html(WebCheckoutHTML.acceptedPage(payment, shop: shop, checkoutPath: back))
                case .refused(let entries):
                    return .html(
                        WebCheckoutHTML.refusedPage(entries.map(\.message), shop: shop, checkoutPath: back), status: 422
                    )
                }
            }
            return answer ?? Self.notFound("Checkout not found")
        }

        router.get("/:shop/orders/:token/authenticate") { request in
            let page: String? = try await context.database.read { db in
                guard let shopID = Int64(request.parameter("shop")),
                    let shop = try StorefrontShopStore.shop(db, id: shopID),
                    let order = try StorefrontOrderStore.order(db, token: request.parameter("token"), shopID: shopID),
                    request.query["key"] == order.key
                else { return nil }
                return WebCheckoutHTML.orderPage(order, shop: shop)
            }
            return page.map { SandboxResponse.html($0) } ?? Self.notFound("Order not found")
        }
    }

    /// The checkout and shop a page URL names, when the shop number, token and `key` all match.
    private static func checkout(_ db: Database, _ request: SandboxRequest) throws -> (CheckoutRecord, ShopRecord)? {
        guard let shopID = Int64(request.parameter("shop")), let shop = try StorefrontShopStore.shop(db, id: shopID),
            let checkout = try StorefrontCheckoutStore.checkout(db, token: request.parameter("token"), shopID: shopID),
            request.query["key"] == checkout.key
        else { return nil }
        return (checkout, shop)
    }

    private static func notFound(_ title: String) -> SandboxResponse {
        .html(WebCheckoutHTML.document(title: title, body: "<h1>\(HTMLEscaping.escape(title))</h1>"), status: 404)
    }
}
