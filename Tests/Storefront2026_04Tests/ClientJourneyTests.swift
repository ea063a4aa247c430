import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Storefront2026_04
import Testing

/// A cart journey on Storefront API 2026-04 through `Graph.Client`: create a cart, add lines, read it back.
@Suite struct ClientJourneyTests {
    static func client(_ transport: InMemoryTransport, apiVersion: String = Storefront.Schema.version)
        -> Graph.Client
    {
        Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "storefront-token", environment: .production,
            transport: transport, cacheDirectory: TestDirectories.make("Storefront2026_04"),
            callbackQueue: DispatchQueue(label: "Storefront2026_04Tests.callbacks"), apiVersion: apiVersion)
    }

    @Test func cartJourneyOn2026_04() async throws {
        let transport = InMemoryTransport(responses: [
            .json(200, Cart2026.createdBody), .json(200, Cart2026.partlyAddedBody), .json(200, Cart2026.cartBody),
        ])
        let client = Self.client(transport)
        #expect(client.apiVersion == "2026-04")
        #expect(client.apiURL == URL(string: "https://shoes.myshopify.com/api/2026-04/graphql"))

        let created = try await client.mutate(Cart2026.cartCreate())
        let cart = try #require(created.cartCreate?.cart)
        #expect(cart.totalQuantity == 2)

        // Partly added: the model comes with user errors and warnings, which are data, not a thrown error.
        let added = try #require(try await client.mutate(Cart2026.cartLinesAdd(quantity: 5)).cartLinesAdd)
        #expect(added.userErrors.map(\.code) == [.invalid])
        #expect(added.warnings.map(\.code) == [.merchandiseNotEnoughStock])

        let root = try await client.query(Cart2026.cartQuery())
        #expect(root.cart?.lines.nodes.first?.quantity == 3)

        let requests = transport.requests
        #expect(requests.count == 3)
        for request in requests {
            #expect(request.url.absoluteString == "https://shoes.myshopify.com/api/2026-04/graphql")
            #expect(request.headers["X-SDK-Version"] == "2026-04/\(CommerceCore.version)")
            #expect(request.headers["X-Shopify-Storefront-Access-Token"] == "storefront-token")
        }
        let documents = DocumentExport.documents(transport)
        #expect(
            documents == [
                Cart2026.cartCreate().description, Cart2026.cartLinesAdd(quantity: 5).description,
                Cart2026.cartQuery().description,
            ])
        try DocumentExport.write(documents)
    }

    @Test func callbackFormsAndTheCustomEnvironment() async throws {
        let transport = InMemoryTransport(responses: [.json(200, Cart2026.cartBody), .json(200, Cart2026.createdBody)])
        let sandbox = try #require(URL(string: "http://127.0.0.1:8080"))
        let client = Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "storefront-token", environment: .custom(baseURL: sandbox),
            transport: transport, cacheDirectory: TestDirectories.make("Storefront2026_04"),
            apiVersion: Storefront.Schema.version)
        let quantity: Int32? = await withCheckedContinuation { continuation in
            client.queryGraphWith(Cart2026.cartQuery()) { root, _ in
                continuation.resume(returning: root?.cart?.totalQuantity)
            }.resume()
        }
        #expect(quantity == 3)
        let created: Bool = await withCheckedContinuation { continuation in
            client.mutateGraphWith(Cart2026.cartCreate()) { mutation, error in
                continuation.resume(returning: error == nil && mutation?.cartCreate?.cart != nil)
            }.resume()
        }
        #expect(created)
        #expect(
            transport.requests.map(\.url.absoluteString)
                == Array(
                    repeating: "http://127.0.0.1:8080/api/2026-04/graphql", count: 2))
    }

    /// Cached answers of a 2026-04 client live under their own version, and the typed removal reaches them.
    @Test func cacheIsKeptPerVersion() async throws {
        let transport = InMemoryTransport(responses: [.json(200, Cart2026.cartBody)])
        let directory = TestDirectories.make("Storefront2026_04Cache")
        let client = Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "storefront-token", environment: .production,
            transport: transport, cacheDirectory: directory, apiVersion: Storefront.Schema.version)
        _ = try await client.query(Cart2026.cartQuery(), cachePolicy: .cacheFirst)
        _ = try await client.query(Cart2026.cartQuery(), cachePolicy: .cacheOnly)
        #expect(transport.requests.count == 1)
        let versions = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("CommerceKit/Buy/GraphCache").path)
        #expect(versions == ["2026-04"])
        client.removeCachedResponse(for: Cart2026.cartQuery())
        await #expect(throws: Graph.QueryError.self) {
            try await client.query(Cart2026.cartQuery(), cachePolicy: .cacheOnly)
        }
    }
}
