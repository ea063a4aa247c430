import CommerceCore
import Foundation
import Storefront2026_04
import Testing

/// The 2026-04 Cart API through `Graph.Client` and the `Storefront2026_04` models against the sandbox over HTTP.
/// This file imports only `Storefront2026_04`, so `Storefront` is the 2026-04 namespace.
@Suite struct Storefront2026JourneyTests {
    @Test func aCartBuiltWithTheModelsOfTwentySixOFour() async throws {
        try await SandboxHarness.with { harness in
            let client = Graph.Client(
                shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token",
                environment: .custom(baseURL: harness.baseURL), apiVersion: Storefront.Schema.version)

            let catalogue = try await client.query(
                Storefront.buildQuery { root in
                    root.products(first: 1) { products in
                        products.nodes { $0.variants(first: 1) { $0.nodes { $0.id().price { $0.amount() } } } }
                    }
                })
            let variant = try #require(catalogue.products.nodes.first?.variants.nodes.first)

            let created = try await client.mutate(
                Storefront.buildMutation { root in
                    root.cartCreate(
                        input: .create(lines: .value([.create(merchandiseId: variant.id, quantity: .value(2))]))
                    ) { payload in
                        payload.cart { $0.id().checkoutUrl().totalQuantity() }.userErrors { $0.message() }
                            .warnings { $0.code() }
                    }
                })
            let payload = try #require(created.cartCreate)
            #expect(payload.userErrors.isEmpty)
            let cart = try #require(payload.cart)
            #expect(cart.totalQuantity == 2)
            #expect(cart.checkoutUrl.absoluteString.hasPrefix(harness.baseURL.absoluteString + "/cart/c/"))

            let read = try await client.query(
                Storefront.buildQuery { root in
                    root.cart(id: cart.id) { cart in
                        cart.totalQuantity().cost { $0.subtotalAmount { $0.amount() } }
                            .lines(first: 5) { $0.nodes { $0.quantity() } }
                    }
                })
            let stored = try #require(read.cart)
            #expect(stored.lines.nodes.map(\.quantity) == [2])
            #expect(stored.cost.subtotalAmount.amount == variant.price.amount * 2)

            // Every request went to the 2026-04 endpoint.
            let requests = try await harness.storefrontRequests()
            #expect(requests.count == 3)
            #expect(requests.map { $0["route"]?.stringValue } == Array(repeating: "/api/2026-04/graphql", count: 3))
            #expect(requests.map { $0["operation"]?.stringValue } == ["query", "mutation", "query"])
        }
    }
}
