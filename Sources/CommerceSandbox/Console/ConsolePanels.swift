import CommerceCore
import Foundation

/// The state tables the console shows, one per kind of record a service holds. Each reads a paged control
/// route (``ControlPage`` shape); the page script renders the named columns and, for ATH Móvil payments and
/// Storefront's open carts, action buttons that post to the service's own control routes.
struct ConsolePanel: Sendable {
    let service: String
    let title: String
    /// A paged control route (`?limit=&offset=`).
    let route: String
    /// `(key, label)`; a key may reach into objects with dots (`customer.name`).
    let columns: [(key: String, label: String)]
    /// Buttons per row.
    var actions: [Action] = []

    /// A button: its label, the route to POST with `{key}` replaced by that row's value, and the JSON body sent.
    struct Action: Sendable {
        let label: String
        let route: String
        var body: JSONValue = [:]

        init(_ label: String, _ route: String, body: JSONValue = [:]) {
            self.label = label
            self.route = route
            self.body = body
        }
    }

    var json: JSONValue {
        [
            "service": .string(service), "title": .string(title), "route": .string(route),
            "columns": .array(columns.map { ["key": .string($0.key), "label": .string($0.label)] }),
            "actions": .array(
                actions.map { ["label": .string($0.label), "route": .string($0.route), "body": $0.body] }),
        ]
    }

    /// What the Storefront panel's buttons send to the hosted checkout: a Bogus Gateway card and a Canadian address
    /// (the email is the cart's or its customer's).
    static func hostedCheckout(card: String) -> JSONValue {
        [
            "card": .string(card),
            "address": ["address1": "1 Sandbox Way", "city": "Toronto", "country": "CA", "zip": "M5V 1A1"],
        ]
    }

    static let all: [ConsolePanel] = [
        ConsolePanel(
            service: "button", title: "Orders", route: "/sandbox/button/pages/orders",
            columns: [
                ("order_id", "Order"), ("organization_id", "Organization"), ("status", "Status"),
                ("total", "Total"), ("currency", "Currency"), ("finalization_date", "Finalizes"),
            ]),
        ConsolePanel(
            service: "button", title: "Deferred deep links", route: "/sandbox/button/pages/deferred-deeplinks",
            columns: [
                ("id", "Link"), ("application_id", "Application"), ("action", "Action"),
                ("status", "Status"), ("expires_at", "Expires"),
            ]),
        ConsolePanel(
            service: "athmovil", title: "Payments", route: "/sandbox/athmovil/pages/payments",
            columns: [
                ("ecommerceId", "Payment"), ("businessName", "Business"), ("state", "Status"),
                ("total", "Total"), ("tax", "Tax"), ("fee", "Fee"), ("expiresAt", "Expires"),
            ],
            actions: [
                Action("Complete", "/sandbox/athmovil/payments/{ecommerceId}/complete"),
                Action("Cancel", "/sandbox/athmovil/payments/{ecommerceId}/cancel"),
                Action("Fail", "/sandbox/athmovil/payments/{ecommerceId}/fail"),
                Action("Expire", "/sandbox/athmovil/payments/{ecommerceId}/expire"),
            ]),
        ConsolePanel(
            service: "paytronix", title: "Guests", route: "/sandbox/paytronix/pages/guests",
            columns: [
                ("username", "Username"), ("merchantId", "Merchant"), ("printedCardNumber", "Card"),
                ("firstName", "First name"), ("lastName", "Last name"), ("email", "Email"),
            ]),
        ConsolePanel(
            service: "paytronix", title: "External accounts", route: "/sandbox/paytronix/pages/external-accounts",
            columns: [
                ("printedCardNumber", "Card"), ("integration", "Integration"), ("appIdentifier", "App"),
                ("accountCode", "Device token"), ("state", "State"),
            ]),
        ConsolePanel(
            service: "paytronix", title: "Push deliveries", route: "/sandbox/paytronix/pages/push-deliveries",
            columns: [
                ("notificationId", "Delivery"), ("printedCardNumber", "Card"), ("appIdentifier", "App"),
                ("environment", "Environment"), ("status", "Status"), ("createdAt", "Sent"),
            ]),
        ConsolePanel(
            service: "storefront", title: "Open carts (hosted checkout)", route: "/sandbox/storefront/carts",
            columns: [
                ("token", "Cart"), ("shop", "Shop"), ("lines", "Lines"), ("quantity", "Items"), ("total", "Total"),
                ("currencyCode", "Currency"), ("email", "Buyer"), ("updatedAt", "Updated"),
            ],
            actions: [
                Action("Complete", "/sandbox/storefront/carts/{token}/checkout", body: hostedCheckout(card: "1")),
                Action("Decline", "/sandbox/storefront/carts/{token}/checkout", body: hostedCheckout(card: "2")),
                Action("Gateway error", "/sandbox/storefront/carts/{token}/checkout", body: hostedCheckout(card: "3")),
            ]),
        ConsolePanel(
            service: "storefront", title: "Checkouts", route: "/sandbox/storefront/pages/checkouts",
            columns: [
                ("token", "Checkout"), ("shop", "Shop"), ("status", "Status"), ("totalPrice", "Total"),
                ("orderId", "Order"), ("updatedAt", "Updated"),
            ]),
        ConsolePanel(
            service: "storefront", title: "Orders", route: "/sandbox/storefront/pages/orders",
            columns: [
                ("name", "Order"), ("shop", "Shop"), ("totalPrice", "Total"), ("currencyCode", "Currency"),
                ("email", "Email"), ("processedAt", "Processed"),
            ]),
        ConsolePanel(
            service: "rezolve", title: "Customers", route: "/sandbox/rezolve/pages/customers",
            columns: [
                ("entityId", "Customer"), ("partnerId", "Partner"), ("email", "Email"), ("name", "Name"),
                ("createdAt", "Created"),
            ]),
        ConsolePanel(
            service: "rezolve", title: "Carts", route: "/sandbox/rezolve/pages/carts",
            columns: [
                ("id", "Cart"), ("entityId", "Customer"), ("merchantId", "Merchant"), ("lines", "Lines"),
                ("quantity", "Items"), ("updatedAt", "Updated"),
            ]),
        ConsolePanel(
            service: "rezolve", title: "Orders", route: "/sandbox/rezolve/pages/orders",
            columns: [
                ("id", "Order"), ("entityId", "Customer"), ("merchantId", "Merchant"), ("state", "State"),
                ("totalMinor", "Total (minor units)"), ("createdAt", "Created"),
            ]),
    ]
}
