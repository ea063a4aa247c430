import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Orders (spec §5.10, §5.11 cart completion, §5.12 `Customer.orders`, §5.16 control routes): one order
/// writer numbers orders per shop, links customers, takes stock and raises sales counts.
@Suite struct StorefrontOrderTests {
    /// Creates a cart with `lines` (variant number, quantity) and `buyer` (a GraphQL `CartBuyerIdentityInput`
    /// literal body); returns the cart token.
    func cart(_ client: StorefrontClient, _ lines: [(Int, Int)], buyer: String = "") async throws -> String {
        let lineList = lines.map { "{merchandiseId:\"\(GID.variant($0.0))\",quantity:\($0.1)}" }.joined(separator: ",")
        let identity = buyer.isEmpty ? "" : ",buyerIdentity:{\(buyer)}"
        let data = try await client.data(
            "mutation {cartCreate(input:{lines:[\(lineList)]\(identity)}){cart{id},userErrors{message}}}")
        let id = try #require(data["cartCreate"]?["cart"]?["id"]?.stringValue)
        return try #require(GID.decode(id)?.split(separator: "/").last.map(String.init))
    }

    /// Completes a cart through the control route and returns the order's Base64 ID.
    func complete(_ client: StorefrontClient, _ token: String) async throws -> String {
        let answer = try await client.control(.post, "/sandbox/storefront/carts/\(token)/complete")
        #expect(answer.status == 202, "\(answer.json.serialized())")
        return try #require(answer.json["orderId"]?.stringValue)
    }

    func signUp(_ client: StorefrontClient, _ email: String) async throws -> String {
        _ = try await client.data(
            "mutation {customerCreate(input:{email:\"\(email)\",password:\"secret1\"}){customer{id}}}")
        let login = try await client.data(
            "mutation {customerAccessTokenCreate(input:{email:\"\(email)\",password:\"secret1\"}){customerAccessToken{accessToken}}}"
        )
        return try #require(login["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
    }

    @Test func completingACartCreatesANumberedOrder() async throws {
        let client = try StorefrontClient()
        let token = try await cart(
            client, [(11, 2), (21, 1)], buyer: "email:\"buyer@example.com\",phone:\"+16471234567\"")
        let orderID = try await complete(client, token)
        #expect(
            GID.decode(orderID)?.range(of: #"^gid://shopify/Order/1\?key=[0-9a-f]{32}$"#, options: .regularExpression)
                != nil)

        let listed = try await client.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(listed.status == 200)
        let order = try #require(listed.json[0])
        #expect(listed.json.arrayValue?.count == 1)
        #expect(order["id"]?.stringValue == orderID)
        #expect(order["orderNumber"] == 1001)
        #expect(order["name"] == "#1001")
        #expect(order["email"] == "buyer@example.com")
        #expect(order["phone"] == "+16471234567")
        #expect(order["customerId"] == .null)
        #expect(order["totalPrice"] == "297.0")  // 2 × 89 + 119
        #expect(order["financialStatus"] == "PAID")
        #expect(order["fulfillmentStatus"] == "UNFULFILLED")
        #expect(
            order["lineItems"]?.serialized()
                == #"[{"title":"Road Runner","variantId":"\#(GID.variant(11))","quantity":2,"unitPrice":"89.0"},{"title":"Trail Blazer","variantId":"\#(GID.variant(21))","quantity":1,"unitPrice":"119.0"}]"#
        )

