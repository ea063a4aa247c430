import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J5 step 7: a cart made through `Graph.Client` is still there, unchanged, after the sandbox
/// restarts on the same database file, and the restarted sandbox turns it into an order.
@Suite struct StorefrontCartPersistenceJourneyTests {
    private static func cartQuery(_ id: GraphQL.ID) -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .cart(id: id) {
                    $0
                        .id().note().checkoutUrl()
                        .attributes { $0.key().value() }
                        .buyerIdentity { $0.email() }
                        .estimatedCost { $0.totalAmount { $0.amount() } }
                        .lines(first: 10) {
                            $0.edges {
                                $0.node {
                                    $0
                                        .id().quantity()
                                        .merchandise { $0.onProductVariant { $0.id() } }
                                }
                            }
                        }
                }
        }
    }

    @Test func cartSurvivesASandboxRestart() async throws {
        try await SandboxHarness.withPersistent { sandbox async throws in
            let before = sandbox.harness.storefrontClient()
            let created = try await before.mutate(
                Storefront.buildMutation {
                    $0
                        .cartCreate(
                            input: .create(
                                attributes: .value([.create(key: "gift-note", value: "hi")]),
                                lines: .value([
                                    .create(merchandiseId: SandboxIDs.id("ProductVariant", 11), quantity: .value(3))
                                ]),
                                note: .value("leave at the door"),
                                buyerIdentity: .value(.create(email: .value("john.smith@example.com"))))
                        ) {
                            $0
                                .cart { $0.id() }
                                .userErrors { $0.code().message() }
                        }
                })
            let cartID = try #require(created.cartCreate?.cart?.id)
            let original = try #require(try await before.query(Self.cartQuery(cartID)).cart)
            let oldBase = sandbox.harness.baseURL

            try await sandbox.restart()
            // A new instance listens on another port; the app would point a new client at it.
            #expect(sandbox.harness.baseURL != oldBase)
            let after = sandbox.harness.storefrontClient()
            let restored = try #require(try await after.query(Self.cartQuery(cartID)).cart)

            #expect(restored.id == cartID)
            #expect(restored.note == "leave at the door")
            #expect(restored.attributes.map { "\($0.key)=\($0.value ?? "")" } == ["gift-note=hi"])
            #expect(restored.buyerIdentity.email == "john.smith@example.com")
            #expect(restored.estimatedCost.totalAmount.amount == 267)
            let line = try #require(restored.lines.edges.first?.node)
            #expect(restored.lines.edges.count == 1)
            #expect(line.id == original.lines.edges.first?.node.id)
            #expect(line.quantity == 3)
            #expect((line.merchandise as? Storefront.ProductVariant)?.id == SandboxIDs.id("ProductVariant", 11))

            // The cart page is served by the new instance too.
            #expect(restored.checkoutUrl.absoluteString.hasPrefix(sandbox.harness.baseURL.absoluteString + "/cart/c/"))
            let page = try await sandbox.harness.raw(
                .get,
                String(restored.checkoutUrl.absoluteString.dropFirst(sandbox.harness.baseURL.absoluteString.count)))
            #expect(page.statusCode == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains("Road Runner"))

            // And it is still a working cart: the restarted sandbox accepts changes to it.
            let added = try await after.mutate(
                Storefront.buildMutation {
                    $0
                        .cartLinesAdd(
                            lines: [.create(merchandiseId: SandboxIDs.id("ProductVariant", 11), quantity: .value(1))],
                            cartId: cartID
                        ) {
                            $0
                                .cart { $0.lines(first: 10) { $0.edges { $0.node { $0.quantity() } } } }
                                .userErrors { $0.code() }
                        }
                })
            #expect(added.cartLinesAdd?.cart?.lines.edges.map(\.node.quantity) == [4])
            // The log lives in memory: the restarted instance holds the two requests sent to it.
            #expect(try await sandbox.harness.expectEveryRequestTagged(atLeast: 2) == 2)

            // Completing the restored cart places order #1001, listed for shop 1 with the cart's lines and buyer.
            let token = String(restored.checkoutUrl.lastPathComponent)
            let completed = try await sandbox.harness.call(.post, "/sandbox/storefront/carts/\(token)/complete")
            #expect(completed.status == 202)
            let orderID = try #require(completed.body["orderId"]?.stringValue)
            let orders = try await sandbox.harness.call(.get, "/sandbox/storefront/shops/1/orders")
            #expect(orders.status == 200)
            #expect(orders.body.arrayValue?.count == 1)
            let order = try #require(orders.body[0])
            #expect(order["id"]?.stringValue == orderID)
            #expect(order["orderNumber"] == 1001)
            #expect(order["email"] == "john.smith@example.com")
            #expect(order["totalPrice"] == "356.0")  // 4 × 89.00
            #expect(order["lineItems"]?[0]?["quantity"] == 4)
            // The cart became the order: it is gone now.
            #expect(try await after.query(Self.cartQuery(cartID)).cart == nil)
        }
    }
}
