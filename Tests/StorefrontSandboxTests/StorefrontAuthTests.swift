import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// HTTP-level rules H1–H11 and their order (spec §4.1, §6.7 "Authentication").
@Suite struct StorefrontAuthTests {
    let q1 = Data(#"{"query":"query {shop{name}}"}"#.utf8)

    private func errorBody(_ message: String, _ code: String) -> String {
        #"{"errors":[{"message":"\#(message)","extensions":{"code":"\#(code)"}}]}"#
    }

    @Test func wrongOrMissingTokenIs401() async throws {
        var client = try StorefrontClient()
        client.token = "wrong"
        let wrong = try await client.send(body: q1)
        #expect(wrong.status == 401)
        #expect(wrong.json.serialized() == errorBody("Invalid Storefront access token.", "UNAUTHORIZED"))
        client.token = ""
        let missing = try await client.send(body: q1)
        #expect(missing.status == 401)
    }

    @Test func revokedTokenIs403() async throws {
        var client = try StorefrontClient()
        let created = try await client.control(.post, "/sandbox/storefront/shops/1/tokens")
        #expect(created.status == 201)
        client.token = try #require(created.json["token"]?.stringValue)
        #expect(try await client.send(body: q1).status == 200)
        #expect(try await client.control(.delete, "/sandbox/storefront/tokens/\(client.token)").status == 204)
        let revoked = try await client.send(body: q1)
        #expect(revoked.status == 403)
        #expect(revoked.json.serialized() == errorBody("Storefront access token has been revoked.", "FORBIDDEN"))
        #expect(try await client.control(.delete, "/sandbox/storefront/tokens/nope").status == 404)
    }

    @Test func unservedVersionMalformedVersionAndMethod() async throws {
        let client = try StorefrontClient()
        let old = try await client.send(.post, "/api/2024-01/graphql", body: q1)
        #expect(old.status == 404)
        #expect(
            old.json.serialized()
                == errorBody(
                    "API version 2024-01 is not served by this sandbox; served versions: 2021-10, 2026-04.", "NOT_FOUND"
                ))
        let malformed = try await client.send(.post, "/api/latest/graphql", body: q1)
        #expect(malformed.status == 404)
        #expect(malformed.json.serialized() == errorBody("Not found.", "NOT_FOUND"))
        let get = try await client.send(.get, "/api/2021-10/graphql")
        #expect(get.status == 405)
        #expect(get.response.headers["Allow"] == "POST")
        #expect(get.json.serialized() == errorBody("Use POST.", "METHOD_NOT_ALLOWED"))
        let json = try await client.send(.post, "/api/2021-10/graphql.json", body: q1)
        #expect(json.json["data"]?["shop"]?["name"] == "Sandbox Shoes")
        #expect(json.response.headers["X-Shopify-API-Version"] == "2021-10")
        #expect(json.response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(json.response.headers["X-Request-Id"] != nil)
    }

