import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Pages a browser opens: the cart page behind `Cart.checkoutUrl` and the generated product images (spec §5.1).
struct StorefrontPages: Sendable {
    let context: SandboxContext

    /// A 1×1 PNG served for every image name (the API reports 800×800; apps only need a decodable image).
    static let placeholderPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQyr8GAAI2AXC90xqjAAAAAElFTkSuQmCC")
        ?? Data()

    func register(on router: ServiceRoutes) {
        router.get("/sandbox/storefront/images/:file") { request in
            let file = request.parameter("file")
            guard file.hasSuffix(".png"), file.count > 4 else {
                return StorefrontControlRoutes.notFound("No image named \(file)")
            }
            return SandboxResponse(
                status: 200, headers: ["Content-Type": "image/png", "Cache-Control": "max-age=86400"],
                body: Self.placeholderPNG)
        }
        router.get("/cart/c/:token") { request in
            let token = request.parameter("token")
            let now = context.clock.now()
            let page: String? = try await context.database.read { db in
                guard
                    let shopID = try StorefrontCartStore.shopID(db, token: token),
                    let cart = try StorefrontCartStore.cart(db, token: token, shopID: shopID, now: now)
                else { return nil }
                let catalog = try StorefrontCatalogStore.snapshot(db, shopID: shopID)
                let shop = try StorefrontShopStore.shop(db, id: shopID)
                return Self.cartPage(
                    cart, catalog: catalog, shopName: shop?.name ?? "Shop", currency: shop?.currency ?? "")
            }
            guard let page else {
                return .html("<!doctype html><title>Cart not found</title><h1>Cart not found</h1>", status: 404)
            }
            return .html(page)
        }
    }

    static func cartPage(_ cart: CartRecord, catalog: CatalogSnapshot, shopName: String, currency: String) -> String {
        var rows = ""
        var total: Int64 = 0
        for line in pricedLines(cart, catalog: catalog) {
            total += line.cents
            rows +=
                "<tr><td>\(escape(line.product)) — \(escape(line.variant))</td>"
                + "<td>\(line.quantity)</td><td>\(StorefrontFormat.money(cents: line.cents)) \(currency)</td></tr>\n"
        }
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(escape(shopName)) — Cart</title></head>
            <body><h1>\(escape(shopName)) cart</h1>
            <table><tr><th>Item</th><th>Quantity</th><th>Amount</th></tr>
            \(rows)</table>
            <p>Total: \(StorefrontFormat.money(cents: total)) \(currency)</p>
            <p>This is the CommerceKit sandbox: no real payment is taken.</p>
            </body></html>
            """
    }

    /// A cart's lines as its pages show them: titles (raw, for the caller to escape) and amounts now.
    static func pricedLines(_ cart: CartRecord, catalog: CatalogSnapshot) -> [(
        product: String, variant: String, quantity: Int64, cents: Int64
    )] {
        cart.lines.map { line in
            let variant = catalog.variantsByID[line.variantID]
            let product = variant.flatMap { catalog.productsByID[$0.productID] }
            return (
                product?.title ?? "Unknown item", variant?.title ?? "", line.quantity,
                (variant?.priceCents ?? 0) * line.quantity
            )
        }
    }

    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
