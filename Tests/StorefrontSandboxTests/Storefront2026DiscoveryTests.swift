import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Search, predictive search and recommendations on 2026-04: what a storefront's search page, search box and
/// "you may also like" shelf show.
@Suite struct Storefront2026DiscoveryTests {
    static let items = "__typename ... on Product{handle} ... on Page{handle} ... on Article{handle}"

    @Test func searchFindsProductsPagesAndArticles() async throws {
        let client = try StorefrontClient()
        let boots = try await client.data2026("{search(query:\"boot\",first:10){totalCount nodes{\(Self.items)}}}")
        #expect(
            boots["search"]?.serialized()
                == #"{"totalCount":2,"nodes":[{"__typename":"Product","handle":"summit-boot"},{"__typename":"Article","handle":"waterproofing-your-boots"}]}"#
        )
        // Pages are searched by their body too: "pretend" is only in the About page.
        let about = try await client.data2026("{search(query:\"pretend shop\",first:10){nodes{\(Self.items)}}}")
        #expect(about["search"]?.serialized() == #"{"nodes":[{"__typename":"Page","handle":"about-us"}]}"#)
        let pagesOnly = try await client.data2026(
            "{search(query:\"ship\",types:[PAGE],first:10){totalCount nodes{\(Self.items)}}}")
        #expect(
            pagesOnly["search"]?.serialized()
                == #"{"totalCount":1,"nodes":[{"__typename":"Page","handle":"shipping-policy"}]}"#)
        let nothing = try await client.data2026("{search(query:\"zeppelin\",first:10){totalCount nodes{__typename}}}")
        #expect(nothing["search"]?.serialized() == #"{"totalCount":0,"nodes":[]}"#)
    }

    @Test func searchSortsByPriceAndPages() async throws {
        let client = try StorefrontClient()
        let selection = "edges{cursor node{... on Product{handle}}} pageInfo{hasNextPage}"
        let first = try await client.data2026(
            "{search(query:\"sneaker 1\",types:[PRODUCT],sortKey:PRICE,first:2){\(selection)}}")
        let edges = try #require(first["search"]?["edges"]?.arrayValue)
        #expect(edges.map { $0["node"]?["handle"]?.stringValue } == ["sandbox-sneaker-10", "sandbox-sneaker-11"])
        let cursor = try #require(edges[1]["cursor"]?.stringValue)
        let next = try await client.data2026(
            #"{search(query:"sneaker 1",types:[PRODUCT],sortKey:PRICE,first:2,after:"\#(cursor)"){\#(selection)}}"#)
        #expect(next["search"]?["edges"]?[0]?["node"]?["handle"] == "sandbox-sneaker-12")
    }

    @Test func searchPutsSoldOutProductsLastOrHidesThem() async throws {
        let client = try StorefrontClient()
        let last = try await client.data2026(
            "{search(query:\"slipper\",types:[PRODUCT],first:5){nodes{... on Product{handle availableForSale}}}}")
        #expect(last["search"]?["nodes"]?[0]?["handle"] == "sold-out-slipper")
        let hidden = try await client.data2026(
            "{search(query:\"slipper\",unavailableProducts:HIDE,first:5){totalCount}}")
        #expect(hidden["search"]?["totalCount"] == 0)
    }

    @Test func predictiveSearchFillsTheSearchBox() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            #"{predictiveSearch(query:"trail"){products{handle} collections{handle} pages{handle} articles{handle} queries{text}}}"#
        )
        #expect(
            data["predictiveSearch"]?.serialized()
                == #"{"products":[{"handle":"trail-blazer"}],"collections":[],"pages":[],"articles":[{"handle":"choosing-a-trail-shoe"}],"queries":[]}"#
        )
        let limited = try await client.data2026(
            #"{predictiveSearch(query:"sneaker",limit:3){products{handle}}}"#)
        #expect(limited["predictiveSearch"]?["products"]?.arrayValue?.count == 3)
        let runners = try await client.data2026(
            #"{predictiveSearch(query:"runners",types:[COLLECTION]){collections{handle}}}"#)
        #expect(
            runners["predictiveSearch"]?["collections"]?.serialized()
                == #"[{"handle":"runners"},{"handle":"blue-runners"}]"#)
        let tooMany = try await client.graphQL2026(#"{predictiveSearch(query:"x",limit:11){products{id}}}"#)
        #expect(tooMany.json["errors"]?[0]?["message"] == "limit must be between 1 and 10")
    }

    @Test func recommendationsComeFromTheProductsCollections() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            """
            {related:productRecommendations(productHandle:"blue-suede"){handle}
             byID:productRecommendations(productId:"\(GID.product(1))"){handle}
             complementary:productRecommendations(productHandle:"blue-suede",intent:COMPLEMENTARY){handle}
             unknown:productRecommendations(productHandle:"no-such-shoe"){handle}}
            """)
        #expect(data["related"]?.serialized() == #"[{"handle":"road-runner"}]"#)
        let byID = try #require(data["byID"]?.arrayValue?.compactMap { $0["handle"]?.stringValue })
        #expect(byID.count == 10)
        #expect(Array(byID.prefix(3)) == ["trail-blazer", "sandbox-sneaker-6", "sandbox-sneaker-7"])
        #expect(!byID.contains("road-runner"))
        #expect(data["complementary"]?.serialized() == "[]")
        #expect(data["unknown"] == .null)
        let neither = try await client.graphQL2026("{productRecommendations{handle}}")
        #expect(
            neither.json["errors"]?[0]?["message"] == "productRecommendations needs one of productId or productHandle")
    }
}
