import CommerceCore
import CommerceTestSupport
import Foundation
import GraphQL
import Testing

@testable import CommerceSandbox
@testable import StorefrontSandbox

/// A request's executor is chosen once, before any resolver runs, and no resolver runs twice for one request: a
/// query that polls goes to the writer from the start (no attempt on a reader first), and a query the synchronous
/// executor hands to GraphQLSwift midway is answered from the outcomes it already had.
@Suite struct StorefrontExecutorChoiceTests {
    /// Calls of every registered resolver, by `Type.field`.
    final class Calls: Sendable {
        let counts = Locked<[String: Int]>([:])
        subscript(_ key: String) -> Int { counts.withLock { $0[key] ?? 0 } }
    }

    /// The Storefront resolvers, each counting its calls into `calls`.
    static func counting(_ calls: Calls) -> ResolverRegistry {
        var registry = ResolverRegistry.storefront
        for (key, resolve) in ResolverRegistry.storefront.resolvers {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            registry.on(parts[0], parts[1]) { source, args, context, info in
                calls.counts.withLock { $0[key, default: 0] += 1 }
                return try resolve(source, args, context, info)
            }
        }
        return registry
    }

    static func run(
        _ graphQL: StorefrontGraphQL, _ document: String, client: StorefrontClient
    ) async throws -> StorefrontGraphQL.Outcome {
        let token = client.token
        let request = StorefrontGraphQL.Request(document: document, variables: [:], operationName: nil)
        return try await graphQL.run(request, database: client.context.database) { db in
            guard let grant = try StorefrontShopStore.grant(db, token: token),
                let shop = try StorefrontShopStore.shop(db, id: grant.shopID)
            else { throw StorefrontFieldError(message: "the seeded shop or token is missing") }
            return StorefrontRequestContext(
                db: db, shop: shop, grant: grant, now: Date(timeIntervalSince1970: 1_764_000_000),
                requestID: "req-1", publicURL: { "http://127.0.0.1:9/" + $0 })
        }
    }

    /// Two field errors: the synchronous executor cannot order them as the library does, so it hands the request
    /// over after resolving every field; the library answers from those outcomes, and each resolver ran once.
    @Test func aHandOverRunsEveryResolverOnce() async throws {
        let client = try StorefrontClient()
        let artefact = try StorefrontGraphQL.bundledArtefact()
        let document = """
            {a:node(id:"\(GID.product(1))"){... on Product{title variants(first:-1){edges{node{id}}}}}
             b:node(id:"\(GID.product(1))"){... on Product{title images(first:300){edges{node{id}}}}}
             products(first:2){edges{node{title}}}}
            """
        let synchronousCalls = Calls()
        let synchronous = try StorefrontGraphQL(artefact: artefact, registry: Self.counting(synchronousCalls))
        let libraryCalls = Calls()
        let library = try StorefrontGraphQL(
            artefact: artefact, registry: Self.counting(libraryCalls), synchronousQueries: false)

        let handedOver = try await Self.run(synchronous, document, client: client)
        let reference = try await Self.run(library, document, client: client)
        #expect(!handedOver.answeredSynchronously)
        #expect(handedOver.bodyData == reference.bodyData)
        #expect((handedOver.body["errors"]?.arrayValue ?? []).count == 2)
        #expect(synchronousCalls.counts.current == libraryCalls.counts.current)
        #expect(synchronousCalls["Product.title"] == 4)
        #expect(synchronousCalls["QueryRoot.node"] == 2)
    }

    /// A `null` entry the synchronous executor writes itself is still `null` when the library takes over: the
    /// placeholder's path is noted from the recorded `nodes` outcome.
    @Test func aHandOverKeepsNullEntries() async throws {
        let client = try StorefrontClient()
        let artefact = try StorefrontGraphQL.bundledArtefact()
        let document = """
            {nodes(ids:["\(GID.product(1))","nope"]){id} a:node(id:"\(GID.product(1))"){... on Product{variants(first:-1){edges{cursor}}}}
             b:node(id:"\(GID.product(1))"){... on Product{images(first:-1){edges{cursor}}}}}
            """
        let synchronous = try StorefrontGraphQL(artefact: artefact)
        let library = try StorefrontGraphQL(artefact: artefact, synchronousQueries: false)
        let handedOver = try await Self.run(synchronous, document, client: client)
        let reference = try await Self.run(library, document, client: client)
        #expect(!handedOver.answeredSynchronously)
        #expect(
            String(decoding: handedOver.bodyData, as: UTF8.self) == String(decoding: reference.bodyData, as: UTF8.self))
        #expect(handedOver.body["data"]?["nodes"]?[1] == .null)
    }

    /// A query that polls a pending computation runs once, on the writer; on a file-backed database (whose
    /// readers cannot write) it used to run on a reader first and again on the writer.
    @Test func aPollingQueryRunsOnceOnTheWriter() async throws {
        let directory = TestDirectories.path("ck-storefront-choice")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try StorefrontClient(SandboxOptions(port: 0, dataDirectory: directory, inMemory: false))
        let id = try await CheckoutSteps(client: client).createJ2()
        let calls = Calls()
        let graphQL = try StorefrontGraphQL(
            artefact: try StorefrontGraphQL.bundledArtefact(), registry: Self.counting(calls))
        // The recalculation needs one pending poll (the default knob): this poll writes.
        let first = try await Self.run(graphQL, "{node(id:\"\(id)\"){...on Checkout{ready}}}", client: client)
        #expect(first.body["data"]?["node"]?["ready"] == false, "\(first.body.serialized())")
        #expect(calls["Checkout.ready"] == 1)
        #expect(calls["QueryRoot.node"] == 1)
        let second = try await Self.run(graphQL, "{node(id:\"\(id)\"){...on Checkout{ready}}}", client: client)
        #expect(second.body["data"]?["node"]?["ready"] == true)
        #expect(calls["Checkout.ready"] == 2)
    }

    /// Which operations may write, from the document alone.
    @Test func pollingFieldsMakeAQueryWrite() throws {
        let graphQL = try #require(StorefrontGraphQL.bundled)
        let polling = ResolverRegistry.storefront.pollingFields
        #expect(polling.contains("Checkout.ready") && polling.contains("Payment.transaction"))
        func writing(_ text: String) throws -> Set<Int> {
            OperationWrites.writing(
                in: try parse(source: Source(body: text)), schema: graphQL.schema, pollingFields: polling)
        }
        #expect(try writing("{shop{name} products(first:1){edges{node{title}}}}") == [])
        #expect(try writing("{node(id:\"x\"){...on Checkout{id webUrl}}}") == [])
        #expect(try writing("{node(id:\"x\"){...on Checkout{ready}}}") == [0])
        #expect(try writing("{node(id:\"x\"){...P}} fragment P on Payment{checkout{totalPriceV2{amount}}}") == [0])
        #expect(try writing("{node(id:\"x\"){...on Payment{transaction{statusV2}}}}") == [0])
        #expect(
            try writing("query A{shop{name}} mutation B{customerRecover(email:\"a@b.c\"){userErrors{message}}}") == [1])
        #expect(try writing("{__schema{types{name fields{name}}}}") == [])
    }
}
