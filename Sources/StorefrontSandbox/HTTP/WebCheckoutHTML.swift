import CommerceCore
import Foundation
import SandboxCore

/// The HTML of the web checkout pages. Every value that comes from a shop, a buyer or the catalog goes
/// through ``HTMLEscaping``: product titles, addresses and emails are all caller-chosen text.
enum WebCheckoutHTML {
    /// `phoneWidth` adds a viewport for the hosted checkout (the 2021-10 pages stay as they were), `style` a
    /// stylesheet written by the sandbox (never buyer text).
    static func document(title: String, body: String, phoneWidth: Bool = false, style: String = "") -> String {
        let viewport = phoneWidth ? "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" : ""
        let sheet = style.isEmpty ? "" : "<style>\(style)</style>"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\(viewport)<title>\(e(title))</title>\(sheet)</head>
            <body>
            \(body)
            <p>This is the CommerceKit sandbox: no real payment is taken.</p>
            </body></html>
            """
    }

    /// `Checkout.webUrl`'s path (spec §5.8).
    static func checkoutPath(_ checkout: CheckoutRecord) -> String {
        "/\(checkout.shopID)/checkouts/\(checkout.token)?key=\(checkout.key)"
    }

    /// The summary: lines, address, shipping, totals, and what can happen next for the checkout's status.
    static func checkoutPage(
        _ checkout: CheckoutRecord, shop: ShopRecord, catalog: CatalogSnapshot, order: OrderRecord?,
        now: Date
    ) -> String {
        let currency = e(shop.currency)
        var rows = ""
        for line in checkout.lines {
            let variant = catalog.variantsByID[line.variantID]?.title
            let item =
                variant.map { $0 == "Default Title" ? e(line.title) : "\(e(line.title)) — \(e($0))" } ?? e(line.title)
            rows +=
                "<tr><td>\(item)</td><td>\(line.quantity)</td>"
                + "<td>\(money(line.unitPriceCents * line.quantity)) \(currency)</td></tr>\n"
        }
        // The amounts a completion would charge now, without advancing any pending recalculation.
        let totals = CheckoutPricing.totals(checkout, shopCountry: shop.country)
        var body = "<h1>\(e(shop.name)) checkout</h1>\n"
        body += "<table><tr><th>Item</th><th>Quantity</th><th>Amount</th></tr>\n\(rows)</table>\n"
        body += "<p>Email: \(e(checkout.email ?? "—"))</p>\n"
        if let address = checkout.shippingAddress { body += "<p>Ship to: \(e(addressLine(address)))</p>\n" }
        if let line = checkout.shippingLine {
            body += "<p>Shipping: \(e(line.title)) \(money(line.priceCents)) \(currency)</p>\n"
        }
        body += "<p>Subtotal: \(money(totals.subtotalCents)) \(currency)<br>Tax: \(money(totals.taxCents)) \(currency)"
        if let duties = totals.dutiesCents { body += "<br>Duties: \(money(duties)) \(currency)" }
        body += "<br><strong>Total: \(money(totals.totalCents)) \(currency)</strong></p>\n"
        switch checkout.status {
        case .open:
            body += """
                <form method="post" action="\(e("/\(checkout.shopID)/checkouts/\(checkout.token)/complete?key=\(checkout.key)"))">
                <button type="submit">Pay with test card</button></form>
                """
        case .processing:
            body += "<p>Your payment is being processed.</p>"
        case .completed:
            body += "<p>This checkout is complete."
            if let order { body += " <a href=\"\(e(OrderWriter.statusPath(order)))\">Order \(e(order.name))</a>" }
            body += "</p>"
        }
        return document(title: "\(shop.name) — Checkout", body: body)
    }

    static func acceptedPage(_ payment: PaymentRecord, shop: ShopRecord, checkoutPath: String) -> String {
        document(
            title: "\(shop.name) — Payment accepted",
            body: """
                <h1>Payment accepted</h1>
                <p>The test card was accepted for \(money(payment.amountCents)) \(e(payment.currency)); the order is placed once the payment is processed.</p>
                <p><a href="\(e(checkoutPath))">Back to the checkout</a></p>
                """)
    }

    static func refusedPage(_ messages: [String], shop: ShopRecord, checkoutPath: String) -> String {
        let items = messages.map { "<li>\(e($0))</li>" }.joined(separator: "\n")
        return document(
            title: "\(shop.name) — Checkout incomplete",
            body: """
                <h1>This checkout cannot be paid yet</h1>
                <ul>
                \(items)
                </ul>
                <p><a href="\(e(checkoutPath))">Back to the checkout</a></p>
                """)
    }

    static func orderPage(_ order: OrderRecord, shop: ShopRecord) -> String {
        let currency = e(order.currency)
        let rows = order.lines.map { line in
            "<tr><td>\(e(line.title))</td><td>\(line.quantity)</td><td>\(money(line.unitPriceCents * line.quantity)) \(currency)</td></tr>"
        }.joined(separator: "\n")
        return document(
            title: "\(shop.name) — Order \(order.name)",
            body: """
                <h1>Order \(e(order.name))</h1>
                <p>Thank you\(order.email.map { ", \(e($0))" } ?? "")! Placed \(e(StorefrontFormat.dateTime(order.processedAt))).</p>
                <p>Payment: paid. Fulfillment: unfulfilled.</p>
                <table><tr><th>Item</th><th>Quantity</th><th>Amount</th></tr>
                \(rows)
                </table>
                <p>Subtotal: \(money(order.subtotalCents)) \(currency)<br>Shipping: \(money(order.shippingCents)) \(currency)<br>
                Tax: \(money(order.taxCents)) \(currency)<br><strong>Total: \(money(order.totalCents)) \(currency)</strong></p>
                """)
    }

    private static func addressLine(_ values: [String: String]) -> String {
        let name = [values["firstName"], values["lastName"]].compactMap { $0 }.joined(separator: " ")
        return [
            name, values["address1"], values["address2"], values["city"], values["province"], values["zip"],
            values["country"].map(Countries.name(for:)),
        ]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    private static func money(_ cents: Int64) -> String { StorefrontFormat.money(cents: cents) }

    private static func e(_ text: String) -> String { HTMLEscaping.escape(text) }
}
