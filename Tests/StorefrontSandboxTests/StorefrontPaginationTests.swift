import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import StorefrontSandbox

/// Cursor pagination (spec §5.7, §6.7 "Pagination") and the C1–C5 argument errors.
@Suite struct StorefrontPaginationTests {
    @Test func runnersPagesForwardAndBack() async throws {
        let client = try StorefrontClient()
        let pageQuery = { (after: String) in
            "query {node(id:\"\(GID.collection(1))\"){... on Collection{products(first:10\(after)){pageInfo{hasNextPage,hasPreviousPage},edges{cursor,node{id}}}}}}"
        }
        let first = try #require(try await client.data(pageQuery(""))["node"]?["products"])
        #expect(first.nodeNumbers == [1, 2, 6, 7, 8, 9, 10, 11, 12, 13])
        #expect(first["pageInfo"]?.serialized() == #"{"hasNextPage":true,"hasPreviousPage":false}"#)
        let cursor = try #require(first["edges"]?[9]?["cursor"]?.stringValue)
        let second = try #require(try await client.data(pageQuery(",after:\"\(cursor)\""))["node"]?["products"])
        #expect(second.nodeNumbers == [14, 15])
        #expect(second["pageInfo"]?.serialized() == #"{"hasNextPage":false,"hasPreviousPage":true}"#)
        // The cursor is Base64 JSON naming the position and the sort.
        #expect(GID.decode(cursor) == #"{"last_id":13,"last_value":10,"sort":"COLLECTION_DEFAULT"}"#)

        let back = try await client.data(
            "query {products(last:2,before:\"\(Connection.encodeCursor(id: 5, value: .number(5), sortKey: "ID"))\"){pageInfo{hasNextPage,hasPreviousPage},edges{node{id}}}}"
        )
        #expect(back["products"]?.nodeNumbers == [3, 4])
        #expect(back["products"]?["pageInfo"]?.serialized() == #"{"hasNextPage":true,"hasPreviousPage":true}"#)
        let empty = try await client.data(
            "query {products(first:0){pageInfo{hasNextPage,hasPreviousPage},edges{node{id}}}}")
        #expect(
            empty["products"]?.serialized() == #"{"pageInfo":{"hasNextPage":true,"hasPreviousPage":false},"edges":[]}"#)
    }

    @Test func pageArgumentErrors() async throws {
        let client = try StorefrontClient()
        let cases: [(String, String)] = [
            ("products{edges{node{id}}}", "you must provide one of first or last"),
            ("products(first:1,last:1){edges{node{id}}}", "Passing both first and last to paginate is not supported"),
            ("products(first:251){edges{node{id}}}", "The page size is too large; it must be 250 or lower"),
            ("products(last:-1){edges{node{id}}}", "The page size must be 0 or higher"),
            ("products(first:1,after:\"bogus\"){edges{node{id}}}", "Invalid cursor 'bogus'"),
            (
                "products(first:1,sortKey:TITLE,after:\"\(Connection.encodeCursor(id: 1, value: .number(1), sortKey: "ID"))\"){edges{node{id}}}",
                "Invalid cursor '\(Connection.encodeCursor(id: 1, value: .number(1), sortKey: "ID"))'"
            ),
        ]
        for (selection, message) in cases {
            let body = try await client.graphQL("query {\(selection)}")
            #expect(body["data"] == .null)
            #expect(body["errors"]?[0]?["message"]?.stringValue == message)
            #expect(body["errors"]?[0]?["path"]?.serialized() == #"["products"]"#)
            #expect(body["errors"]?[0]?["locations"] != nil)
        }
    }

    @Test func sortedByTitleWithStableCursor() async throws {
        let client = try StorefrontClient()
        let first = try await client.data("query {products(first:3,sortKey:TITLE){edges{cursor,node{title}}}}")
        let titles = first["products"]?["edges"]?.arrayValue?.compactMap { $0["node"]?["title"]?.stringValue }
        #expect(titles == ["Blue Suede", "Gift Card", "Road Runner"])
        let cursor = try #require(first["products"]?["edges"]?[2]?["cursor"]?.stringValue)
        let next = try await client.data(
            "query {products(first:1,sortKey:TITLE,after:\"\(cursor)\"){edges{node{title}}}}")
        #expect(next["products"]?["edges"]?[0]?["node"]?["title"] == "Sandbox Sneaker 10")
    }
}
