import CommerceCore
import Foundation
import SandboxCore

/// The hosted checkout's form (``HostedCheckout``), in ``WebCheckoutHTML``'s document at phone width: every input
/// labelled, each refusal next to the field it names, what the buyer typed kept (but the card number), and the
/// delivery options of the entered address with their prices. Every shop, catalog, cart and buyer value is escaped
/// with ``HTMLEscaping``; the page has no script.
enum HostedCheckoutHTML {
    /// `Cart.checkoutUrl` on 2026-04.
    static func path(cartToken: String) -> String { "/cart/c/\(cartToken)/checkout" }

    /// What the form shows besides the cart: the buyer's last submission and why it was not paid.
    struct FormState: Sendable {
        var entered: HostedCheckout.Submission?
        var problems: [CartCompletion.Problem] = []
        /// After card `2` (`false`) or `3` (`true`): the payment was refused and nothing was written.
        var declined: Bool?
    }

    /// One labelled input: name, label, input type and autocomplete token.
    private struct Field {
        let name: String
        let label: String
        var type = "text"
        let autocomplete: String
        var required = true
    }

    private static let contactFields = [Field(name: "email", label: "Email", type: "email", autocomplete: "email")]
    // The names are ``HostedCheckout/addressFields``; the model requires address1, city and country.
    private static let addressFields = [
        Field(name: "firstName", label: "First name", autocomplete: "given-name", required: false),
        Field(name: "lastName", label: "Last name", autocomplete: "family-name", required: false),
        Field(name: "address1", label: "Address", autocomplete: "address-line1"),
        Field(name: "city", label: "City", autocomplete: "address-level2"),
        Field(name: "province", label: "Province or state", autocomplete: "address-level1", required: false),
        Field(name: "country", label: "Country code (CA, US or GB deliver)", autocomplete: "country"),
        Field(name: "zip", label: "Postal or ZIP code", autocomplete: "postal-code", required: false),
    ]

    static func document(title: String, body: String) -> String {
        WebCheckoutHTML.document(title: title, body: body, phoneWidth: true, style: style)
    }

    /// Phone-first: one column, full-width inputs, errors in red right under their input.
    private static let style = """
        body{font-family:system-ui,sans-serif;max-width:32rem;margin:0 auto;padding:1rem;line-height:1.4}\
        label{display:block;font-weight:600;margin-top:.75rem}\
        input[type=text],input[type=email]{display:block;box-sizing:border-box;width:100%;padding:.5rem;font-size:1rem}\
        fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem 1rem}\
        .error{color:#b00020;display:block}.banner{border:2px solid #b00020;padding:.5rem 1rem}\
        .rate label{display:inline;font-weight:400}button{font-size:1rem;padding:.6rem 1rem;margin-top:.5rem}\
        dl.totals{display:grid;grid-template-columns:1fr auto}dl.totals dd{margin:0;text-align:right}
        """

    /// The form: lines, note and attributes, totals, contact, address, delivery option, test card.
    static func formPage(_ cart: CartRecord, shop: ShopRecord, catalog: CatalogSnapshot, state: FormState = .init())
        -> String
    {
        let currency = e(shop.currency)
        func money(_ cents: Int64) -> String { "\(StorefrontFormat.money(cents: cents)) \(currency)" }
        let lines = StorefrontPages.pricedLines(cart, catalog: catalog)
        let subtotal = lines.reduce(Int64(0)) { $0 + $1.cents }
        let rows = lines.map { line in
            "<li>\(e(line.product)) — \(e(line.variant)) × \(line.quantity): \(money(line.cents))</li>"
        }.joined(separator: "\n")
        let entered = state.entered
        let address = entered?.address ?? [:]
        let rates = CheckoutPricing.rates(for: address.filter { !$0.value.isEmpty })
        let chosen = rates.first { $0.handle == entered?.deliveryHandle } ?? rates.first
        // A refusal names its field (`["address","city"]`); the last part is the input it belongs under.
        var errors: [String: [String]] = [:]
        var unplaced: [String] = []
        let placeable = Set((contactFields + addressFields).map(\.name) + ["deliveryOption", "card"])
        for problem in state.problems {
            if let name = problem.field.last, placeable.contains(name) {
                errors[name, default: []].append(problem.message)
            } else {
                unplaced.append(problem.message)
            }
        }
        func inputs(_ fields: [Field], _ value: (String) -> String) -> String {
            fields.map { input($0, value: value($0.name), errors: errors[$0.name] ?? []) }.joined(separator: "\n")
        }
        let email = entered?.email ?? cart.buyerEmail ?? ""
        var totals = "<dt>Subtotal</dt><dd id=\"subtotal\">\(money(subtotal))</dd>"
        if let chosen {
            totals +=
                "<dt>Delivery (\(e(chosen.title)))</dt><dd id=\"delivery\">\(money(chosen.priceCents))</dd>"
                + "<dt>Total</dt><dd id=\"total\"><strong>\(money(subtotal + chosen.priceCents))</strong></dd>"
        }
        let delivery = deliveryFieldset(
            rates, chosen: chosen, address: address, errors: errors["deliveryOption"] ?? [], money: money)
        let card = input(
            Field(name: "card", label: "Card number", autocomplete: "cc-number", required: false), value: "",
            errors: errors["card"] ?? [], hint: "Test cards: 1 approved, 2 declined, 3 gateway error.")
        return document(
            title: "\(shop.name) — Checkout",
            body: """
                <h1>\(e(shop.name)) checkout</h1>
                <section aria-labelledby="summary"><h2 id="summary">Your order</h2>
                <ul id="lines">\n\(rows)</ul>
                \(noteAndAttributes(cart))<dl class="totals">\(totals)</dl></section>
                \(banner(declined: state.declined, problems: state.problems.isEmpty ? [] : unplaced))\
                <form method="post" action="\(e(path(cartToken: cart.token)))">
                <fieldset><legend>Contact</legend>
                \(inputs(contactFields) { _ in email })
                </fieldset>
                <fieldset><legend>Delivery address</legend>
                \(inputs(addressFields) { address[$0] ?? "" })
                <button type="submit" name="step" value="rates" formnovalidate>Update delivery options</button>
                </fieldset>
                \(delivery)
                <fieldset><legend>Payment</legend>
                \(card)
                </fieldset>
                <button type="submit" name="step" value="pay" id="pay">Pay now</button>
                </form>
                """)
    }

