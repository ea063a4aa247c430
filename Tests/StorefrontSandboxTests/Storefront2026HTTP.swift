import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// A whole sandbox listening on 127.0.0.1 and a free port, spoken to over HTTP: the 2026-04 and 2021-10 GraphQL
/// endpoints, the card vault and the Storefront control routes.
struct Storefront2026HTTP {
    struct Failure: Error { let text: String }

    let base: URL
    var token = "sandbox-storefront-token"

    static func with(_ body: (Storefront2026HTTP) async throws -> Void) async throws {
        try await Sandbox.withRunning { sandbox async throws in
            try await body(Storefront2026HTTP(base: sandbox.baseURL))
        }
    }

    func send(_ method: HTTPMethod, _ path: String, json: JSONValue? = nil, storefront: Bool = false) async throws
        -> (status: Int, json: JSONValue)
    {
        guard let url = URL(string: base.absoluteString + path) else { throw Failure(text: path) }
        var headers: HTTPHeaders = json == nil ? [:] : ["Content-Type": "application/json"]
        if storefront { headers["X-Shopify-Storefront-Access-Token"] = token }
        let body = json?.serializedData()
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: method, url: url, headers: headers, body: body))
        let answer = (try? JSONValue.parse(response.body)) ?? .null
        if storefront, method == .post, let body {
            // For CI's graphql-core check, as the in-process client records its documents.
            SandboxDocumentRecorder.record(path: path, body: body, status: response.statusCode, answer: answer)
        }
        return (response.statusCode, answer)
    }

    /// Runs a document on `version`; the whole response body.
    func graphQL(_ document: String, version: String = "2026-04") async throws -> JSONValue {
        let reply = try await send(
            .post, "/api/\(version)/graphql.json", json: ["query": .string(document)], storefront: true)
        #expect(reply.status == 200)
        return reply.json
    }

    /// Runs a document that must succeed without errors; its `data`.
    func data(_ document: String, version: String = "2026-04") async throws -> JSONValue {
        let body = try await graphQL(document, version: version)
        #expect(body["errors"] == nil, "unexpected errors: \(body.serialized())")
        return body["data"] ?? .null
    }

    /// A new cart with `quantity` Road Runners (89.00 each); `buyer` is extra `CartInput` text. Its ID.
    func cart(quantity: Int = 1, buyer: String = "") async throws -> String {
        let data = try await data(
            #"mutation {cartCreate(input:{lines:[{merchandiseId:"\#(GID.variant(11))",quantity:\#(quantity)}]\#(buyer)}){cart{id}}}"#
        )
        return try #require(data["cartCreate"]?["cart"]?["id"]?.stringValue)
    }

    /// Adds a selected Canadian address (Standard 10.00, Express 25.00) and chooses `handle`.
    func shipToCanada(_ cartID: String, handle: String = "sandbox-standard-10.00") async throws {
        let added = try await data(
            #"mutation {cartDeliveryAddressesAdd(cartId:"\#(cartID)",addresses:[{selected:true,address:{deliveryAddress:{firstName:"Ada",lastName:"Lovelace",address1:"1 Main St",city:"Toronto",provinceCode:"ON",countryCode:CA,zip:"M5V 1A1"}}}]){cart{deliveryGroups(first:1){nodes{id}}},userErrors{code}}}"#
        )
        #expect(added["cartDeliveryAddressesAdd"]?["userErrors"]?.serialized() == "[]")
        let group = try #require(
            added["cartDeliveryAddressesAdd"]?["cart"]?["deliveryGroups"]?["nodes"]?[0]?["id"]?.stringValue)
        let chosen = try await data(
            #"mutation {cartSelectedDeliveryOptionsUpdate(cartId:"\#(cartID)",selectedDeliveryOptions:[{deliveryGroupId:"\#(group)",deliveryOptionHandle:"\#(handle)"}]){userErrors{code}}}"#
        )
        #expect(chosen["cartSelectedDeliveryOptionsUpdate"]?["userErrors"]?.serialized() == "[]")
    }

    /// A vault session for test card `number` (Bogus Gateway: 1 approves, 2 declines, 3 errors).
    func vault(_ number: String) async throws -> String {
        let card: JSONValue = [
            "credit_card": [
                "number": .string(number), "first_name": "Ada", "last_name": "Lovelace", "month": "12", "year": "2040",
                "verification_value": "123",
            ]
        ]
        let reply = try await send(.post, "/sessions", json: card)
        return try #require(reply.json["id"]?.stringValue)
    }

    /// A signed-up customer's access token.
    func signUp(_ email: String) async throws -> String {
        _ = try await data(#"mutation {customerCreate(input:{email:"\#(email)",password:"secret1"}){customer{id}}}"#)
        let login = try await data(
            #"mutation {customerAccessTokenCreate(input:{email:"\#(email)",password:"secret1"}){customerAccessToken{accessToken}}}"#
        )
        return try #require(login["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
    }
}
