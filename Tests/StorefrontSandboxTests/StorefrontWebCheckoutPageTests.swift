import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The web checkout pages of spec §5.1: the checkout summary behind `webUrl`, its "Pay with test card" form,
/// and the order status page; a wrong shop, token or key is a 404 page.
@Suite struct StorefrontWebCheckoutPageTests {
    /// The path and query of an absolute sandbox URL.
    static func path(_ url: String?) throws -> String {
        let components = try #require(url.flatMap { URLComponents(string: $0) })
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    static func get(_ client: StorefrontClient, _ path: String) async throws -> (status: Int, html: String) {
        let reply = try await client.rig.send(.get, path, body: Data(), headers: [:])
        return (reply.status, reply.text)
    }

    /// The form's submission: a browser posts an empty form body.
    static func post(_ client: StorefrontClient, _ path: String) async throws -> (status: Int, html: String) {
        let reply = try await client.rig.send(
            .post, path, body: Data(), headers: ["Content-Type": "application/x-www-form-urlencoded"])
        return (reply.status, reply.text)
    }

    static func webURL(_ client: StorefrontClient, _ id: String) async throws -> String {
        try path(try await client.data("{node(id:\"\(id)\"){...on Checkout{webUrl}}}")["node"]?["webUrl"]?.stringValue)
    }

    @Test func thePageListsTheCheckoutWithEveryValueEscaped() async throws {
        let client = try StorefrontClient()
        let product: JSONValue = [
            "title": "Tom & Jerry <Runner>",
            "variants": [["title": "Default Title", "price": "10.00", "inventory": 5]],
        ]
        let created = try await client.control(.post, "/sandbox/storefront/shops/1/products", json: product)
        let variant = try #require(created.json["variantIds"]?[0]?.stringValue)
        let data = try await client.data(
            """
            mutation {checkoutCreate(input:{lineItems:[{variantId:"\(variant)",quantity:2}],email:"o'brien@example.com"}){checkout{id webUrl}}}
            """)
        let checkout = try #require(data["checkoutCreate"]?["checkout"])
        let webPath = try Self.path(checkout["webUrl"]?.stringValue)
        let page = try await Self.get(client, webPath)
        #expect(page.status == 200)
        #expect(page.html.contains("Tom &amp; Jerry &lt;Runner&gt;"))
        #expect(!page.html.contains("<Runner>"))
        #expect(page.html.contains("o&#39;brien@example.com"))
        #expect(page.html.contains("20.00 CAD"))
        #expect(page.html.contains("Pay with test card"))

        let wrongKey = webPath.replacingOccurrences(of: "key=", with: "key=0")
        #expect(try await Self.get(client, wrongKey).status == 404)
        #expect(
            try await Self.get(client, webPath.replacingOccurrences(of: "/1/checkouts/", with: "/2/checkouts/")).status
                == 404)
        #expect(try await Self.get(client, "/1/checkouts/nope?key=x").status == 404)
        #expect(try await Self.post(client, "/1/checkouts/nope/complete?key=x").status == 404)
    }

    @Test func payingAnIncompleteCheckoutListsWhatIsMissing() async throws {
        let client = try StorefrontClient()
        let id = try await CheckoutSteps(client: client).createJ2()
        let webPath = try await Self.webURL(client, id)
        let completePath = webPath.replacingOccurrences(of: "?key=", with: "/complete?key=")
        let refused = try await Self.post(client, completePath)
        #expect(refused.status == 422)
        for message in [
            "Email can&#39;t be blank", "Shipping address can&#39;t be blank", "Shipping line can&#39;t be blank",
        ] {
            #expect(refused.html.contains("<li>\(message)</li>"), "\(message)")
        }
        #expect(try await Self.post(client, completePath.replacingOccurrences(of: "key=", with: "key=f")).status == 404)
    }

    @Test func payingWithTheTestCardPlacesTheOrderAndItsStatusPageShowsIt() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let (id, _) = try await steps.readyToPay()
        let webPath = try await Self.webURL(client, id)
        let accepted = try await Self.post(client, webPath.replacingOccurrences(of: "?key=", with: "/complete?key="))
        #expect(accepted.status == 200)
        #expect(accepted.html.contains("Payment accepted"))
        #expect(accepted.html.contains("295.89 CAD"))
        _ = try await steps.order(id)
        let order =
            try await client.data("{node(id:\"\(id)\"){...on Checkout{orderStatusUrl order{name statusUrl}}}}")["node"]
            ?? .null
        #expect(order["order"]?["name"] == "#1001")
        #expect(order["orderStatusUrl"] == order["order"]?["statusUrl"])
        let statusPath = try Self.path(order["orderStatusUrl"]?.stringValue)
        let status = try await Self.get(client, statusPath)
        #expect(status.status == 200)
        #expect(status.html.contains("Order #1001"))
        #expect(status.html.contains("Road Runner"))
        #expect(status.html.contains("295.89 CAD"))
        #expect(try await Self.get(client, statusPath.replacingOccurrences(of: "key=", with: "key=0")).status == 404)
        let summary = try await Self.get(client, webPath)
        #expect(summary.html.contains("This checkout is complete."))
        #expect(!summary.html.contains("Pay with test card"))
    }
}
