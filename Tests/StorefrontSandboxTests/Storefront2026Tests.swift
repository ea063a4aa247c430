import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

extension StorefrontClient {
    /// Runs a document on `/api/2026-04/graphql`; returns status, body and the version header.
    func graphQL2026(_ document: String, variables: JSONValue? = nil, path: String = "/api/2026-04/graphql")
        async throws -> (status: Int, json: JSONValue, version: String?)
    {
        var body: JSONObject = ["query": .string(document)]
        if let variables { body["variables"] = variables }
        let result = try await send(.post, path, body: JSONValue.object(body).serializedData())
        return (result.status, result.json, result.response.headers["X-Shopify-API-Version"])
    }

    /// A 2026-04 document that must succeed without errors; returns `data`.
    func data2026(_ document: String, variables: JSONValue? = nil) async throws -> JSONValue {
        let result = try await graphQL2026(document, variables: variables)
        #expect(result.status == 200)
        #expect(result.json["errors"] == nil, "unexpected errors: \(result.json.serialized())")
        return result.json["data"] ?? .null
    }
}

/// The 2026-04 endpoint beside 2021-10: its own schema (introspection, validation), the same stores, and a
/// named error for every root field the sandbox does not emulate.
@Suite struct Storefront2026Tests {
    @Test func introspectionAnswersFromThe2026Schema() async throws {
        let client = try StorefrontClient()
        let document = #"{__type(name:"CartWarning"){name,fields{name}}}"#
        for path in ["/api/2026-04/graphql", "/api/2026-04/graphql.json"] {
            let answer = try await client.graphQL2026(document, path: path)
            #expect(answer.status == 200)
            #expect(answer.version == "2026-04")
            #expect(
                answer.json.serialized()
                    == #"{"data":{"__type":{"name":"CartWarning","fields":[{"name":"code"},{"name":"message"},{"name":"target"}]}}}"#
            )
        }
        // 2021-10 keeps its own schema: the type does not exist there.
        let old = try await client.graphQL(document)
        #expect(old.serialized() == #"{"data":{"__type":null}}"#)
        let mutations = try await client.data2026("{__schema{mutationType{name},queryType{name}}}")
        #expect(
            mutations.serialized()
                == #"{"__schema":{"mutationType":{"name":"Mutation"},"queryType":{"name":"QueryRoot"}}}"#)
    }

    @Test func aProductCreatedByTheControlRouteIsSeenOnBothVersions() async throws {
        let client = try StorefrontClient()
        let created = try await client.control(
            .post, "/sandbox/storefront/shops/1/products",
            json: ["title": "Racer", "variants": [["title": "8", "price": "99.50", "inventory": 4]]])
        #expect(created.status == 201)
        let id = try #require(created.json["id"]?.stringValue)
        let new = try await client.data2026(
            #"{product(id:"\#(id)"){title,handle,isGiftCard,variants(first:1){nodes{price{amount,currencyCode},taxable,quantityRule{minimum,increment,maximum}}}}}"#
        )
        #expect(
            new.serialized()
                == #"{"product":{"title":"Racer","handle":"racer","isGiftCard":false,"variants":{"nodes":[{"price":{"amount":"99.5","currencyCode":"CAD"},"taxable":true,"quantityRule":{"minimum":1,"increment":1,"maximum":null}}]}}}"#
        )
        let old = try await client.data(
            #"{product(id:"\#(id)"){title,handle,variants(first:1){edges{node{price,priceV2{amount}}}}}}"#)
        #expect(
            old.serialized()
                == #"{"product":{"title":"Racer","handle":"racer","variants":{"edges":[{"node":{"price":"99.50","priceV2":{"amount":"99.5"}}}]}}}"#
        )
        let shop = try await client.data2026("{shop{id,name}}")
        #expect(GID.decode(shop["shop"]?["id"]?.stringValue) == "gid://shopify/Shop/1")
    }

    /// Every root field is emulated now (StorefrontRootFieldCoverageTests, Storefront2026MutationCoverageTests), so a
    /// bad argument gets the mutation's own user error rather than `SANDBOX_NOT_EMULATED`.
    @Test func aMutationOnAnUnknownCartAnswersItsUserError() async throws {
        let client = try StorefrontClient()
        // Every Mutation field is emulated (Storefront2026MutationCoverageTests): an unknown cart is a user error.
        let mutation = try await client.graphQL2026(
            #"mutation {cartClone(cartId:"gid://shopify/Cart/x"){cart{id},userErrors{code,field}}}"#)
        #expect(mutation.status == 200)
        #expect(
            mutation.json.serialized()
                == #"{"data":{"cartClone":{"cart":null,"userErrors":[{"code":"INVALID","field":["cartId"]}]}}}"#)
    }

    @Test func badInputGetsValidationErrorsNot5xx() async throws {
        let client = try StorefrontClient()
        let documents: [(String, JSONValue?)] = [
            // A missing required variable.
            (#"mutation($id: ID!){cartNoteUpdate(cartId:$id,note:"x"){cart{id}}}"#, nil),
            // A variable of the wrong type.
            (
                #"mutation($id: ID!,$note: String!){cartNoteUpdate(cartId:$id,note:$note){cart{id}}}"#,
                ["id": "gid://shopify/Cart/x", "note": ["not", "a", "string"]]
            ),
            // 2026-04 made `note` required, and a literal of the wrong type.
            (#"mutation {cartNoteUpdate(cartId:"gid://shopify/Cart/x"){cart{id}}}"#, nil),
            (#"mutation {cartLinesAdd(cartId:"gid://shopify/Cart/x",lines:[{quantity:"two"}]){cart{id}}}"#, nil),
            // Fields 2026-04 removed.
            (#"{checkout(id:"x"){id}}"#, nil),
        ]
        for (document, variables) in documents {
            let answer = try await client.graphQL2026(document, variables: variables)
            #expect(answer.status == 200, "\(document)")
            let errors = try #require(answer.json["errors"]?.arrayValue, "\(answer.json.serialized())")
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { $0["extensions"]?["code"] != "INTERNAL_SERVER_ERROR" })
        }
    }

    @Test func unservedVersionsStill404() async throws {
        let client = try StorefrontClient()
        let answer = try await client.send(.post, "/api/2024-01/graphql", body: Data(#"{"query":"{shop{name}}"}"#.utf8))
        #expect(answer.status == 404)
        #expect(
            answer.json["errors"]?[0]?["message"]
                == "API version 2024-01 is not served by this sandbox; served versions: 2021-10, 2026-04.")
    }
}
