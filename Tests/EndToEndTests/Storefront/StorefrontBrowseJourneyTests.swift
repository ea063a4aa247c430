import Buy
import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

/// Journey J1: browse, search, paginate and cache through `Graph.Client` against the sandbox.
@Suite struct StorefrontBrowseJourneyTests {
    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func shopCollectionsPaginationAndAliases() async throws {
        try await SandboxHarness.with { harness in
            let client = harness.storefrontClient()
            let shopQuery = Storefront.buildQuery { $0.shop { $0.name() } }
            let callback: String? = await withCheckedContinuation { continuation in
                client.queryGraphWith(shopQuery) { response, _ in continuation.resume(returning: response?.shop.name) }
                    .resume()
            }
            #expect(callback == "Sandbox Shoes")
            let found1 = try await client.query(shopQuery).shop.name
            #expect(found1 == "Sandbox Shoes")

            let collections = try await client.query(
                Storefront.buildQuery {
                    $0
                        .shop {
                            $0.collections(first: 10) {
                                $0.edges {
                                    $0.node {
                                        $0
                                            .id().title()
                                            .products(first: 10) {
                                                $0.edges { $0.node { $0.id().title().productType().description() } }
                                            }
                                    }
                                }
                            }
                        }
                })
            let nodes = collections.shop.collections.edges.map(\.node)
            #expect(nodes.map(\.title) == ["Runners", "Blue Runners", "Boots"])
            #expect(nodes.first?.products.edges.count == 10)

            let runners = SandboxIDs.id("Collection", 1)
            @available(*, deprecated, message: "exercises the deprecated API on purpose")
            func page(after cursor: String?) async throws -> Storefront.ProductConnection {
                let result = try await client.query(
                    Storefront.buildQuery {
                        $0
                            .node(id: runners) {
                                $0.onCollection {
                                    $0
                                        .products(first: 10, after: cursor) {
                                            $0
                                                .pageInfo { $0.hasNextPage() }
                                                .edges { $0.cursor().node { $0.id().title() } }
                                        }
                                }
                            }
                    })
                return try #require(result.node as? Storefront.Collection).products
            }
            let first = try await page(after: nil)
            #expect(
                first.edges.map(\.node.id) == [1, 2, 6, 7, 8, 9, 10, 11, 12, 13].map { SandboxIDs.id("Product", $0) })
            #expect(first.pageInfo.hasNextPage)
            let second = try await page(after: first.edges.last?.cursor)
            #expect(second.edges.map(\.node.id) == [14, 15].map { SandboxIDs.id("Product", $0) })
            #expect(!second.pageInfo.hasNextPage)

            let aliased = try await client.query(
                Storefront.buildQuery {
                    $0
                        .node(aliasSuffix: "collection", id: runners) { $0.onCollection { $0.id().title() } }
                        .node(aliasSuffix: "product", id: SandboxIDs.id("Product", 1)) {
                            $0.onProduct {
                                $0
                                    .id().title().description()
                                    .images(first: 10) { $0.edges { $0.node { $0.id().src() } } }
                                    .variants(first: 10) {
                                        $0.edges { $0.node { $0.id().price().title().available() } }
                                    }
                            }
                        }
                })
            #expect((aliased.aliasedNode(aliasSuffix: "collection") as? Storefront.Collection)?.title == "Runners")
            let product = try #require(aliased.aliasedNode(aliasSuffix: "product") as? Storefront.Product)
            #expect(product.title == "Road Runner")
            #expect(product.images.edges.count == 2)
            // Image URLs are absolute on the sandbox (§5.4) and point at images it serves.
            let sources = product.images.edges.compactMap { $0.node.field("src") as? URL }
            #expect(
                sources.map(\.absoluteString)
                    == (1...2).map { "\(harness.baseURL.absoluteString)/sandbox/storefront/images/product-1-\($0).png" }
            )
            if let first = sources.first {
                let image = try await harness.raw(
                    .get, String(first.absoluteString.dropFirst(harness.baseURL.absoluteString.count)))
                #expect(image.statusCode == 200)
            }
            #expect(product.variants.edges.count == 3)
            let variant = try #require(product.variants.edges.first?.node)
            #expect(variant.field("price") as? Decimal == 89)
            #expect(variant.field("available") as? Bool == true)
            #expect(try await harness.expectEveryRequestTagged(atLeast: 6) == 6)
        }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func searches() async throws {
        try await SandboxHarness.with { harness in
            let client = harness.storefrontClient()
            func collections(_ text: String) async throws -> [GraphQL.ID] {
                try await client.query(
                    Storefront.buildQuery {
                        $0
                            .shop { $0.collections(first: 10, query: text) { $0.edges { $0.node { $0.id() } } } }
                    }
                ).shop.collections.edges.map(\.node.id)
            }
            func products(_ text: String) async throws -> [GraphQL.ID] {
                try await client.query(
                    Storefront.buildQuery {
                        $0
                            .products(first: 10, query: text) { $0.edges { $0.node { $0.id() } } }
                    }
                ).products.edges.map(\.node.id)
            }
            let found2 = try await collections("shoes")
            #expect(found2 == [1, 2].map { SandboxIDs.id("Collection", $0) })
            let found3 = try await collections("collection_type:runners")
            #expect(found3 == [SandboxIDs.id("Collection", 1)])
            let found4 = try await collections("-collection_type:runners")
            #expect(found4 == [2, 3].map { SandboxIDs.id("Collection", $0) })
            let found5 = try await products("tag:blue AND product_type:sneaker")
            #expect(found5 == [SandboxIDs.id("Product", 1)])
            let found6 = try await products("(tag:blue AND product_type:sneaker) OR tag:red")
            #expect(found6 == [1, 2].map { SandboxIDs.id("Product", $0) })
            let found7 = try await products("-tag:*")
            #expect(found7 == [SandboxIDs.id("Product", 4)])
            // 21 hits: follow the cursors to the end rather than stopping at the first page of 10.
            var updated: [GraphQL.ID] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await client.query(
                    Storefront.buildQuery {
                        $0
                            .products(first: 10, after: cursor, query: "updated_at:>\"2017-05-29T00:00:00Z\"") {
                                $0
                                    .pageInfo { $0.hasNextPage() }
                                    .edges { $0.cursor().node { $0.id() } }
                            }
                    }
                ).products
                updated += page.edges.map(\.node.id)
                cursor = page.pageInfo.hasNextPage ? page.edges.last?.cursor : nil
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3)
            #expect(updated == ([1, 4] + Array(6...24)).map { SandboxIDs.id("Product", $0) })
            #expect(try await harness.expectEveryRequestTagged(atLeast: 9) == 9)
        }
    }

    @Test func cachePoliciesAgainstTheSandbox() async throws {
        try await SandboxHarness.with { harness in
            let directory = TestDirectories.path("StorefrontE2E")
            let client = harness.storefrontClient(cacheDirectory: directory)
            let shopQuery = Storefront.buildQuery { $0.shop { $0.name() } }
            _ = try await client.query(shopQuery)
            let before = try await harness.storefrontRequestCount()
            client.cachePolicy = .cacheFirst
            let first = try await client.query(shopQuery)
            let second = try await client.query(shopQuery)
            #expect(first.shop.name == "Sandbox Shoes" && second.shop.name == "Sandbox Shoes")
            let found9 = try await harness.storefrontRequestCount()
            #expect(found9 == before)

            let french = harness.storefrontClient(locale: Locale(identifier: "fr_CA"), cacheDirectory: directory)
            let miss = await french.queryResponse(shopQuery, cachePolicy: .cacheOnly)
            if case .cacheMiss? = miss.error {} else { Issue.record("expected .cacheMiss for another locale") }
            client.purgeCache()
            let purged = await client.queryResponse(shopQuery, cachePolicy: .cacheOnly)
            if case .cacheMiss? = purged.error {} else { Issue.record("expected .cacheMiss after purge") }
            // Cache hits never reach the sandbox: one request in all, the one that filled the cache.
            #expect(try await harness.expectEveryRequestTagged(atLeast: 1) == 1)
        }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func countryContextAndLocaleAreAccepted() async throws {
        try await SandboxHarness.with { harness in
            // §5.2: @inContext and Accept-Language are accepted and change nothing (one currency, no translations).
            let client = harness.storefrontClient(locale: Locale(identifier: "fr_CA"))
            let context = Storefront.InContextDirective(country: .fr, preferredLocationId: SandboxIDs.id("Location", 1))
            let query = Storefront.buildQuery(inContext: context) {
                $0
                    .shop { $0.name().currencyCode() }
                    .product(handle: "road-runner") {
                        $0.title().priceRange { $0.minVariantPrice { $0.amount().currencyCode() } }
                    }
            }
            #expect(query.description.hasPrefix("query @inContext(country:FR,preferredLocationId:"))
            let answer = try await client.query(query)
            #expect(answer.shop.name == "Sandbox Shoes")
            #expect(answer.shop.currencyCode == .cad)
            #expect(answer.product?.title == "Road Runner")
            #expect(answer.product?.priceRange.minVariantPrice.amount == 89)
            #expect(answer.product?.priceRange.minVariantPrice.currencyCode == .cad)
            let mutation = try await client.mutate(
                Storefront.buildMutation(inContext: Storefront.InContextDirective(country: .ca)) {
                    $0
                        .customerRecover(email: "nobody@example.com") { $0.customerUserErrors { $0.code() } }
                })
            #expect(mutation.customerRecover?.customerUserErrors.map(\.code) == [.unidentifiedCustomer])
            #expect(try await harness.expectEveryRequestTagged(atLeast: 2) == 2)
        }
    }
}
