import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import StorefrontSandbox

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
        ("created_at:<=2017-03-01", [3, 4, 5]),  // a bare date is midnight UTC, and <= keeps the exact instant
        ("variants.price:<=75", [3, 5] + Array(6...24)),  // the fillers cost 56.00–73.00
        (#"updated_at:<="2017-05-30T12:00:00Z""#, [1, 2, 3, 5]),
        // Lower-case and/or/not are plain words (only upper case are keywords): every word must match.
        ("blue or red", []),
        ("blue OR red", [1, 2, 3]),
        ("shoe not blue", []),
        ("shoe NOT blue", [2, 5]),
        ("trail and", [2]),  // "and" is found in "Sandbox Athletics"
    ]

    @Test(arguments: productVectors)
    func productSearch(_ query: String, _ expected: [Int]) async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            "query($q: String) {products(first:250, query: $q){edges{node{id}}}}", variables: ["q": .string(query)])
        #expect(data["products"]?.nodeNumbers == expected, "query: \(query)")
    }

    @Test func collectionSearch() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {a:collections(first:10,query:"shoes"){edges{node{id}}},b:collections(first:10,query:"collection_type:runners"){edges{node{id}}},c:collections(first:10,query:"-collection_type:runners"){edges{node{id}}}}
            """)
        #expect(data["a"]?.nodeNumbers == [1, 2])
        #expect(data["b"]?.nodeNumbers == [1])
        #expect(data["c"]?.nodeNumbers == [2, 3])
    }

    static let collectionVectors: [(String, [Int])] = [
        ("title:Boots", [3]),
        ("title:runners", [1]),  // the whole title: not "Blue Runners"
        (#"title:"blue runners""#, [2]),
        ("-title:runners", [2, 3]),
        ("updated_at:>2017-05-30", [2, 3]),
        ("updated_at:>=2017-05-30", [1, 2, 3]),
        ("updated_at:<=2017-05-31", [1, 2]),
        ("updated_at:<2017-05-31 OR title:Boots", [1, 3]),
    ]

    @Test(arguments: collectionVectors)
    func collectionFieldSearch(_ query: String, _ expected: [Int]) async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            "query($q: String) {collections(first:10, query: $q){edges{node{id}}}}", variables: ["q": .string(query)])
        #expect(data["collections"]?.nodeNumbers == expected, "query: \(query)")
    }

    /// Sort keys of §5.7 not covered elsewhere, on the demo catalog. `reverse` flips the final order, ties
    /// included (the sneakers share a product type, so reversed they come in descending ID order).
    static let sortVectors: [(String, [Int])] = [
        ("products(first:6,sortKey:PRODUCT_TYPE)", [4, 5, 3, 24, 1, 2]),
        ("products(last:6,sortKey:PRODUCT_TYPE,reverse:true)", [2, 1, 24, 3, 5, 4]),
        ("products(first:3,sortKey:PRODUCT_TYPE,reverse:true)", [23, 22, 21]),
        ("products(first:6,sortKey:VENDOR)", [3, 4, 24, 1, 2, 6]),
        ("products(first:4,sortKey:VENDOR,reverse:true)", [5, 23, 22, 21]),
        ("products(first:6,sortKey:UPDATED_AT)", [5, 3, 2, 1, 4, 6]),
        ("products(first:3,sortKey:UPDATED_AT,reverse:true)", [24, 23, 22]),
        ("products(first:6,sortKey:CREATED_AT)", [5, 4, 3, 2, 1, 6]),
        ("products(first:3,sortKey:CREATED_AT,reverse:true)", [24, 23, 22]),
        ("products(first:3,sortKey:BEST_SELLING,reverse:true)", [24, 23, 22]),
        ("products(last:5,sortKey:BEST_SELLING,reverse:true)", [5, 3, 4, 1, 2]),
        ("collections(first:3,sortKey:TITLE)", [2, 3, 1]),
        ("collections(first:3,sortKey:TITLE,reverse:true)", [1, 3, 2]),
        ("collections(first:3,sortKey:UPDATED_AT)", [1, 2, 3]),
        ("collections(first:3,sortKey:UPDATED_AT,reverse:true)", [3, 2, 1]),
        ("collections(first:3,sortKey:RELEVANCE)", [1, 2, 3]),
        (#"collections(first:3,sortKey:RELEVANCE,query:"runners OR blue")"#, [2, 1]),
        (#"collections(first:3,sortKey:RELEVANCE,query:"runners OR blue",reverse:true)"#, [1, 2]),
        ("collection(handle:\"runners\"){products(first:4,sortKey:TITLE)", [1, 10, 11, 12]),
        ("collection(handle:\"runners\"){products(last:2,sortKey:TITLE)", [9, 2]),
        ("collection(handle:\"runners\"){products(first:3,sortKey:PRICE)", [6, 7, 8]),
        ("collection(handle:\"runners\"){products(first:3,sortKey:PRICE,reverse:true)", [2, 1, 15]),
        ("collection(handle:\"runners\"){products(first:4,sortKey:BEST_SELLING)", [2, 1, 6, 7]),
        ("collection(handle:\"runners\"){products(first:3,sortKey:BEST_SELLING,reverse:true)", [15, 14, 13]),
        ("collection(handle:\"runners\"){products(first:4,sortKey:CREATED)", [2, 1, 6, 7]),
        ("collection(handle:\"runners\"){products(first:3,sortKey:CREATED,reverse:true)", [15, 14, 13]),
        ("collection(handle:\"runners\"){products(first:4,sortKey:ID)", [1, 2, 6, 7]),
        ("collection(handle:\"runners\"){products(first:3,sortKey:ID,reverse:true)", [15, 14, 13]),
        ("collection(handle:\"runners\"){products(first:4,sortKey:RELEVANCE)", [1, 2, 6, 7]),
        ("collection(handle:\"runners\"){products(first:3,sortKey:RELEVANCE,reverse:true)", [15, 14, 13]),
    ]

    @Test(arguments: sortVectors)
    func sortKeys(_ field: String, _ expected: [Int]) async throws {
        let client = try StorefrontClient()
        let nested = field.hasPrefix("collection(")
        let data = try await client.data("query {result:\(field){edges{node{id}}}\(nested ? "}" : "")}")
        let connection = nested ? data["result"]?["products"] : data["result"]
        #expect(connection?.nodeNumbers == expected, "\(field)")
    }

    @Test func bestSellingAndRelevance() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {a:products(first:5,sortKey:BEST_SELLING){edges{node{id}}},b:products(first:3,sortKey:RELEVANCE,query:"blue OR runner"){edges{node{id}}},c:products(first:3,sortKey:PRICE,reverse:true){edges{node{id}}}}
            """)
        #expect(data["a"]?.nodeNumbers == [2, 1, 4, 3, 5])
        #expect(data["b"]?.nodeNumbers == [1, 3])
        #expect(data["c"]?.nodeNumbers == [4, 2, 1])
    }

    @Test func parserKeepsQuotedPhrasesTogether() {
        let query = SearchQuery(#"vendor:"Heritage Co" "blue suede""#, fields: CatalogListing.productFields)
        guard case .and(let parts) = query.root else {
            Issue.record("expected two terms")
            return
        }
        #expect(parts.count == 2)
        if case .free(let phrase) = parts[1] {
            #expect(phrase == "blue suede")
        } else {
            Issue.record("expected a phrase")
        }
    }
}
