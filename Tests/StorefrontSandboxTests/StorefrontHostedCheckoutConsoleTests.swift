import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// `GET /sandbox/storefront/carts` and the console's Complete, Decline and Gateway error buttons: the open carts
/// with their totals, paid with the body the buttons send.
@Suite struct StorefrontHostedCheckoutConsoleTests {
    @Test func openCartsAreListedWithTotalsAndTheConsoleButtonsPayThem() async throws {
        let client = try StorefrontClient()
        let accessToken = try await StorefrontOrderTests().signUp(client, "grace@example.com")
        let (customerCart, _) = try await StorefrontHostedCheckoutTests().cart(client, accessToken: accessToken)
        let (anonymousCart, _) = try await StorefrontHostedCheckoutTests().cart(client)

        let listed = try await client.control(.get, "/sandbox/storefront/carts?limit=5")
        #expect(listed.status == 200)
        #expect(listed.json["total"] == 2)
        let items = try #require(listed.json["items"]?.arrayValue)
        #expect(items.map { $0["token"]?.stringValue } == [anonymousCart, customerCart])
        #expect(items.map { $0["total"] } == ["89.0", "89.0"])
        #expect(items.map { $0["currencyCode"] } == ["CAD", "CAD"])
        // The customer's email stands in for a buyer email the cart never got.
        #expect(items.map { $0["email"] } == [.null, "grace@example.com"])
        #expect(items[1]["checkoutUrl"] == .string(client.context.publicURL(path: "/cart/c/\(customerCart)/checkout")))

        let path = "/sandbox/storefront/carts/\(customerCart)/checkout"
        let declined = try await client.control(.post, path, json: ConsolePanel.hostedCheckout(card: "2"))
        #expect(declined.status == 402)
        #expect(declined.json["errors"]?[0]?["message"] == "Card was declined")
        let failed = try await client.control(.post, path, json: ConsolePanel.hostedCheckout(card: "3"))
        #expect(failed.json["errors"]?[0]?["code"] == "GATEWAY_ERROR")
        #expect(try await client.control(.get, "/sandbox/storefront/carts").json["total"] == 2)

        let paid = try await client.control(.post, path, json: ConsolePanel.hostedCheckout(card: "1"))
        #expect(paid.status == 202, "\(paid.json.serialized())")
        let orders = try await client.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(orders.json[0]?["name"] == paid.json["name"])
        #expect(orders.json[0]?["email"] == "grace@example.com")
        #expect(orders.json[0]?["totalPrice"] == "99.0")  // 89 + Standard 10.00 to the buttons' Toronto address
        let remaining = try await client.control(.get, "/sandbox/storefront/carts")
        #expect(remaining.json["items"]?.arrayValue?.map { $0["token"]?.stringValue } == [anonymousCart])

        // A cart with no email anywhere is refused, naming the field.
        let anonymous = try await client.control(
            .post, "/sandbox/storefront/carts/\(anonymousCart)/checkout", json: ConsolePanel.hostedCheckout(card: "1"))
        #expect(anonymous.status == 422)
        #expect(anonymous.json["errors"]?[0]?["field"] == ["email"])

        // An expired cart is no longer open.
        try await client.context.clock.advance(by: 11 * 86_400)
        #expect(try await client.control(.get, "/sandbox/storefront/carts").json["total"] == 0)
    }

    @Test func aBadPageIsRefusedNamingTheField() async throws {
        let client = try StorefrontClient()
        let bad = try await client.control(.get, "/sandbox/storefront/carts?limit=0")
        #expect(bad.status == 400)
        #expect(bad.json["error"]?["fields"]?[0]?["field"] == "limit")
    }

    @Test func theConsoleListsTheCartsWithTheirButtons() throws {
        let panel = try #require(ConsolePanel.all.first { $0.route == "/sandbox/storefront/carts" })
        #expect(panel.actions.map(\.label) == ["Complete", "Decline", "Gateway error"])
        #expect(panel.actions.map { $0.body["card"] } == ["1", "2", "3"])
        #expect(Set(panel.actions.map(\.route)) == ["/sandbox/storefront/carts/{token}/checkout"])
    }
}
