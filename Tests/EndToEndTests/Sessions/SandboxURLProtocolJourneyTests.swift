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
