import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// Control routes of spec §5.16 and state surviving a restart (§5.15).
@Suite struct StorefrontControlAndPersistenceTests {
    @Test func stateSurvivesARestart() async throws {
        let directory = TestDirectories.path("ck-storefront")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        let cartID: String
        do {
            let client = try StorefrontClient(options)
            let data = try await client.data(
                "mutation {cartCreate(input:{lines:[{merchandiseId:\"\(GID.variant(11))\",quantity:3}]}){cart{id}}}")
            cartID = try #require(data["cartCreate"]?["cart"]?["id"]?.stringValue)
            _ = try await client.data(
                "mutation {customerCreate(input:{email:\"a@example.com\",password:\"secret1\"}){customer{id}}}")
            // An order placed before the restart (from a second cart, bought by the customer's email).
            let other = try await client.data(
                "mutation {cartCreate(input:{lines:[{merchandiseId:\"\(GID.variant(21))\"}],buyerIdentity:{email:\"a@example.com\"}}){cart{id}}}"
            )
            let token = try #require(
                GID.decode(other["cartCreate"]?["cart"]?["id"]?.stringValue)?.split(separator: "/").last)
            #expect(try await client.control(.post, "/sandbox/storefront/carts/\(token)/complete").status == 202)
        }
        let restarted = try StorefrontClient(options)
        let orders = try await restarted.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(orders.json.arrayValue?.map { $0["orderNumber"] } == [1001])
        #expect(orders.json[0]?["customerId"]?.stringValue == GID.encode("gid://shopify/Customer/1"))
        let cart = try await restarted.data("query {cart(id:\"\(cartID)\"){lines(first:1){edges{node{quantity}}}}}")
        #expect(cart["cart"]?["lines"]?["edges"]?[0]?["node"]?["quantity"] == 3)
        let login = try await restarted.data(
            "mutation {customerAccessTokenCreate(input:{email:\"a@example.com\",password:\"secret1\"}){customerAccessToken{accessToken}}}"
        )
        #expect(login["customerAccessTokenCreate"]?["customerAccessToken"] != .null)
        let shops = try await restarted.control(.get, "/sandbox/storefront/shops")
        #expect(shops.json.arrayValue?.count == 1)  // seeding ran once, not again on restart
        // The order counter survived too: the next order is #1002.
        let next = try await restarted.data(
            "mutation {cartCreate(input:{lines:[{merchandiseId:\"\(GID.variant(31))\"}]}){cart{id}}}")
        let nextToken = try #require(
            GID.decode(next["cartCreate"]?["cart"]?["id"]?.stringValue)?.split(separator: "/").last)
        #expect(try await restarted.control(.post, "/sandbox/storefront/carts/\(nextToken)/complete").status == 202)
        #expect(
            try await restarted.control(.get, "/sandbox/storefront/shops/1/orders").json.arrayValue?.map {
                $0["orderNumber"]
            } == [1001, 1002])
    }

    @Test func resetRestoresTheDemoState() async throws {
        let client = try StorefrontClient()
        _ = try await client.data(
            "mutation {customerCreate(input:{email:\"a@example.com\",password:\"secret1\"}){customer{id}}}")
        _ = try await client.control(.put, "/sandbox/storefront/shops/1/state", json: ["state": "frozen"])
        #expect(try await client.control(.post, "/sandbox/storefront/reset").status == 204)
        let created = try await client.data(
            "mutation {customerCreate(input:{email:\"a@example.com\",password:\"secret1\"}){customer{id},customerUserErrors{code}}}"
        )
        #expect(created["customerCreate"]?["customerUserErrors"]?.arrayValue?.isEmpty == true)
    }

    @Test func shopsAndTokens() async throws {
        var client = try StorefrontClient()
        let listed = try await client.control(.get, "/sandbox/storefront/shops")
        #expect(listed.json[0]?["domain"] == "sandbox-shoes.myshopify.com")
        #expect(listed.json[0]?["tokens"]?[0]?["token"] == "sandbox-storefront-token")

        let created = try await client.control(
            .post, "/sandbox/storefront/shops",
            json: ["name": "Empty Shop", "domain": "empty.myshopify.com", "catalog": "empty"])
        #expect(created.status == 201)
        #expect(created.json["id"] == 2)
        #expect(created.json["graphqlURL"]?.stringValue == client.context.publicURL(path: "/api/2021-10/graphql"))
        let token = try #require(created.json["storefrontAccessToken"]?.stringValue)
        #expect(token.count == 32)
        client.token = token
        let empty = try await client.data("query {shop{name},products(first:5){edges{node{id}}}}")
        #expect(empty.serialized() == #"{"shop":{"name":"Empty Shop"},"products":{"edges":[]}}"#)

        let demo = try await client.control(
            .post, "/sandbox/storefront/shops", json: ["name": "Second", "domain": "second.myshopify.com"])
        client.token = try #require(demo.json["storefrontAccessToken"]?.stringValue)
        let products = try await client.data("query {products(first:1){edges{node{title}}}}")
        #expect(products["products"]?["edges"]?[0]?["node"]?["title"] == "Road Runner")

        #expect(
            try await client.control(
                .post, "/sandbox/storefront/shops", json: ["name": "Dup", "domain": "empty.myshopify.com"]
            ).status == 409)
        let bad = try await client.control(
            .post, "/sandbox/storefront/shops", json: ["name": "X", "domain": "x.example", "currencyCode": "XYZ"])
        #expect(bad.status == 400)
        #expect(bad.json["field"] == "currencyCode")
        #expect(try await client.control(.post, "/sandbox/storefront/shops/99/tokens").status == 404)
        #expect(
            try await client.control(.post, "/sandbox/storefront/shops/1/tokens", json: ["scopes": ["nope"]]).json[
                "field"] == "scopes")
    }

    /// Found by schemathesis: the fourth demo catalog's collection image ids met the first one's product image ids,
    /// and creating that shop answered 500.
    @Test func manyDemoShopsEachGetTheirCatalogWithImages() async throws {
        var client = try StorefrontClient()
        for number in 2...5 {
            let created = try await client.control(
                .post, "/sandbox/storefront/shops",
                json: ["name": .string("Demo \(number)"), "domain": .string("demo\(number).example")])
            #expect(created.status == 201, "shop \(number): \(created.json)")
            client.token = try #require(created.json["storefrontAccessToken"]?.stringValue)
            let data = try await client.data(
                "query {collections(first:1){edges{node{image{id}}}},products(first:1){edges{node{images(first:1){edges{node{id}}}}}}}"
            )
            #expect(data["collections"]?["edges"]?[0]?["node"]?["image"]?["id"]?.stringValue != nil, "shop \(number)")
            #expect(
                data["products"]?["edges"]?[0]?["node"]?["images"]?["edges"]?[0]?["node"]?["id"]?.stringValue != nil,
                "shop \(number)")
        }
    }

    @Test func failNextSimulation() async throws {
        let client = try StorefrontClient()
        _ = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation", json: ["failNext": ["count": 2, "status": 503]])
        let q1 = Data(#"{"query":"query {shop{name}}"}"#.utf8)
        #expect(try await client.send(body: q1).status == 503)
        #expect(
            try await client.send(body: q1).json["errors"]?[0]?["extensions"]?["code"] == "SANDBOX_SIMULATED_FAILURE")
        #expect(try await client.send(body: q1).status == 200)
        _ = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation",
            json: ["failNext": ["count": 1, "graphQLErrorCode": "THROTTLED"]])
        #expect(
            try await client.send(body: q1).json.serialized()
                == #"{"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED"}}]}"#)
        #expect(
            try await client.control(
                .put, "/sandbox/storefront/shops/1/simulation", json: ["failNext": ["count": 1, "status": 404]]
            ).status == 400)
    }

    @Test func simulated429CarriesRetryAfterOneSecond() async throws {
        // §5.14: only 429 adds `Retry-After: 1`; other simulated statuses do not.
        let client = try StorefrontClient()
        let q1 = Data(#"{"query":"query {shop{name}}"}"#.utf8)
        _ = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation", json: ["failNext": ["count": 1, "status": 429]])
        let throttled = try await client.send(body: q1)
        #expect(throttled.status == 429)
        #expect(throttled.response.headers["Retry-After"] == "1")
        #expect(
            throttled.json.serialized()
                == #"{"errors":[{"message":"Simulated failure.","extensions":{"code":"SANDBOX_SIMULATED_FAILURE"}}]}"#)
        _ = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation", json: ["failNext": ["count": 1, "status": 503]])
        let unavailable = try await client.send(body: q1)
        #expect(unavailable.status == 503)
        #expect(unavailable.response.headers["Retry-After"] == nil)
        let after = try await client.send(body: q1)
        #expect(after.status == 200)
        #expect(after.response.headers["Retry-After"] == nil)
    }

    @Test func credentialsDocumentTheDemoShop() async throws {
        let client = try StorefrontClient()
        let credentials = try await client.control(.get, "/sandbox/credentials")
        #expect(credentials.json["storefront"]?["storefront_access_token"] == "sandbox-storefront-token")
        #expect(credentials.json["storefront"]?["shop_domain"] == "sandbox-shoes.myshopify.com")
    }
}
