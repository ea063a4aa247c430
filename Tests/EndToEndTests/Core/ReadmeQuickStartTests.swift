import ButtonOrders
import Buy
import CommerceCore
import Foundation
import Testing

/// The README's quick starts, run as written (only the base URL differs), so the documentation cannot drift
/// from the API or from the sandbox's seeded credentials.
@Suite struct ReadmeQuickStartTests {
    @Test func buttonOrderAPIQuickStart() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let btnRef: String? = "fakesrctok-abcdef0123456789"
            let client = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(sandbox.baseURL))
            let order = try await client.orders.create(
                OrderPayload(
                    total: 5000, currency: "USD", orderId: "1989", purchaseDate: Date(), btnRef: btnRef,
                    customer: OrderCustomer(
                        id: "mycustomer-1234", emailSHA256: OrderCustomer.hashEmail("user@example.com")),
                    lineItems: [OrderLineItem(identifier: "sku-123", total: 5000, quantity: 1)]))
            #expect(order.status == .open)
            let window = try #require(order.finalizationDate).timeIntervalSinceNow
            #expect(abs(window - 30 * 86_400) < 3600)
        }
    }

    @Test func storefrontQuickStart() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let client = Graph.Client(
                shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token",
                environment: .custom(baseURL: sandbox.baseURL))
            let query = Storefront.buildQuery {
                $0
                    .shop { $0.name() }
                    .products(first: 10, query: "tag:running -vendor:Acme") {
                        $0
                            .edges { $0.node { $0.id().title() } }
                    }
            }
            let root = try await client.query(query)
            #expect(root.shop.name == "Sandbox Shoes")
            #expect(!root.products.edges.isEmpty)
        }
    }
}
