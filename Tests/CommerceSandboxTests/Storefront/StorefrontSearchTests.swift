import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

/// The search vectors of spec §6.7 against the demo catalog, plus parser edge cases of §5.6.
@Suite struct StorefrontSearchTests {
    static let productVectors: [(String, [Int])] = [
        ("tag:blue AND product_type:sneaker", [1]),
        ("(tag:blue AND product_type:sneaker) OR tag:red", [1, 2]),
        (#"updated_at:>"2017-05-29T00:00:00Z""#, [1, 4] + Array(6...24)),
        ("-tag:*", [4]),
        ("available_for_sale:false", [24]),
        ("variants.price:>=100", [2, 4]),
        (#"vendor:"Heritage Co""#, [3, 4, 24]),
        ("road", [1]),
        ("shoe", [1, 2, 3, 5]),
        (#"title:"Road Runner""#, [1]),
        ("title:Road", []),
        ("product_type:sneaker -tag:filler", [1, 2]),
        ("created_at:<2017-03-01", [4, 5]),
        (#"tag:blue OR tag:red AND vendor:"Heritage Co""#, [1, 3]),
        ("product_type:=sneaker", []),
        ("NOT tag:filler AND NOT tag:blue", [2, 4, 5]),
        ("(tag:blue", [1, 3]),
        ("tag:blue)", [1, 3]),
        ("   ", Array(1...24)),
        ("unknown_field:x", []),
    ]

    @Test(arguments: productVectors)
    func productSearch(_ query: String, _ expected: [Int]) async throws {
        let client = try StorefrontClient()
        let data = try await client.data("query($q: String) {products(first:250, query: $q){edges{node{id}}}}", variables: ["q": .string(query)])
        #expect(data["products"]?.nodeNumbers == expected, "query: \(query)")
    }

    @Test func collectionSearch() async throws {
        let client = try StorefrontClient()
        let data = try await client.data("""
            query {a:collections(first:10,query:"shoes"){edges{node{id}}},b:collections(first:10,query:"collection_type:runners"){edges{node{id}}},c:collections(first:10,query:"-collection_type:runners"){edges{node{id}}}}
            """)
        #expect(data["a"]?.nodeNumbers == [1, 2])
        #expect(data["b"]?.nodeNumbers == [1])
        #expect(data["c"]?.nodeNumbers == [2, 3])
    }

    @Test func bestSellingAndRelevance() async throws {
        let client = try StorefrontClient()
        let data = try await client.data("""
            query {a:products(first:5,sortKey:BEST_SELLING){edges{node{id}}},b:products(first:3,sortKey:RELEVANCE,query:"blue OR runner"){edges{node{id}}},c:products(first:3,sortKey:PRICE,reverse:true){edges{node{id}}}}
            """)
        #expect(data["a"]?.nodeNumbers == [2, 1, 4, 3, 5])
        #expect(data["b"]?.nodeNumbers == [1, 3])
        #expect(data["c"]?.nodeNumbers == [4, 2, 1])
    }

    @Test func parserKeepsQuotedPhrasesTogether() {
        let query = SearchQuery(#"vendor:"Heritage Co" "blue suede""#, fields: CatalogListing.productFields)
        guard case .and(let parts) = query.root else { Issue.record("expected two terms"); return }
        #expect(parts.count == 2)
        if case .free(let phrase) = parts[1] { #expect(phrase == "blue suede") } else { Issue.record("expected a phrase") }
    }
}
