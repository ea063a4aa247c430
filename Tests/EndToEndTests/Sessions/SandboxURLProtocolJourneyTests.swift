import ButtonOrders
import Buy
import CommerceCore
import CommerceSandbox
import CommerceTestSupport
import Foundation
import Testing

@testable import CommerceTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `SandboxURLProtocol`: clients configured for the vendors' production hosts reach a session unchanged.
@Suite(.serialized) struct SandboxURLProtocolJourneyTests {
    private static func transport(_ configuration: URLSessionConfiguration) -> URLSessionTransport {
        URLSessionTransport(session: URLSession(configuration: configuration))
    }

    @Test func productionClientsReachTheSessionTheirHostIsRoutedTo() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            let first = try await SandboxSession.create(on: sandbox.baseURL, name: "first")
            let second = try await SandboxSession.create(on: sandbox.baseURL, name: "second")
            defer {
                SandboxURLProtocol.removeRoutes(to: first.baseURL)
                SandboxURLProtocol.removeRoutes(to: second.baseURL)
            }
            // ButtonOrders with its production configuration: https://api.usebutton.com, sent to the first session.
            let toFirst = Self.transport(SandboxURLProtocol.configuration(routingTo: first.baseURL))
            let orders = try ButtonClient(apiKey: "sk-sandbox", transport: toFirst).orders
            let created = try await orders.create(
                OrderPayload(total: 500, currency: "USD", orderId: "o-first", purchaseDate: Date()))
            #expect(created.orderId == "o-first")
            #expect(try await orders.get("o-first").orderId == "o-first")

            // What arrived at the first session: the vendor paths; the second saw nothing.
            let journal = try await SessionHTTP.get(first.baseURL, "/sandbox/requests")["requests"]?.arrayValue ?? []
            #expect(journal.map { $0["path"] } == ["/v1/order/o-first", "/v1/order"])
            #expect(
                try await SessionHTTP.get(second.baseURL, "/sandbox/requests")["requests"]?.arrayValue?.isEmpty == true)

            // Two shops, each its own production domain and session, side by side.
            let shoes = Self.transport(
                SandboxURLProtocol.configuration(routingTo: first.baseURL, hosts: ["first-shoes.myshopify.com"]))
            let hats = Self.transport(
                SandboxURLProtocol.configuration(routingTo: second.baseURL, hosts: ["second-hats.myshopify.com"]))
            for (domain, transport, session) in [
                ("first-shoes.myshopify.com", shoes, first), ("second-hats.myshopify.com", hats, second),
            ] {
                let client = Graph.Client(
                    shopDomain: domain, apiKey: "sandbox-storefront-token", environment: .production,
                    transport: transport, cacheDirectory: TestDirectories.path("URLProtocol"))
                #expect(
                    try await client.query(Storefront.buildQuery { $0.shop { $0.name() } }).shop.name == "Sandbox Shoes"
                )
                let logged = try await SessionHTTP.get(session.baseURL, "/sandbox/requests?service=storefront")
                #expect(logged["requests"]?.arrayValue?.count == 1, "\(domain)")
            }
        }
    }

    /// Documentation/Storefront-Sandbox.md, "Using Shopify's own SDK": a `URLSession` whose configuration starts
    /// with this protocol, as Shopify's Buy SDK takes one, sends the shop's production 2026-04 URL to the sandbox.
    @Test func aURLSessionForShopifysSDKReachesTheSandboxOnTwentySixOFour() async throws {
        try await Sandbox.withRunning { sandbox async throws in
            let shop = "sandbox-shoes.myshopify.com"
            let configuration = SandboxURLProtocol.configuration(routingTo: sandbox.baseURL, hosts: [shop])
            defer { SandboxURLProtocol.removeRoutes(to: sandbox.baseURL) }
            #expect(configuration.protocolClasses?.first == SandboxURLProtocol.self)
            let session = URLSession(configuration: configuration)

            var request = URLRequest(url: try #require(URL(string: "https://\(shop)/api/2026-04/graphql.json")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("sandbox-storefront-token", forHTTPHeaderField: "X-Shopify-Storefront-Access-Token")
            request.httpBody = Data(
                #"{"query":"mutation { cartCreate(input: {lines: [{merchandiseId: \"\#(SandboxIDs.id("ProductVariant", 11).rawValue)\", quantity: 1}]}) { cart { checkoutUrl } } } "}"#
                    .utf8)
            let (cartData, _) = try await session.data(for: request)
            let checkoutURL = try JSONValue.parse(cartData)["data"]?["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue
            // Checkout Sheet Kit opens this URL in a web view: it is the sandbox's own, so it needs no routing.
            #expect(checkoutURL?.hasPrefix(sandbox.baseURL.absoluteString + "/cart/c/") == true)
            #expect(checkoutURL?.hasSuffix("/checkout") == true)

            request.httpBody = Data(#"{"query":"{ shop { id name } }"}"#.utf8)
            let (data, response) = try await session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(response.url?.host == shop)
            let answer = try JSONValue.parse(data)
            #expect(answer["data"]?["shop"]?["name"] == "Sandbox Shoes")
            #expect(answer["data"]?["shop"]?["id"]?.stringValue?.isEmpty == false, "Shop.id exists only on 2026-04")

            // Buy's `Graph.Client(shopDomain:apiKey:session:)`, the seed SDK's initialiser, through the same session.
            let client = Graph.Client(shopDomain: shop, apiKey: "sandbox-storefront-token", session: session)
            #expect(
                try await client.query(Storefront.buildQuery { $0.shop { $0.name() } }).shop.name == "Sandbox Shoes")

            let journal = try await SessionHTTP.get(sandbox.baseURL, "/sandbox/requests?service=storefront")
            #expect(
                journal["requests"]?.arrayValue?.compactMap { $0["path"]?.stringValue }.sorted()
                    == ["/api/2021-10/graphql", "/api/2026-04/graphql.json", "/api/2026-04/graphql.json"])
        }
    }

    @Test func onlyRoutedHostsAreRerouted() throws {
        let target = try #require(URL(string: "http://127.0.0.1:9"))
        SandboxURLProtocol.route(["m1.api.example.com", ".shop.example"], to: target)
        defer { SandboxURLProtocol.removeRoutes(to: target) }
        var request = URLRequest(url: try #require(URL(string: "https://M1.api.example.com/rest/x.json?a=1")))
        #expect(SandboxURLProtocol.rerouted(request)?.url?.absoluteString == "http://127.0.0.1:9/rest/x.json?a=1")
        request.url = URL(string: "https://a.shop.example/api")
        #expect(SandboxURLProtocol.rerouted(request)?.url?.absoluteString == "http://127.0.0.1:9/api")
        for other in ["https://shop.example/", "https://other.example.com/", "https://evilm1.api.example.com/"] {
            request.url = URL(string: other)
            #expect(SandboxURLProtocol.rerouted(request) == nil, "\(other)")
        }
        SandboxURLProtocol.removeRoutes(to: target)
        request.url = URL(string: "https://m1.api.example.com/")
        #expect(SandboxURLProtocol.rerouted(request) == nil)
    }
}

/// Plain HTTP to a session, for these tests.
private enum SessionHTTP {
    static func get(_ base: URL, _ path: String) async throws -> JSONValue {
        let url = try #require(URL(string: base.absoluteString + path))
        let response = try await URLSessionTransport().send(HTTPRequest(method: .get, url: url))
        return (try? JSONValue.parse(response.body)) ?? .null
    }
}
