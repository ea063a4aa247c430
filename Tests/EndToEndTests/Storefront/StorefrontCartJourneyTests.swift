import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J5 (client part): the 2021-10 Cart API through `Graph.Client` against the sandbox.
@Suite struct StorefrontCartJourneyTests {
    @Test func createAddUpdateAndReadACart() async throws {
        try await SandboxHarness.with { harness in
            let client = harness.storefrontClient()
            let input = Storefront.CartInput.create(
                attributes: .value([.create(key: "gift-note", value: "hi")]),
                lines: .value([.create(merchandiseId: SandboxIDs.id("ProductVariant", 11), quantity: .value(1))]),
                discountCodes: .value(["SANDBOX10", "NOPE"]),
                buyerIdentity: .value(.create(email: .value("john.smith@example.com"))))
            let created = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartCreate(input: input) {
                            $0
                                .cart {
                                    $0.id().checkoutUrl().estimatedCost { $0.totalAmount { $0.amount() } }.discountCodes
                                    { $0.code().applicable() }
                                }
                                .userErrors { $0.field().message().code() }
                        }
                })
            let payload = try #require(created.cartCreate)
            #expect(payload.userErrors.isEmpty)
            let cart = try #require(payload.cart)
            #expect(cart.checkoutUrl.absoluteString.hasPrefix(harness.baseURL.absoluteString + "/cart/c/"))
            #expect(cart.estimatedCost.totalAmount.amount == 89)
            #expect(cart.discountCodes.map(\.applicable) == [true, false])

            let added = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartLinesAdd(
                            lines: [
                                .create(merchandiseId: SandboxIDs.id("ProductVariant", 11), quantity: .value(2)),
                                .create(merchandiseId: SandboxIDs.id("ProductVariant", 21), quantity: .value(1)),
                            ],
                            cartId: cart.id
                        ) {
                            $0
                                .cart {
                                    $0.lines(first: 10) { $0.edges { $0.node { $0.id().quantity() } } }.estimatedCost {
                                        $0.totalAmount { $0.amount() }
                                    }
                                }
                                .userErrors { $0.field().message().code() }
                        }
                })
            let lines = try #require(added.cartLinesAdd?.cart).lines.edges.map(\.node)
            #expect(lines.map(\.quantity) == [3, 1])
            #expect(added.cartLinesAdd?.cart?.estimatedCost.totalAmount.amount == 386)

            let removed = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartLinesUpdate(cartId: cart.id, lines: [.create(id: lines[1].id, quantity: .value(0))]) {
                            $0
                                .cart { $0.lines(first: 10) { $0.edges { $0.node { $0.quantity() } } } }
                                .userErrors { $0.code() }
                        }
                })
            #expect(removed.cartLinesUpdate?.cart?.lines.edges.map(\.node.quantity) == [3])

            // R3 and R5: a negative quantity and an unknown line are refused and leave the cart alone.
            let negative = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartLinesUpdate(cartId: cart.id, lines: [.create(id: lines[0].id, quantity: .value(-1))]) {
                            $0
                                .cart { $0.id() }.userErrors { $0.code() }
                        }
                })
            #expect(negative.cartLinesUpdate?.userErrors.map(\.code) == [.invalid])
            let unknownLine = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartLinesRemove(cartId: cart.id, lineIds: [SandboxIDs.id("CartLine", 999)]) {
                            $0
                                .cart { $0.id() }.userErrors { $0.code() }
                        }
                })
            #expect(unknownLine.cartLinesRemove?.userErrors.map(\.code) == [.invalidMerchandiseLine])

            let read = try await client.query(
                Storefront.buildQuery {
                    $0
                        .cart(id: cart.id) { $0.lines(first: 10) { $0.edges { $0.node { $0.quantity() } } } }
                })
            #expect(read.cart?.lines.edges.map(\.node.quantity) == [3])

            let page = try await harness.raw(
                .get, String(cart.checkoutUrl.absoluteString.dropFirst(harness.baseURL.absoluteString.count)))
            #expect(page.statusCode == 200)

            let unknown = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartCreate(input: .create(lines: .value([.create(merchandiseId: "bm9wZQ==")]))) {
                            $0
                                .cart { $0.id() }.userErrors { $0.code() }
                        }
                })
            #expect(unknown.cartCreate?.cart == nil)
            #expect(unknown.cartCreate?.userErrors.isEmpty == false)
            try await harness.expectEveryRequestTagged(atLeast: 6)
        }
    }
}