    /// The buyer's note and attributes as the app set them (text, never markup).
    private static func noteAndAttributes(_ cart: CartRecord) -> String {
        var html = ""
        if let note = cart.note, !note.isEmpty { html += "<p id=\"note\">Note: \(e(note))</p>\n" }
        if !cart.attributes.isEmpty {
            html +=
                "<ul id=\"attributes\">"
                + cart.attributes.map { "<li>\(e($0.key)): \(e($0.value))</li>" }.joined() + "</ul>\n"
        }
        return html
    }

    /// The alert above the form: a declined payment, or the refusals no input stands for (stock, empty cart).
    private static func banner(declined: Bool?, problems: [String]) -> String {
        if let gatewayError = declined {
            let title = gatewayError ? "Payment gateway error" : "Card declined"
            let detail =
                gatewayError
                ? "The payment gateway reported an error. No order was placed; try again."
                : "Your card was declined. No order was placed; try another card."
            return "<div class=\"banner\" role=\"alert\" id=\"payment-error\"><h2>\(title)</h2><p>\(detail)</p></div>\n"
        }
        guard !problems.isEmpty else { return "" }
        return "<div class=\"banner\" role=\"alert\" id=\"form-errors\"><h2>The order could not be placed</h2><ul>"
            + problems.map { "<li>\(e($0))</li>" }.joined() + "</ul></div>\n"
    }

    private static func deliveryFieldset(
        _ rates: [CheckoutRecord.ShippingLine], chosen: CheckoutRecord.ShippingLine?, address: [String: String],
        errors: [String], money: (Int64) -> String
    ) -> String {
        let messages = errors.map { "<span class=\"error\" id=\"error-deliveryOption\">\(e($0))</span>" }.joined()
        let body: String
        if !rates.isEmpty {
            body = rates.map { rate in
                let id = "rate-\(e(rate.handle))"
                let checked = rate.handle == chosen?.handle ? " checked" : ""
                return "<p class=\"rate\"><input type=\"radio\" name=\"deliveryOption\" id=\"\(id)\" "
                    + "value=\"\(e(rate.handle))\"\(checked)> <label for=\"\(id)\">\(e(rate.title)): "
                    + "\(money(rate.priceCents))</label></p>"
            }.joined(separator: "\n")
        } else if (address["country"] ?? "").isEmpty {
            body = "<p id=\"rates-hint\">Enter your address, then choose Update delivery options to see the prices.</p>"
        } else {
            body = "<p id=\"rates-hint\">No delivery to this address.</p>"
        }
        return "<fieldset id=\"delivery-options\"><legend>Delivery</legend>\(messages)\n\(body)\n</fieldset>"
    }

    /// A label, its input with the buyer's value, and the refusals of that input right under it.
    private static func input(_ field: Field, value: String, errors: [String], hint: String? = nil) -> String {
        let id = "field-\(field.name)"
        var described: [String] = []
        var after = ""
        if let hint {
            described.append("hint-\(field.name)")
            after += "<span class=\"hint\" id=\"hint-\(field.name)\">\(e(hint))</span>"
        }
        if !errors.isEmpty {
            described.append("error-\(field.name)")
            after +=
                "<span class=\"error\" id=\"error-\(field.name)\">" + errors.map(e).joined(separator: " ") + "</span>"
        }
        let aria =
            (errors.isEmpty ? "" : " aria-invalid=\"true\"")
            + (described.isEmpty ? "" : " aria-describedby=\"\(described.joined(separator: " "))\"")
        return "<label for=\"\(id)\">\(e(field.label))</label>"
            + "<input id=\"\(id)\" name=\"\(field.name)\" type=\"\(field.type)\" autocomplete=\"\(field.autocomplete)\""
            + "\(field.required ? " required" : "")\(aria) value=\"\(e(value))\">\(after)"
    }

    /// The thank-you page: the order's name and amounts, its status page and the way back to the shop.
    static func approvedPage(_ order: OrderRecord, shop: ShopRecord, statusURL: String) -> String {
        let currency = e(shop.currency)
        func money(_ cents: Int64) -> String { "\(StorefrontFormat.money(cents: cents)) \(currency)" }
        return document(
            title: "Order \(order.name) confirmed",
            body: """
                <h1>Thank you</h1>
                <p>Your order <strong id="order-name">\(e(order.name))</strong> is confirmed\
                \(order.email.map { ". A confirmation goes to \(e($0))" } ?? "").</p>
                <dl class="totals"><dt>Subtotal</dt><dd>\(money(order.subtotalCents))</dd>
                <dt>Delivery</dt><dd>\(money(order.shippingCents))</dd>
                <dt>Total</dt><dd id="order-total"><strong>\(money(order.totalCents))</strong></dd></dl>
                <p><a id="order-status" href="\(e(statusURL))">View order status</a></p>
                <p><a id="back-to-shop" href="https://\(e(shop.domain))/">Continue shopping at \(e(shop.name))</a></p>
                """)
    }

    private static func e(_ text: String) -> String { HTMLEscaping.escape(text) }
}