        // The order is a node with every field of §5.10; statusUrl points at the order status page.
        let node = try await client.data(
            """
            query {node(id:"\(orderID)"){... on Order{name,orderNumber,email,currencyCode,financialStatus,fulfillmentStatus,customerUrl,statusUrl,subtotalPriceV2{amount},totalPriceV2{amount},totalTaxV2{amount},totalShippingPriceV2{amount},lineItems(first:5){edges{node{title,quantity,variant{id},originalTotalPrice{amount}}}}}}}
            """)
        let served = try #require(node["node"])
        #expect(served["name"] == "#1001")
        #expect(served["currencyCode"] == "CAD")
        #expect(served["customerUrl"] == .null)
        let statusURL = try #require(served["statusUrl"]?.stringValue)
        #expect(
            statusURL.range(
                of: "^" + NSRegularExpression.escapedPattern(for: client.context.publicURL(path: "/1/orders/"))
                    + "[0-9a-f]{32}/authenticate\\?key=[0-9a-f]{32}$", options: .regularExpression) != nil)
        #expect(served["subtotalPriceV2"]?["amount"] == "297.0")
        #expect(served["totalPriceV2"]?["amount"] == "297.0")
        #expect(served["totalTaxV2"]?["amount"] == "0.0")
        #expect(served["totalShippingPriceV2"]?["amount"] == "0.0")
        #expect(
            served["lineItems"]?.serialized()
                == #"{"edges":[{"node":{"title":"Road Runner","quantity":2,"variant":{"id":"\#(GID.variant(11))"},"originalTotalPrice":{"amount":"178.0"}}},{"node":{"title":"Trail Blazer","quantity":1,"variant":{"id":"\#(GID.variant(21))"},"originalTotalPrice":{"amount":"119.0"}}}]}"#
        )

        // A wrong key makes the ID unknown (§5.4).
        let forged = GID.encode("gid://shopify/Order/1?key=" + String(repeating: "0", count: 32))
        #expect(try await client.data("query {node(id:\"\(forged)\"){id}}")["node"] == .null)

        // Numbers run on per shop; a cart without an email gets cart@example.com.
        let second = try await cart(client, [(31, 1)])
        _ = try await complete(client, second)
        let both = try await client.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(both.json.arrayValue?.map { $0["orderNumber"] } == [1001, 1002])
        #expect(both.json[1]?["email"] == "cart@example.com")
    }

    @Test func orderTakesStockAndCountsSales() async throws {
        let client = try StorefrontClient()
        // Before: BEST_SELLING is 2 (80), 1 (50), 4 (30), 3 (10), 5 (5); Summit Boot (41) has 2 in stock.
        let token = try await cart(client, [(41, 2), (31, 25)])
        _ = try await complete(client, token)
        let after = try await client.data(
            """
            query {boot:node(id:"\(GID.variant(41))"){... on ProductVariant{quantityAvailable,availableForSale}},suede:node(id:"\(GID.variant(31))"){... on ProductVariant{quantityAvailable}},products(first:5,sortKey:BEST_SELLING){edges{node{id}}}}
            """)
        #expect(after["boot"]?.serialized() == #"{"quantityAvailable":0,"availableForSale":false}"#)
        #expect(after["suede"]?["quantityAvailable"] == 75)
        #expect(after["products"]?.nodeNumbers == [2, 1, 3, 4, 5])  // Blue Suede 10 + 25 = 35, Summit Boot 30 + 2 = 32
    }

    @Test func refusedCompletions() async throws {
        let client = try StorefrontClient()
        let unknown = try await client.control(
            .post, "/sandbox/storefront/carts/\(String(repeating: "a", count: 32))/complete")
        #expect(unknown.status == 404)
        #expect(unknown.json["error"] == "not_found")

        // More than the tracked stock: nothing is written.
        let greedy = try await cart(client, [(11, 1), (41, 3)])
        let refused = try await client.control(.post, "/sandbox/storefront/carts/\(greedy)/complete")
        #expect(refused.status == 422)
        #expect(
            refused.json.serialized()
                == #"{"errors":[{"code":"NOT_ENOUGH_IN_STOCK","field":["lines","1","quantity"],"message":"Only 2 items are available"}]}"#
        )
        #expect(try await client.control(.get, "/sandbox/storefront/shops/1/orders").json.arrayValue?.isEmpty == true)

        // A cart whose only line was removed is empty.
        let cartID = GID.encode("gid://shopify/Cart/\(greedy)")
        let lines = try await client.data("query {cart(id:\"\(cartID)\"){lines(first:5){edges{node{id}}}}}")
        let lineIDs = (lines["cart"]?["lines"]?["edges"]?.arrayValue ?? []).compactMap {
            $0["node"]?["id"]?.stringValue
        }
        _ = try await client.data(
            "mutation {cartLinesRemove(cartId:\"\(cartID)\",lineIds:[\(lineIDs.map { "\"\($0)\"" }.joined(separator: ","))]){userErrors{message}}}"
        )
        let empty = try await client.control(.post, "/sandbox/storefront/carts/\(greedy)/complete")
        #expect(empty.status == 422)
        #expect(
            empty.json.serialized() == #"{"errors":[{"code":"EMPTY","field":["lines"],"message":"Cart has no lines"}]}"#
        )

        // A completed cart is gone: completing it again cannot make a second order.
        let token = try await cart(client, [(11, 1)])
        _ = try await complete(client, token)
        #expect(try await client.control(.post, "/sandbox/storefront/carts/\(token)/complete").status == 404)
        #expect(
            try await client.data("query {cart(id:\"\(GID.encode("gid://shopify/Cart/\(token)"))\"){id}}")["cart"]
                == .null)

        // An expired cart (10 days without changes) is unknown too.
        let stale = try await cart(client, [(11, 1)])
        try await client.context.clock.advance(by: 10 * 86_400 + 60)
        #expect(try await client.control(.post, "/sandbox/storefront/carts/\(stale)/complete").status == 404)
        #expect(try await client.control(.get, "/sandbox/storefront/shops/9/orders").status == 404)
    }

    @Test func ordersAreLinkedByTokenOrByEmail() async throws {
        let client = try StorefrontClient()
        let john = try await signUp(client, "john@example.com")
        let jane = try await signUp(client, "jane@example.com")
        // Linked through buyerIdentity.customerAccessToken, even with another email on the cart.
        _ = try await complete(
            client,
            try await cart(client, [(11, 1)], buyer: "email:\"gifts@example.com\",customerAccessToken:\"\(john)\""))
        // Linked by the email, case-insensitively.
        _ = try await complete(client, try await cart(client, [(21, 1)], buyer: "email:\"JOHN@Example.com\""))
        // Not linked: an email nobody has.
        _ = try await complete(client, try await cart(client, [(31, 1)], buyer: "email:\"nobody@example.com\""))

        let orders = "orders(first:10){edges{node{orderNumber,email,customerUrl}}}"
        let johns = try await client.data("query {customer(customerAccessToken:\"\(john)\"){\(orders)}}")
        let edges = johns["customer"]?["orders"]?["edges"]?.arrayValue ?? []
        #expect(edges.map { $0["node"]?["orderNumber"] } == [1001, 1002])
        #expect(edges.map { $0["node"]?["email"] } == ["gifts@example.com", "JOHN@Example.com"])
        #expect(
            edges.allSatisfy {
                $0["node"]?["customerUrl"]?.stringValue?.hasPrefix(client.context.publicURL(path: "/account/orders/"))
                    == true
            })
        let janes = try await client.data("query {customer(customerAccessToken:\"\(jane)\"){\(orders)}}")
        #expect(janes["customer"]?["orders"]?["edges"]?.arrayValue?.isEmpty == true)
        let listed = try await client.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(
            listed.json.arrayValue?.map { $0["customerId"] } == [
                .string(GID.encode("gid://shopify/Customer/1")),
                .string(GID.encode("gid://shopify/Customer/1")), .null,
            ])
    }

    /// Three orders whose ID, processing time and total orders all differ:
    /// 1 = Road Runner + Trail Blazer (208.00, 2020-01-01), 2 = Blue Suede (75.00, 2019-01-01),
    /// 3 = Trail Blazer (119.00, 2021-01-01).
    func threeOrders(_ client: StorefrontClient) async throws -> String {
        let token = try await signUp(client, "john@example.com")
        let plan: [(String, [(Int, Int)])] = [
            ("2020-01-01T00:00:00Z", [(11, 1), (21, 1)]), ("2019-01-01T00:00:00Z", [(31, 1)]),
            ("2021-01-01T00:00:00Z", [(21, 1)]),
        ]
        for (instant, lines) in plan {
            try await client.context.clock.set(try #require(ISO8601.parse(instant)), frozen: true)
            _ = try await complete(client, try await cart(client, lines, buyer: "customerAccessToken:\"\(token)\""))
        }
        return token
    }

    func customerOrders(_ client: StorefrontClient, _ token: String, _ arguments: String) async throws -> [Int] {
        let data = try await client.data(
            "query {customer(customerAccessToken:\"\(token)\"){orders(first:10\(arguments)){edges{node{id}}}}}")
        return data["customer"]?["orders"]?.nodeNumbers ?? []
    }

    @Test(arguments: [
        (",sortKey:ID", [1, 2, 3]), (",sortKey:ID,reverse:true", [3, 2, 1]),
        (",sortKey:PROCESSED_AT", [2, 1, 3]), (",sortKey:PROCESSED_AT,reverse:true", [3, 1, 2]),
        (",sortKey:TOTAL_PRICE", [2, 3, 1]), (",sortKey:TOTAL_PRICE,reverse:true", [1, 3, 2]),
        // RELEVANCE counts matched free terms: order 1 matches "Road" and "Trail", 2 and 3 one term each (ties by ID).
        (",sortKey:RELEVANCE,query:\"Road OR Trail OR Suede\"", [1, 2, 3]),
        (",sortKey:RELEVANCE,query:\"Road OR Trail OR Suede\",reverse:true", [3, 2, 1]),
        (",sortKey:RELEVANCE", [1, 2, 3]),
        ("", [1, 2, 3]),
    ])
    func customerOrdersSort(arguments: String, expected: [Int]) async throws {
        let client = try StorefrontClient()
        let token = try await threeOrders(client)
        #expect(try await customerOrders(client, token, arguments) == expected)
    }

    @Test(arguments: [
        ("processed_at:>2019-06-01", [1, 3]),
        ("processed_at:<2020-01-01", [2]),
        ("processed_at:<=2020-01-01", [1, 2]),
        ("processed_at:>=2021-01-01", [3]),
        ("processed_at:>\"2020-01-01T00:00:00Z\"", [3]),
        ("-processed_at:<2020-01-01", [1, 3]),
        ("processed_at:*", [1, 2, 3]),
        ("#1002", [2]),
        ("trail processed_at:<2021-01-01", [1]),
    ])
    func customerOrdersSearch(query: String, expected: [Int]) async throws {
        let client = try StorefrontClient()
        let token = try await threeOrders(client)
        let text = query.replacingOccurrences(of: "\"", with: "\\\"")  // a GraphQL string literal
        #expect(try await customerOrders(client, token, ",query:\"\(text)\"") == expected)
    }
}
