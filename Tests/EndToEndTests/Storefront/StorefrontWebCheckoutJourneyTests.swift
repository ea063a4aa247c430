import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// The web checkout over real HTTP (spec §5.1, §5.10): a checkout created through GraphQL is opened at its
/// `webUrl`, paid with the page's test-card form, and the app then finds the order by polling.
@Suite struct StorefrontWebCheckoutJourneyTests {
    static let token: HTTPHeaders = ["X-Shopify-Storefront-Access-Token": "sandbox-storefront-token"]

    static func graphQL(_ harness: SandboxHarness, _ document: String) async throws -> JSONValue {
        let (status, body) = try await harness.call(
            .post, "/api/2021-10/graphql", json: ["query": .string(document)], headers: token)
        #expect(status == 200)
        #expect(body["errors"] == nil, "\(body.serialized())")
        return body["data"] ?? .null
    }

    /// GET or POST an absolute URL the sandbox issued; returns the status and the page.
    static func page(_ harness: SandboxHarness, _ method: HTTPMethod, _ absolute: String) async throws -> (
        status: Int, html: String
    ) {
        let url = try #require(URL(string: absolute))
        let response = try await harness.transport.send(
            HTTPRequest(method: method, url: url, headers: [:], body: method == .post ? Data() : nil))
        return (response.statusCode, String(decoding: response.body, as: UTF8.self))
    }

    @Test func aCheckoutIsPaidOnItsWebPageAndTheAppSeesTheOrder() async throws {
        try await SandboxHarness.with { harness in
            let created = try await harness.call(
                .post, "/sandbox/storefront/shops/1/products",
                json: [
                    "title": "Fish & Chips <Trainer>",
                    "variants": [["title": "Default Title", "price": "40.00", "inventory": 3]],
                ])
            let variant = try #require(created.body["variantIds"]?[0]?.stringValue)
            let toronto =
                #"{address1:"80 Spadina Ave.",city:"Toronto",province:"ON",zip:"M5V 2J4",country:"CA",lastName:"Smith"}"#
            let checkout = try await Self.graphQL(
                harness,
                """
                mutation {checkoutCreate(input:{lineItems:[{variantId:"\(variant)",quantity:1}],email:"john@example.com",shippingAddress:\(toronto)}){checkout{id webUrl}}}
                """)["checkoutCreate"]?["checkout"]
            let id = try #require(checkout?["id"]?.stringValue)
            let webURL = try #require(checkout?["webUrl"]?.stringValue)
            #expect(webURL.hasPrefix(harness.baseURL.absoluteString + "/1/checkouts/"))
            _ = try await Self.graphQL(
                harness,
                "mutation {checkoutShippingLineUpdate(checkoutId:\"\(id)\",shippingRateHandle:\"sandbox-standard-10.00\"){checkoutUserErrors{code}}}"
            )

            let summary = try await Self.page(harness, .get, webURL)
            #expect(summary.status == 200)
            #expect(summary.html.contains("Fish &amp; Chips &lt;Trainer&gt;"))
            #expect(summary.html.contains("Total: 55.20 CAD"))

            let paid = try await Self.page(
                harness, .post, webURL.replacingOccurrences(of: "?key=", with: "/complete?key="))
            #expect(paid.status == 200)
            #expect(paid.html.contains("Payment accepted"))

            // The app polls: the first poll sees the payment pending, the next one the order.
            let poll =
                "{node(id:\"\(id)\"){...on Checkout{completedAt order{name totalPriceV2{amount}} orderStatusUrl}}}"
            #expect(try await Self.graphQL(harness, poll)["node"]?["order"] == .null)
            let done = try await Self.graphQL(harness, poll)["node"] ?? .null
            #expect(done["order"]?.serialized() == ##"{"name":"#1001","totalPriceV2":{"amount":"55.2"}}"##)
            let status = try await Self.page(harness, .get, try #require(done["orderStatusUrl"]?.stringValue))
            #expect(status.status == 200)
            #expect(status.html.contains("Order #1001"))
            #expect(status.html.contains("Fish &amp; Chips &lt;Trainer&gt;"))
            #expect(
                try await Self.page(harness, .get, webURL.replacingOccurrences(of: "key=", with: "key=0")).status == 404
            )
        }
    }
}