    @Test func bodyRulesAndTheirOrder() async throws {
        let client = try StorefrontClient()
        let token = "sandbox-storefront-token"
        let broken = try await client.send(body: Data(#"{"query":"#.utf8))
        #expect(broken.status == 400)
        #expect(broken.json.serialized() == errorBody("Request body is not valid JSON.", "BAD_REQUEST"))
        #expect(try await client.send(body: Data()).status == 400)
        let noQuery = try await client.send(body: Data(#"{"query":null}"#.utf8))
        #expect(noQuery.json.serialized() == errorBody("Required parameter missing or invalid: query.", "BAD_REQUEST"))
        let badVariables = try await client.send(body: Data(#"{"query":"{shop{name}}","variables":[1]}"#.utf8))
        #expect(
            badVariables.json.serialized()
                == errorBody("Required parameter missing or invalid: variables.", "BAD_REQUEST"))
        // H10: operationName must be a string (or null), and the body an object, not a batch array.
        let badOperationName = try await client.send(
            body: Data(#"{"query":"query Q {shop{name}}","operationName":5}"#.utf8))
        #expect(badOperationName.status == 400)
        #expect(
            badOperationName.json.serialized()
                == errorBody("Required parameter missing or invalid: operationName.", "BAD_REQUEST"))
        let nullOperationName = try await client.send(
            body: Data(#"{"query":"query Q {shop{name}}","operationName":null}"#.utf8))
        #expect(nullOperationName.json["data"]?["shop"]?["name"] == "Sandbox Shoes")
        let array = try await client.send(body: Data(#"[{"query":"{shop{name}}"}]"#.utf8))
        #expect(array.status == 400)
        #expect(array.json.serialized() == errorBody("Required parameter missing or invalid: query.", "BAD_REQUEST"))
        let xml = try await client.send(
            body: q1, headers: ["Content-Type": "application/xml", "X-Shopify-Storefront-Access-Token": token])
        #expect(xml.status == 415)
        // A bad token is reported before a bad body (H12).
        let badBoth = try await client.send(body: Data("{".utf8), headers: ["Content-Type": "application/xml"])
        #expect(badBoth.status == 401)
        let huge = try await client.send(
            body: Data(count: 1024 * 1024 + 1),
            headers: ["Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": token])
        #expect(huge.status == 413)
        let graphQLBody = try await client.send(
            body: Data("query {shop{name}}".utf8),
            headers: ["Content-Type": "application/graphql; charset=utf-8", "X-Shopify-Storefront-Access-Token": token])
        #expect(graphQLBody.json["data"]?["shop"]?["name"] == "Sandbox Shoes")
        let emptyGraphQL = try await client.send(
            body: Data(), headers: ["Content-Type": "application/graphql", "X-Shopify-Storefront-Access-Token": token])
        #expect(emptyGraphQL.status == 400)
    }

    /// Each change of state shows on the next request, although the token and shop were just read (and cached).
    @Test func frozenAndLockedShops() async throws {
        let client = try StorefrontClient()
        #expect(try await client.send(body: q1).status == 200)
        #expect(
            try await client.control(.put, "/sandbox/storefront/shops/1/state", json: ["state": "frozen"]).status == 204
        )
        let frozen = try await client.send(body: q1)
        #expect(frozen.status == 402)
        #expect(frozen.json.serialized() == errorBody("Shop is unavailable.", "SHOP_INACTIVE"))
        _ = try await client.control(.put, "/sandbox/storefront/shops/1/state", json: ["state": "locked"])
        #expect(try await client.send(body: q1).status == 423)
        #expect(
            try await client.control(.put, "/sandbox/storefront/shops/1/state", json: ["state": "asleep"]).status == 400
        )
        _ = try await client.control(.put, "/sandbox/storefront/shops/1/state", json: ["state": "active"])
        #expect(try await client.send(body: q1).status == 200)
    }

    @Test func variablesAndOperationNameAreHonoured() async throws {
        let client = try StorefrontClient()
        let body = try await client.graphQL(
            "query A { shop { name } } query B($id: ID!) { node(id: $id) { id } }",
            variables: ["id": .string(GID.product(1))])
        #expect(body["errors"] != nil)  // two operations without operationName
        let request: JSONValue = [
            "query": "query A { shop { name } } query B($id: ID!) { node(id: $id) { id } }",
            "variables": ["id": .string(GID.product(1))], "operationName": "B",
        ]
        let result = try await client.send(body: request.serializedData())
        #expect(result.json["data"]?["node"]?["id"]?.stringValue == GID.product(1))
    }

    @Test func queryTagIsCheckedButNeverAnError() async throws {
        let client = try StorefrontClient()
        let token = "sandbox-storefront-token"
        let match = try await client.send(
            body: q1,
            headers: [
                "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": token,
                "X-Query-Tag": HexDigest.sha256(q1),
            ])
        #expect(match.response.headers["X-Sandbox-Query-Tag"] == "match")
        let mismatch = try await client.send(
            body: q1,
            headers: [
                "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": token,
                "X-Query-Tag": "00",
            ])
        #expect(mismatch.status == 200)
        #expect(mismatch.response.headers["X-Sandbox-Query-Tag"] == "mismatch")
        let log = try await client.control(.get, "/sandbox/storefront/requests?limit=2")
        #expect(log.json.arrayValue?.map { $0["queryTag"]?.stringValue } == ["match", "mismatch"])
        #expect(log.json[0]?["token"]?.stringValue == "oken")
    }

    @Test func missingScopeIsAccessDenied() async throws {
        var client = try StorefrontClient()
        let created = try await client.control(
            .post, "/sandbox/storefront/shops/1/tokens",
            json: ["scopes": ["unauthenticated_read_collection_listings"]])
        client.token = try #require(created.json["token"]?.stringValue)
        let body = try await client.graphQL("query {shop{name},products(first:1){edges{node{id}}}}")
        #expect(body["data"] == .null)
        #expect(
            body["errors"]?[0]?.serialized()
                == #"{"message":"Access denied for products field. Required access: `unauthenticated_read_product_listings` access scope.","locations":[{"line":1,"column":19}],"path":["products"],"extensions":{"code":"ACCESS_DENIED","requiredAccess":"`unauthenticated_read_product_listings` access scope."}}"#
        )
        let shopOnly = try await client.data("query {shop{name},collections(first:1){edges{node{id}}}}")
        #expect(shopOnly["shop"]?["name"] == "Sandbox Shoes")
    }

    /// One row of the §5.2 scope table: a document touching one root field, and the scope that field needs.
    struct ScopeRow: Sendable, CustomTestStringConvertible {
        let document: String
        let field: String
        let scope: String
        var testDescription: String { "\(field) needs \(scope)" }
    }

    static let cartID = GID.encode("gid://shopify/Cart/" + String(repeating: "a", count: 32))
    static let scopeRows: [ScopeRow] = {
        let write = "unauthenticated_write_checkouts"
        let read = "unauthenticated_read_checkouts"
        let writeCustomers = "unauthenticated_write_customers"
        let readCustomers = "unauthenticated_read_customers"
        let line = GID.encode(
            "gid://shopify/CartLine/\(String(repeating: "b", count: 32))?cart=\(String(repeating: "a", count: 32))")
        let order = GID.encode("gid://shopify/Order/1?key=\(String(repeating: "c", count: 32))")
        return [
            ScopeRow(document: "mutation {cartCreate(input:{}){cart{id}}}", field: "cartCreate", scope: write),
            ScopeRow(
                document: "mutation {cartLinesAdd(cartId:\"\(cartID)\",lines:[]){cart{id}}}", field: "cartLinesAdd",
                scope: write),
            ScopeRow(
                document: "mutation {cartLinesUpdate(cartId:\"\(cartID)\",lines:[]){cart{id}}}",
                field: "cartLinesUpdate", scope: write),
            ScopeRow(
                document: "mutation {cartLinesRemove(cartId:\"\(cartID)\",lineIds:[]){cart{id}}}",
                field: "cartLinesRemove", scope: write),
            ScopeRow(document: "query {cart(id:\"\(cartID)\"){id}}", field: "cart", scope: read),
            ScopeRow(document: "query {node(id:\"\(cartID)\"){id}}", field: "node", scope: read),
            ScopeRow(document: "query {node(id:\"\(line)\"){id}}", field: "node", scope: read),
            ScopeRow(document: "query {node(id:\"\(order)\"){id}}", field: "node", scope: read),
            ScopeRow(
                document: "query {customer(customerAccessToken:\"x\"){id}}", field: "customer", scope: readCustomers),
            ScopeRow(
                document:
                    "mutation {customerCreate(input:{email:\"a@example.com\",password:\"secret1\"}){customer{id}}}",
                field: "customerCreate", scope: writeCustomers),
            ScopeRow(
                document:
                    "mutation {customerAccessTokenCreate(input:{email:\"a@example.com\",password:\"secret1\"}){customerAccessToken{accessToken}}}",
                field: "customerAccessTokenCreate", scope: writeCustomers),
            ScopeRow(
                document: "mutation {customerRecover(email:\"a@example.com\"){customerUserErrors{code}}}",
                field: "customerRecover", scope: writeCustomers),
            ScopeRow(
                document: "mutation {customerUpdate(customerAccessToken:\"x\",customer:{}){customer{id}}}",
                field: "customerUpdate", scope: writeCustomers),
            ScopeRow(
                document:
                    "mutation {customerAddressCreate(customerAccessToken:\"x\",address:{city:\"X\"}){customerAddress{id}}}",
                field: "customerAddressCreate", scope: writeCustomers),
        ]
    }()

    @Test(arguments: scopeRows) func cartAndCustomerFieldsNeedTheirScope(_ row: ScopeRow) async throws {
        var client = try StorefrontClient()
        // Every scope but the one the field needs: the check is per field, not "any scope will do".
        let others = [
            "unauthenticated_read_product_listings", "unauthenticated_read_collection_listings",
            "unauthenticated_read_product_tags",
            "unauthenticated_read_checkouts", "unauthenticated_write_checkouts", "unauthenticated_read_customers",
            "unauthenticated_write_customers",
        ].filter { $0 != row.scope }
        let created = try await client.control(
            .post, "/sandbox/storefront/shops/1/tokens", json: .array(others.map(JSONValue.string)).wrapped)
        client.token = try #require(created.json["token"]?.stringValue)
        let body = try await client.graphQL(row.document)
        let error = try #require(body["errors"]?[0])
        #expect(
            error["message"]?.stringValue
                == "Access denied for \(row.field) field. Required access: `\(row.scope)` access scope.")
        #expect(error["extensions"]?["code"] == "ACCESS_DENIED")
        #expect(error["path"]?.serialized() == #"["\#(row.field)"]"#)
        #expect(body["data"]?[row.field] == .null)

        // With the full token the same document runs without an access error.
        client.token = "sandbox-storefront-token"
        let allowed = try await client.graphQL(row.document)
        #expect(allowed["errors"] == nil, "\(allowed.serialized())")
    }
}

extension JSONValue {
    /// `{"scopes": self}`: the body of `POST …/tokens`.
    fileprivate var wrapped: JSONValue { ["scopes": self] }
}
