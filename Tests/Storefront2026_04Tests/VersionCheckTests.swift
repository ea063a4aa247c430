import Buy
import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Storefront2026_04
import Testing

/// Both model sets in one file: with `Buy` and `Storefront2026_04` imported, `Storefront` alone is ambiguous,
/// so each use names its module. A client speaks one version and refuses the other's models before sending.
@Suite struct VersionCheckTests {
    static func client(_ transport: InMemoryTransport, apiVersion: String) -> Graph.Client {
        Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "storefront-token", environment: .production,
            transport: transport, cacheDirectory: TestDirectories.make("VersionCheck"), apiVersion: apiVersion)
    }

    static func mismatch(_ error: Graph.QueryError?) -> Graph.APIVersionMismatch? {
        guard case .request(let underlying)? = error else { return nil }
        return underlying as? Graph.APIVersionMismatch
    }

    @Test func defaultClientStaysOn2021_10AndRefuses2026Models() async throws {
        let transport = InMemoryTransport(responses: [.json(200, Cart2026.cartBody)])
        let client = Graph.Client(
            shopDomain: "shoes.myshopify.com", apiKey: "storefront-token", environment: .production,
            transport: transport, cacheDirectory: TestDirectories.make("VersionCheck"))
        #expect(client.apiVersion == Buy.Storefront.Schema.version)
        #expect(client.apiURL?.path == "/api/2021-10/graphql")
        let response = await client.queryResponse(Cart2026.cartQuery())
        #expect(response.model == nil)
        #expect(Self.mismatch(response.error) == Graph.APIVersionMismatch(client: "2021-10", models: "2026-04"))
        let callback: Graph.QueryError? = await withCheckedContinuation { continuation in
            client.mutateGraphWith(Cart2026.cartCreate()) { _, error in continuation.resume(returning: error) }
                .resume()
        }
        #expect(Self.mismatch(callback)?.models == "2026-04")
        #expect(transport.requests.isEmpty)
    }

    @Test func a2026ClientRefusesBuyModels() async throws {
        let transport = InMemoryTransport(responses: [.json(200, #"{"data":{"shop":{"name":"Shoes"}}}"#)])
        let client = Self.client(transport, apiVersion: Storefront2026_04.Storefront.Schema.version)
        let query = Buy.Storefront.buildQuery { $0.shop { $0.name() } }
        await #expect(throws: Graph.QueryError.self) { try await client.query(query) }
        let response = await client.queryResponse(query)
        #expect(Self.mismatch(response.error) == Graph.APIVersionMismatch(client: "2026-04", models: "2021-10"))
        #expect(transport.requests.isEmpty)
        // The same document through the 2026-04 models goes out.
        let shop = try await client.query(Storefront2026_04.Storefront.buildQuery { $0.shop { $0.name() } }).shop
        #expect(shop.name == "Shoes")
        #expect(transport.requests.count == 1)
    }

    /// The version is a path segment: anything but letters, digits and `-` gives no URL, and every request
    /// fails on the version check without touching the network.
    @Test func versionThatIsNotANameFormsNoURL() async throws {
        let transport = InMemoryTransport()
        for version in ["", "../admin", "2026-04/graphql?x=", "2026 04", "2026-04é"] {
            let client = Self.client(transport, apiVersion: version)
            #expect(client.apiURL == nil, "\(version)")
            let response = await client.queryResponse(Cart2026.cartQuery())
            #expect(Self.mismatch(response.error)?.client == version)
        }
        #expect(Self.client(transport, apiVersion: "unstable").apiURL?.path == "/api/unstable/graphql")
        #expect(transport.requests.isEmpty)
    }
}
