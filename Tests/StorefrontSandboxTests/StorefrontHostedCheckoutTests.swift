import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// The hosted checkout behind a 2026-04 `Cart.checkoutUrl`: Bogus Gateway test cards, orders through the one
/// order writer (seen by the 2021-10 customer), nothing written on a decline.
@Suite struct StorefrontHostedCheckoutTests {
    /// A 2026-04 cart with one Road Runner (89.00), for the customer of `accessToken` when given.
    func cart(_ client: StorefrontClient, accessToken: String? = nil) async throws -> (token: String, url: String) {
        let buyer = accessToken.map { #",buyerIdentity:{customerAccessToken:"\#($0)"}"# } ?? ""
        let data = try await client.data2026(
            #"mutation {cartCreate(input:{lines:[{merchandiseId:"\#(GID.variant(11))",quantity:1}]\#(buyer)}){cart{id,checkoutUrl}}}"#
        )
        let id = try #require(data["cartCreate"]?["cart"]?["id"]?.stringValue)
        let token = try #require(GID.decode(id)?.split(separator: "/").last.map(String.init))
        return (token, try #require(data["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue))
    }

    static let address: JSONValue = ["address1": "1 Main St", "city": "Toronto", "country": "CA", "zip": "M5V 1A1"]

    @Test func card1WritesAnOrderTheCustomerSeesAndCard2WritesNothing() async throws {
        let client = try StorefrontClient()
        // The 2021-10 sign-up the order tests use.
        let accessToken = try await StorefrontOrderTests().signUp(client, "ada@example.com")
        let (token, url) = try await cart(client, accessToken: accessToken)
        #expect(url == client.context.publicURL(path: "/cart/c/\(token)/checkout"))
        // The signed-in customer finds their email filled in.
        let page = try await client.send(.get, "/cart/c/\(token)/checkout")
        #expect(String(decoding: page.response.body, as: UTF8.self).contains(#"value="ada@example.com">"#))

        let declined = try await client.control(
            .post, "/sandbox/storefront/carts/\(token)/checkout",
            json: ["card": "2", "email": "ada@example.com", "address": Self.address])
        #expect(declined.status == 402)
        #expect(declined.json["errors"]?[0]?["code"] == "CARD_DECLINED")
        let gateway = try await client.control(
            .post, "/sandbox/storefront/carts/\(token)/checkout",
            json: ["card": "3", "email": "ada@example.com", "address": Self.address])
        #expect(gateway.json["errors"]?[0]?["code"] == "GATEWAY_ERROR")
        #expect(try await client.control(.get, "/sandbox/storefront/shops/1/orders").json.serialized() == "[]")

        let paid = try await client.control(
            .post, "/sandbox/storefront/carts/\(token)/checkout",
            json: [
                "card": "1", "email": "ada@example.com", "address": Self.address,
                "deliveryOption": "sandbox-express-25.00",
            ])
        #expect(paid.status == 202, "\(paid.json.serialized())")
        #expect(paid.json["name"] == "#1001")
        let orders = try await client.data(
            #"{customer(customerAccessToken:"\#(accessToken)"){orders(first:5){edges{node{name,totalPriceV2{amount},totalShippingPriceV2{amount}}}}}}"#
        )
        #expect(
            orders.serialized()
                == ##"{"customer":{"orders":{"edges":[{"node":{"name":"#1001","totalPriceV2":{"amount":"114.0"},"totalShippingPriceV2":{"amount":"25.0"}}}]}}}"##
        )
        // The cart is spent: paying again is a 404.
        let again = try await client.control(.post, "/sandbox/storefront/carts/\(token)/checkout", json: ["card": "1"])
        #expect(again.status == 404)
    }

    @Test func thePageTakesTheFormAndEscapesValues() async throws {
        let client = try StorefrontClient()
        let (token, _) = try await cart(client)
        let page = try await client.send(.get, "/cart/c/\(token)/checkout")
        #expect(page.status == 200)
        let html = String(decoding: page.response.body, as: UTF8.self)
        #expect(html.contains("width=device-width"))
        #expect(html.contains("Road Runner"))
        #expect(html.contains("Test cards: 1 approved, 2 declined, 3 gateway error."))

        let form = ["Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders
        let refused = try await client.send(
            .post, "/cart/c/\(token)/checkout", body: Data("email=%3Cb%3E&card=1".utf8), headers: form)
        #expect(refused.status == 422)
        let refusedHTML = String(decoding: refused.response.body, as: UTF8.self)
        #expect(refusedHTML.contains("&lt;b&gt;"))
        #expect(!refusedHTML.contains("<b>"))

        let declined = try await client.send(
            .post, "/cart/c/\(token)/checkout",
            body: Data("email=a%40example.com&address1=1+Main&city=Toronto&country=CA&zip=M5V&card=2".utf8),
            headers: form)
        #expect(declined.status == 402)
        #expect(String(decoding: declined.response.body, as: UTF8.self).contains("Card declined"))
        let paid = try await client.send(
            .post, "/cart/c/\(token)/checkout",
            body: Data("email=a%40example.com&address1=1+Main&city=Toronto&country=CA&zip=M5V&card=1".utf8),
            headers: form)
        #expect(paid.status == 200)
        #expect(String(decoding: paid.response.body, as: UTF8.self).contains("<title>Order #1001 confirmed</title>"))
        let listed = try await client.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(listed.json[0]?["totalPrice"] == "99.0")  // 89 + Standard 10.00
        #expect(try await client.send(.get, "/cart/c/\(token)/checkout").status == 404)
    }

    @Test func aRefusalKeepsWhatWasEnteredAndNamesTheFieldWhereItIs() async throws {
        let client = try StorefrontClient()
        let (token, _) = try await cart(client)
        let form = ["Content-Type": "application/x-www-form-urlencoded"] as HTTPHeaders
        func post(_ fields: String) async throws -> (status: Int, html: String) {
            let reply = try await client.send(
                .post, "/cart/c/\(token)/checkout", body: Data(fields.utf8), headers: form)
            return (reply.status, String(decoding: reply.response.body, as: UTF8.self))
        }
        let entered = "email=a%40example.com&address1=1+Main&city=&country=GB&zip=SW1&deliveryOption="

        // "Update delivery options": the rates of the entered country with prices, nothing paid.
        let rates = try await post(entered + "&step=rates&card=")
        #expect(rates.status == 200)
        #expect(rates.html.contains("International: 35.00 CAD"))
        #expect(!rates.html.contains("Standard: 10.00"))
        #expect(rates.html.contains(#"id="total"><strong>124.00 CAD"#))  // 89 + 35

        // A blank city: its message right after the city input, which points at it; the rest kept.
        let refused = try await post(entered + "&step=pay&card=1")
        #expect(refused.status == 422)
        #expect(
            refused.html.contains(
                #"aria-invalid="true" aria-describedby="error-city" value=""><span class="error" id="error-city">city can&#39;t be blank</span>"#
            ))
        #expect(
            refused.html.contains(#"name="address1" type="text" autocomplete="address-line1" required value="1 Main">"#)
        )
        #expect(refused.html.contains(#"value="sandbox-international-35.00" checked>"#))

        // A decline shows the form again with the values, under the decline.
        let declined = try await post(entered.replacingOccurrences(of: "city=", with: "city=London") + "&card=2")
        #expect(declined.status == 402)
        #expect(declined.html.contains(#"id="payment-error"><h2>Card declined</h2>"#))
        #expect(declined.html.contains(#"value="London">"#))
        #expect(try await client.control(.get, "/sandbox/storefront/shops/1/orders").json.serialized() == "[]")
    }

    @Test func theConfirmationNamesTheOrderAndLinksBackToTheShop() async throws {
        let client = try StorefrontClient()
        let (token, _) = try await cart(client)
        let paid = try await client.send(
            .post, "/cart/c/\(token)/checkout",
            body: Data("email=a%40example.com&address1=1+Main&city=Toronto&country=CA&card=1".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        let html = String(decoding: paid.response.body, as: UTF8.self)
        #expect(html.contains(#"<strong id="order-name">#1001</strong>"#))
        #expect(html.contains(#"id="order-total"><strong>99.00 CAD"#))
        #expect(html.contains(#"href="https://sandbox-shoes.myshopify.com/">Continue shopping at Sandbox Shoes"#))
    }
}
