import CommerceCore
import Foundation
import GraphQL
import Testing

@testable import CommerceSandbox
@testable import StorefrontSandbox

/// The synchronous query executor against GraphQLSwift: every document of ``ExecutorCorpus`` runs through a
/// sandbox with the executor on and through one with it off, on the same database, and the bodies must be
/// the same bytes. Each case also states whether the synchronous executor answered it or left it to the library.
@Suite struct StorefrontExecutorDifferentialTests {
    struct Rig {
        let client: StorefrontClient
        let synchronous: StorefrontGraphQL
        let library: StorefrontGraphQL

        init() throws {
            client = try StorefrontClient()
            let artefact = try StorefrontGraphQL.bundledArtefact()
            synchronous = try StorefrontGraphQL(artefact: artefact)
            library = try StorefrontGraphQL(artefact: artefact, synchronousQueries: false)
        }

        func run(
            _ graphQL: StorefrontGraphQL, _ document: String, variables: JSONObject = [:], operationName: String? = nil,
            token: String? = nil
        ) async throws -> StorefrontGraphQL.Outcome {
            var values: [String: Map] = [:]
            for (key, value) in variables { values[key] = StorefrontGraphQLEndpoint.map(value) }
            let request = StorefrontGraphQL.Request(document: document, variables: values, operationName: operationName)
            let token = token ?? client.token
            let now = Date(timeIntervalSince1970: 1_764_000_000)
            return try await graphQL.run(request, database: client.context.database) { db in
                guard let grant = try StorefrontShopStore.grant(db, token: token),
                    let shop = try StorefrontShopStore.shop(db, id: grant.shopID)
                else {
                    throw StorefrontFieldError(message: "the seeded shop or token is missing")
                }
                return StorefrontRequestContext(
                    db: db, shop: shop, grant: grant, now: now, requestID: "req-1",
                    publicURL: { "http://127.0.0.1:9/" + $0 })
            }
        }

        /// Both executors' bodies as text, and whether the synchronous one answered itself.
        func compare(
            _ document: String, variables: JSONObject = [:], operationName: String? = nil,
            token: String? = nil
        ) async throws -> (fast: String, library: String, synchronous: Bool) {
            let fast = try await run(
                synchronous, document, variables: variables, operationName: operationName, token: token)
            let slow = try await run(
                library, document, variables: variables, operationName: operationName, token: token)
            #expect(!slow.answeredSynchronously)
            return (
                String(decoding: fast.bodyData, as: UTF8.self), String(decoding: slow.bodyData, as: UTF8.self),
                fast.answeredSynchronously
            )
        }
    }

    @Test(arguments: ExecutorCorpus.cases)
    func sameBodyAsTheLibrary(_ testCase: ExecutorCase) async throws {
        let rig = try Rig()
        let result = try await rig.compare(
            testCase.document, variables: testCase.variables, operationName: testCase.operationName)
        #expect(result.fast == result.library)
        #expect(result.synchronous == testCase.synchronous, "\(result.fast)")
    }

    /// C6 from a token without the products scope: `nodes` is non-null, so the denied entry nulls `data`.
    @Test func accessDeniedMatchesTheLibrary() async throws {
        let rig = try Rig()
        let grant = try await rig.client.control(
            .post, "/sandbox/storefront/shops/1/tokens",
            json: ["scopes": ["unauthenticated_read_collection_listings"]])
        let token = try #require(grant.json["token"]?.stringValue)
        for document in [
            "{nodes(ids:[\"\(GID.collection(1))\",\"\(GID.product(1))\"]){id}}",
            "{collections(first:1){edges{node{title}}} product(id:\"\(GID.product(1))\"){title}}",
        ] {
            let result = try await rig.compare(document, token: token)
            #expect(result.fast == result.library)
            #expect(result.synchronous)
            #expect(result.fast.contains("ACCESS_DENIED"))
        }
    }

    /// A checkout read through `node(id:)` after a mutation (mutations always run on the library).
    @Test func checkoutNodeMatchesTheLibrary() async throws {
        let rig = try Rig()
        let created = try await rig.run(
            rig.synchronous,
            """
            mutation{checkoutCreate(input:{lineItems:[{quantity:2,variantId:"\(GID.variant(11))"}],email:"a@b.c"}){checkout{id}}}
            """)
        #expect(!created.answeredSynchronously)
        let id = try #require(created.body["data"]?["checkoutCreate"]?["checkout"]?["id"]?.stringValue)
        let result = try await rig.compare(
            """
            {node(id:"\(id)"){__typename ...on Checkout{id email webUrl currencyCode lineItems(first:5){edges{node{title quantity variant{title}}}}}}}
            """)
        #expect(result.fast == result.library)
        #expect(result.synchronous)
    }

    /// Without the executor the answer is the library's; with it, the same bytes — here the response a
    /// user would see change if the executor lost a null entry or a field.
    @Test func benchmarkQueryAnswersTheCatalogue() async throws {
        let rig = try Rig()
        let outcome = try await rig.run(
            rig.synchronous, "{ shop { name } products(first: 2) { edges { node { id title } } } }")
        #expect(outcome.answeredSynchronously)
        let titles = outcome.body["data"]?["products"]?["edges"]?.arrayValue?.compactMap {
            $0["node"]?["title"]?.stringValue
        }
        #expect(titles?.count == 2)
        #expect(outcome.body["data"]?["shop"]?["name"]?.stringValue?.isEmpty == false)
    }
}
