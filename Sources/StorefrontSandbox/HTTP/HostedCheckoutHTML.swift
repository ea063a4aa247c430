import CommerceCore
import Foundation
import SandboxCore

/// The hosted checkout's pages (``HostedCheckout``), in ``WebCheckoutHTML``'s document at phone width. Every
/// shop, catalog and buyer value is escaped with ``HTMLEscaping``.
enum HostedCheckoutHTML {
    /// `Cart.checkoutUrl` on 2026-04.
    static func path(cartToken: String) -> String { "/cart/c/\(cartToken)/checkout" }

    static func document(title: String, body: String) -> String {
        WebCheckoutHTML.document(title: title, body: body, phoneWidth: true)
    }

    /// The form: lines and subtotal, contact, address, delivery option, test card.
    static func formPage(
        _ cart: CartRecord, shop: ShopRecord, catalog: CatalogSnapshot, messages: [String] = [],
        entered: HostedCheckout.Submission? = nil
    ) -> String {
        var rows = ""
        var subtotal: Int64 = 0
        for line in StorefrontPages.pricedLines(cart, catalog: catalog) {
            subtotal += line.cents
            rows +=
                "<li>\(e(line.product)) — \(e(line.variant)) × \(line.quantity): "
                + "\(StorefrontFormat.money(cents: line.cents)) \(e(shop.currency))</li>\n"
        }
        let errors =
            messages.isEmpty ? "" : "<ul class=\"errors\">" + messages.map { "<li>\(e($0))</li>" }.joined() + "</ul>\n"
        let address = HostedCheckout.addressFields.map { field in
            "<label>\(field) <input name=\"\(field)\" value=\"\(e(entered?.address[field] ?? ""))\"></label><br>"
        }.joined(separator: "\n")
        let options = CheckoutPricing.ratesByCountry.keys.sorted().flatMap { country in
            (CheckoutPricing.ratesByCountry[country] ?? []).map { rate in
                "<option value=\"\(e(rate.handle))\">\(e(country)): \(e(rate.title)) "
                    + "\(StorefrontFormat.money(cents: rate.priceCents)) \(e(shop.currency))</option>"
            }
        }.joined(separator: "\n")
        return document(
            title: "\(shop.name) — Checkout",
            body: """
                <h1>\(e(shop.name)) checkout</h1>
                <ul>\n\(rows)</ul>
                <p>Subtotal: \(StorefrontFormat.money(cents: subtotal)) \(e(shop.currency))</p>
                \(errors)<form method="post" action="\(e(path(cartToken: cart.token)))">
                <label>email <input name="email" type="email" value="\(e(entered?.email ?? cart.buyerEmail ?? ""))"></label><br>
                \(address)
                <label>delivery <select name="deliveryOption">\n\(options)</select></label><br>
                <label>card number <input name="card" inputmode="numeric" value=""></label>
                <p>Test cards: 1 approved, 2 declined, 3 gateway error.</p>
                <button type="submit">Pay now</button>
                </form>
                """)
    }

    static func approvedPage(_ order: OrderRecord, shop: ShopRecord, statusURL: String) -> String {
        document(
            title: "Order \(order.name)",
            body: """
                <h1>Thank you — order \(e(order.name))</h1>
                <p>Total: \(StorefrontFormat.money(cents: order.totalCents)) \(e(shop.currency))</p>
                <p><a href="\(e(statusURL))">Order status</a></p>
                """)
    }

    static func declinedPage(gatewayError: Bool, cartToken: String) -> String {
        let title = gatewayError ? "Payment gateway error" : "Card declined"
        let detail =
            gatewayError
            ? "The payment gateway reported an error. No order was placed; try again."
            : "Your card was declined. No order was placed; try another card."
        return document(
            title: title,
            body: """
                <h1>\(e(title))</h1>
                <p>\(e(detail))</p>
                <p><a href="\(e(path(cartToken: cartToken)))">Back to checkout</a></p>
                """)
    }

    private static func e(_ text: String) -> String { HTMLEscaping.escape(text) }
}
