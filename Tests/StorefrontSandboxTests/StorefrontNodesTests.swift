import CommerceCore
import Foundation
import GraphQL
import Testing

@testable import CommerceSandbox
@testable import StorefrontSandbox

/// `nodes(ids:)` with unknown IDs (spec §4.3: `null` entries, no error) — the bug issue 12 reports, where
/// GraphQLSwift failed the whole answer with a `MapError` — and C7 for failures outside any resolver.
@Suite struct StorefrontNodesTests {
    @Test func unknownIDsAreNullEntries() async throws {
        let client = try StorefrontClient()
        let body = try await client.graphQL(
            "{nodes(ids:[\"\(GID.product(1))\",\"\(GID.product(999))\"]){...on Product{title}}}")
        #expect(body["errors"] == nil)
        #expect(body["data"]?.serialized() == #"{"nodes":[{"title":"Road Runner"},null]}"#)
    }

    @Test func nullEntriesKeepTheirPlaceUnderAliasesAndNestedSelections() async throws {
        let client = try StorefrontClient()
        let ids = [
            GID.product(999), GID.variant(11), "not-an-id", GID.encode("gid://shopify/Checkout/nope"), GID.product(1),
        ]
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        let data = try await client.data(
            """
            {a:nodes(ids:[\(list)]){__typename,id,...on Product{title,variants(first:2){edges{node{id,priceV2{amount}}}}},...on ProductVariant{title}}
             b:nodes(ids:["\(GID.collection(999))"]){id}, c:nodes(ids:[]){id}}
            """)
        let entries = try #require(data["a"]?.arrayValue)
        #expect(entries.count == 5)
        #expect(entries[0] == .null)
        #expect(entries[1]["__typename"] == "ProductVariant")
        #expect(entries[2] == .null)
        #expect(entries[3] == .null)
        #expect(entries[4]["title"] == "Road Runner")
        #expect(entries[4]["variants"]?["edges"]?.arrayValue?.count == 2)
        #expect(data["b"]?.serialized() == "[null]")
        #expect(data["c"]?.serialized() == "[]")
    }

    @Test func scopesStillApplyToKnownEntries() async throws {
        var client = try StorefrontClient()
        let grant = try await client.control(
            .post, "/sandbox/storefront/shops/1/tokens",
            json: ["scopes": ["unauthenticated_read_collection_listings"]])
        client.token = try #require(grant.json["token"]?.stringValue)
        let body = try await client.graphQL("{nodes(ids:[\"\(GID.collection(999))\",\"\(GID.product(1))\"]){id}}")
        // `nodes` is non-null, so the denied entry nulls the whole answer (§4.3 C6).
        #expect(body["data"] == .null)
        #expect(body["errors"]?[0]?["extensions"]?["code"] == "ACCESS_DENIED")
    }

    /// A value the library cannot turn into a response — the failure class of the original bug — forced
    /// through a resolver: the client sees C7 with the request ID, never the library's error text.
    @Test func libraryFailuresTakeTheInternalErrorShape() async throws {
        var registry = ResolverRegistry.storefront
        registry.on("Domain", "url") { _, _, _, _ in Unrepresentable() }
        let graphQL = try StorefrontGraphQL(artefact: StorefrontGraphQL.bundledArtefact(), registry: registry)
        let client = try StorefrontClient()
        let request = StorefrontGraphQL.Request(
            document: "{shop{name,primaryDomain{url}}}", variables: [:], operationName: nil)
        let outcome = try await graphQL.run(request, database: client.context.database) { db in
            guard let shop = try StorefrontShopStore.shop(db, id: 1),
                let grant = try StorefrontShopStore.grant(db, token: client.token)
            else {
                throw StorefrontFieldError(message: "the seeded shop is missing")
            }
            return StorefrontRequestContext(
                db: db, shop: shop, grant: grant, now: Date(), requestID: "req-1", publicURL: { $0 })
        }
        let text = outcome.body.serialized()
        #expect(!text.contains("MapError"))
        #expect(!text.contains("incompatibleType"))
        #expect(outcome.body["data"] == .null)
        #expect(outcome.body["errors"]?[0]?["message"] == "Internal error. Request ID: req-1")
        #expect(
            outcome.body["errors"]?[0]?["extensions"]?.serialized()
                == #"{"code":"INTERNAL_SERVER_ERROR","requestId":"req-1"}"#)
        #expect(outcome.body["errors"]?[0]?["path"]?.serialized() == #"["shop","primaryDomain","url"]"#)
    }

    @Test func foreignErrorsAreRewrittenAndFieldErrorsKept() {
        let foreign = GraphQLError(
            message: "The operation could not be completed. (GraphQL.MapError error 0.)",
            path: ["nodes"], originalError: MapError.incompatibleType)
        let written = StorefrontResponseWriter.error(foreign, requestID: "r")
        #expect(
            written.serialized()
                == #"{"message":"Internal error. Request ID: r","path":["nodes"],"extensions":{"code":"INTERNAL_SERVER_ERROR","requestId":"r"}}"#
        )
        let field = GraphQLError(message: "x", originalError: StorefrontFieldError.invalidCursor("c"))
        #expect(StorefrontResponseWriter.error(field, requestID: "r")["message"] == "Invalid cursor 'c'")
    }
}

/// Neither a `Map` nor anything GraphQLSwift knows how to convert into one.
private struct Unrepresentable: Sendable {}
