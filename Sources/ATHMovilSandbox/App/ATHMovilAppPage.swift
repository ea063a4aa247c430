import CommerceCore
import Foundation
import SandboxCore

/// The simulated ATH Móvil app as plain server-rendered HTML (no JavaScript): the review screen with Pay and
/// Cancel, the result screens, and the error pages.
enum ATHMovilAppPage {
    static func review(_ e: ATHMovilEcommerce, business: ATHMovilBusiness, now: Date, error: String? = nil) -> String {
        // Pinned to a day before converting: a far-moved clock must not trap the page.
        let remaining = Int(min(86_400, max(0, e.expiresAt.timeIntervalSince(now))).rounded(.down))
        var body =
            "<h1>ATH Móvil</h1>\n<p class=\"business\">Pay <strong id=\"business\">\(escape(business.name))</strong></p>\n"
        if business.isDummy {
            body += "<p class=\"banner\" id=\"simulated\">Simulated payment — no credentials needed</p>\n"
        }
        if let error { body += "<p class=\"error\" id=\"error\">\(escape(error))</p>\n" }
        if !e.items.isEmpty {
            body += "<table id=\"items\"><tr><th>Item</th><th>Qty</th><th>Price</th></tr>\n"
            for item in e.items {
                let description = item.desc.isEmpty ? "" : "<br><small>\(escape(item.desc))</small>"
                body +=
                    "<tr><td>\(escape(item.name))\(description)</td><td>\(item.quantity)</td><td>\(money(item.priceCents))</td></tr>\n"
            }
            body += "</table>\n"
        }
        body += "<dl id=\"amounts\">"
        if e.subtotalCents > 0 { body += "<dt>Subtotal</dt><dd id=\"subtotal\">\(money(e.subtotalCents))</dd>" }
        if e.taxCents > 0 { body += "<dt>Tax</dt><dd id=\"tax\">\(money(e.taxCents))</dd>" }
        body += "<dt>Total</dt><dd id=\"total\">\(money(e.totalCents))</dd></dl>\n"
        for (label, value) in [("Metadata 1", e.metadata1), ("Metadata 2", e.metadata2)] where !value.isEmpty {
            body += "<p class=\"metadata\">\(label): \(escape(value))</p>\n"
        }
        body += "<p id=\"countdown\">Expires in \(remaining / 60) min \(remaining % 60) s (sandbox clock).</p>\n"
        let action = "/e-commerce/payments/\(escape(e.id))"
        body += "<form method=\"post\" action=\"\(action)/approve\" id=\"approve-form\">\n"
        if !business.isDummy {
            body += """
                <label>Phone <input name="customerPhone" id="customerPhone" placeholder="(787) 555-0101" value="\(escape(e.phoneNumber))"></label>
                <label>PIN <input name="pin" id="pin" type="password" inputmode="numeric"></label>

                """
        }
        body += "<button type=\"submit\" id=\"approve\">Pay</button>\n</form>\n"
        body +=
            "<form method=\"post\" action=\"\(action)/cancel\"><button type=\"submit\" id=\"cancel\">Cancel</button></form>\n"
        if business.isDummy {
            body +=
                "<form method=\"post\" action=\"\(action)/expire\"><button type=\"submit\" id=\"expire\">Let it expire</button></form>\n"
        }
        return document(title: "ATH Móvil — Review payment", body: body)
    }

    /// A payment that is no longer open: its outcome and the link back to the merchant.
    static func result(_ e: ATHMovilEcommerce, business: ATHMovilBusiness, callbackURL: String) -> String {
        let body = """
            <h1>ATH Móvil</h1>
            <p>Payment to <strong>\(escape(business.name))</strong> for \(money(e.totalCents))</p>
            <p id="status">Status: \(escape(e.state.rawValue))</p>
            \(returnLink(callbackURL))
            """
        return document(title: "ATH Móvil — Payment \(e.state.rawValue.lowercased())", body: body)
    }

    /// The page shown with a 303 redirect to the merchant: desktop browsers often cannot open custom schemes,
    /// so the URL is also shown as a link and as text to copy.
    static func redirect(_ callbackURL: String) -> String {
        document(
            title: "Returning to the merchant", body: "<h1>Returning to the merchant…</h1>\n\(returnLink(callbackURL))")
    }

    static func inactiveBusiness(callbackURL: String) -> String {
        document(
            title: "Business is not active",
            body:
                "<h1>Business is not active</h1>\n<p>This business cannot receive payments.</p>\n\(returnLink(callbackURL))"
        )
    }

    static func invalidLink(_ problem: String) -> String {
        document(
            title: "Invalid payment link",
            body: "<h1>Invalid payment link</h1>\n<p id=\"problem\">\(escape(problem))</p>")
    }

    static func notFound(_ detail: String = "This payment does not exist or belongs to another business.") -> String {
        document(title: "Payment not found", body: "<h1>Payment not found</h1>\n<p>\(escape(detail))</p>")
    }

    private static func returnLink(_ url: String) -> String {
        """
        <p><a id="return" href="\(escape(url))">Return to merchant</a></p>
        <p><label>Reply URL <input id="callback-url" readonly size="80" value="\(escape(url))"></label></p>
        """
    }

    private static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}h1{color:#f58220}
        .banner{background:#fff3cd;padding:.5rem}.error{color:#b00020}button{font-size:1rem;margin:.25rem 0;padding:.5rem 1rem}
        label{display:block;margin:.5rem 0}table{width:100%}</style></head>
        <body>
        \(body)
        </body></html>
        """
    }

    static func money(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude  // `abs(Int64.min)` traps; legacy links carry unchecked amounts
        let fraction = magnitude % 100
        return "\(sign)$\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
