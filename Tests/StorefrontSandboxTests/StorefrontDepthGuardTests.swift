import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import StorefrontSandbox

/// G10 must hold before a document reaches GraphQLSwift's parser, which recurses once per nesting level
/// and overflowed the stack on deeply nested bodies (spec §4.2 G10, §7 J6 step 10).
@Suite struct StorefrontDepthGuardTests {
    @Test func hundredThousandNestedSelectionsAnswerG10() async throws {
        let client = try StorefrontClient()
        let levels = 100_000
        let document = String(repeating: "{a", count: levels) + String(repeating: "}", count: levels)
        let body = try await client.graphQL(document)
        #expect(
            body.serialized()
                == #"{"errors":[{"message":"Query has depth of 100000, which exceeds max depth of 50","extensions":{"code":"MAX_DEPTH_EXCEEDED"}}]}"#
        )
    }

    @Test func nearlyOneMebibyteGraphQLBodyAnswerG10() async throws {
        let client = try StorefrontClient()
        let levels = 340_000  // 1,020,000 bytes, just under H8's 1 MiB
        let document = Data(
            ("query " + String(repeating: "{a", count: levels) + String(repeating: "}", count: levels)).utf8)
        #expect(document.count < 1024 * 1024)
        let result = try await client.send(
            body: document,
            headers: [
                "Content-Type": "application/graphql", "X-Shopify-Storefront-Access-Token": client.token,
            ])
        #expect(result.status == 200)
        #expect(result.json["errors"]?[0]?["message"] == "Query has depth of 340000, which exceeds max depth of 50")
        #expect(result.json["errors"]?[0]?["extensions"]?["code"] == "MAX_DEPTH_EXCEEDED")
    }

    @Test func nestingAtTheScanLimitIsParsedAndMeasuredExactly() async throws {
        let client = try StorefrontClient()
        let levels = DocumentNestingScan.maximumNesting
        let document = String(repeating: "{a", count: levels) + String(repeating: "}", count: levels)
        let body = try await client.graphQL(document)
        #expect(
            body["errors"]?[0]?["message"]?.stringValue == "Query has depth of \(levels), which exceeds max depth of 50"
        )
        let values =
            "query {shop{name(x:" + String(repeating: "[", count: levels - 3)
            + String(repeating: "]", count: levels - 3) + ")}}"
        let valueBody = try await client.graphQL(values)
        #expect(valueBody["errors"]?[0]?["extensions"]?["code"]?.stringValue != "MAX_DEPTH_EXCEEDED")
        #expect(valueBody["errors"] != nil)
    }

    @Test func deeplyNestedArgumentValuesAreRefusedBeforeParsing() async throws {
        let client = try StorefrontClient()
        let document =
            "query {shop{name(x:" + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
            + ")}}"
        let body = try await client.graphQL(document)
        #expect(body["errors"]?[0]?["message"] == "Query has depth of 50003, which exceeds max depth of 50")
    }

    @Test func bracketsInStringsBlockStringsAndCommentsDoNotCount() async throws {
        let client = try StorefrontClient()
        let many = String(repeating: "{([", count: 400)
        let document = """
            # \(many)
            query {products(first:1,query:"\(many)\\"\(many)"){edges{node{id}}},\
            collections(first:1,query:\"\"\"\(many)\\\"\"\"\(many)\"\"\"){edges{node{id}}}}
            """
        let body = try await client.graphQL(document)
        #expect(body["errors"] == nil, "unexpected errors: \(body.serialized())")
        #expect(body["data"]?["products"]?["edges"]?.arrayValue?.isEmpty == true)
    }

    @Test func inlineFragmentsWithinFiftySelectionLevelsAreNotRefusedByTheScan() async throws {
        // 99 nested braces but 50 selection levels: the scan lets it through, validation answers instead.
        let client = try StorefrontClient()
        let document =
            "query {" + String(repeating: "shop{... on Shop{", count: 49) + "name" + String(repeating: "}}", count: 49)
            + "}"
        let body = try await client.graphQL(document)
        #expect(body["errors"]?[0]?["message"] == "Field 'shop' doesn't exist on type 'Shop'")
    }

    @Test func longFragmentSpreadChainIsRefusedBeforeValidation() async throws {
        // 5,000 links used to overflow the stack in the depth measure and in the fragment-cycle rule.
        let client = try StorefrontClient()
        var document = "query {shop{...F0}}"
        for link in 0..<5_000 { document += " fragment F\(link) on Shop{...F\(link + 1)}" }
        document += " fragment F5000 on Shop{name}"
        let body = try await client.graphQL(document)
        #expect(
            body.serialized()
                == #"{"errors":[{"message":"Query nests fragment spreads 5001 deep, which exceeds the sandbox limit of 256","extensions":{"code":"MAX_DEPTH_EXCEEDED"}}]}"#
        )

        var cycle = "query {shop{...C0}}"
        for link in 0..<5_000 { cycle += " fragment C\(link) on Shop{...C\((link + 1) % 5_000)}" }
        let cycleBody = try await client.graphQL(cycle)
        #expect(
            cycleBody["errors"]?[0]?["message"]
                == "Query nests fragment spreads 5000 deep, which exceeds the sandbox limit of 256")
    }

    @Test func exponentialSpreadFanOutIsRefusedBeforeValidation() async throws {
        // Found while fuzzing (Fuzz/Corpus/graphql-document/slow-exponential-spreads): each level spreads the next
        // through two fragments, so these 3 KB took the query planner 2^24 fragment walks (minutes of CPU).
        let client = try StorefrontClient()
        var document = "query {shop{...F0}}"
        for level in 0..<24 {
            document += " fragment F\(level) on Shop{...A\(level) ...B\(level)}"
            document +=
                " fragment A\(level) on Shop{name ...F\(level + 1)} fragment B\(level) on Shop{description ...F\(level + 1)}"
        }
        document += " fragment F24 on Shop{name}"
        let body = try await client.graphQL(document)
        #expect(
            body.serialized()
                == #"{"errors":[{"message":"Query expands fragment spreads more than 10000 times, which exceeds the sandbox limit","extensions":{"code":"MAX_COMPLEXITY_EXCEEDED"}}]}"#
        )

        // Eleven levels (8,189 walks) are within the limit and still answer.
        var within = "query {shop{...F0}}"
        for level in 0..<11 {
            within += " fragment F\(level) on Shop{...A\(level) ...B\(level)}"
            within +=
                " fragment A\(level) on Shop{name ...F\(level + 1)} fragment B\(level) on Shop{description ...F\(level + 1)}"
        }
        within += " fragment F11 on Shop{name}"
        #expect(try await client.data(within)["shop"]?["name"] != nil)
    }

    @Test func shortSpreadChainsStillRunAndCountTheirFields() async throws {
        let client = try StorefrontClient()
        var chain = "query {shop{...F0}}"
        for link in 0..<200 { chain += " fragment F\(link) on Shop{...F\(link + 1)}" }
        chain += " fragment F200 on Shop{name}"
        let data = try await client.data(chain)
        #expect(data["shop"]?["name"] == "Sandbox Shoes")

        // Depth follows spreads: 30 levels in the operation, 30 more in a fragment.
        let deep =
            "query {" + String(repeating: "a{", count: 29) + "...D" + String(repeating: "}", count: 30)
            + " fragment D on X {" + String(repeating: "b{", count: 29) + "c" + String(repeating: "}", count: 30)
        let tooDeep = try await client.graphQL(deep)
        #expect(tooDeep["errors"]?[0]?["message"] == "Query has depth of 59, which exceeds max depth of 50")
    }

    @Test func fragmentsSpreadTwiceAreMeasuredOnce() async throws {
        // Each fragment spreads the next one twice: 2^40 paths, which a naive walk would try one by one.
        let client = try StorefrontClient()
        var document = "query {shop{...F0}}"
        for link in 0..<40 { document += " fragment F\(link) on Shop{...F\(link + 1),...F\(link + 1)}" }
        document += " fragment F40 on Shop{name}"
        let body = try await client.graphQL(document)
        #expect(body["data"]?["shop"]?["name"] == "Sandbox Shoes")
    }

    @Test func scanRules() {
        #expect(DocumentNestingScan.deepestNesting(of: "query {shop{name}}") == 2)
        #expect(DocumentNestingScan.deepestNesting(of: #"{a(b:"\"{{{"){c}}"#) == 2)
        #expect(DocumentNestingScan.deepestNesting(of: "{a(b:\"\"\"x\\\"\"\"{{{\"\"\"){c}}") == 2)
        #expect(DocumentNestingScan.deepestNesting(of: "{a # {{{\n{b}}") == 2)
        #expect(DocumentNestingScan.deepestNesting(of: "}}}{a}") == 1)
        // The parser stops at an unterminated string, so what follows it is not counted.
        #expect(DocumentNestingScan.deepestNesting(of: "{a(b:\"x\n{{{{{") == 2)
        #expect(DocumentNestingScan.deepestNesting(of: "{a(b:\"\"\"x{{{{{") == 2)
    }
}
