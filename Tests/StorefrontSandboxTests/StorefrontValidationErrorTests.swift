import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Parse and validation errors in the real service's wording (spec §4.2, §6.3 D21–D23).
@Suite struct StorefrontValidationErrorTests {
    @Test func d21UnknownFieldInsideInlineFragment() async throws {
        let client = try StorefrontClient()
        let body = try await client.graphQL(#"query {node(id:"NkZmFzZGZhc"){__typename,... on Order{id,createdAt}}}"#)
        #expect(
            body.serialized()
                == #"{"errors":[{"message":"Field 'createdAt' doesn't exist on type 'Order'","locations":[{"line":1,"column":58}],"path":["query","node","... on Order","createdAt"],"extensions":{"code":"undefinedField","typeName":"Order","fieldName":"createdAt"}}]}"#
        )
    }

    @Test func d22UnknownField() async throws {
        let client = try StorefrontClient()
        let body = try await client.graphQL("query {shop{nme}}")
        #expect(
            body.serialized()
                == #"{"errors":[{"message":"Field 'nme' doesn't exist on type 'Shop'","locations":[{"line":1,"column":13}],"path":["query","shop","nme"],"extensions":{"code":"undefinedField","typeName":"Shop","fieldName":"nme"}}]}"#
        )
    }

    @Test func d23MissingRequiredArgument() async throws {
        let client = try StorefrontClient()
        let body = try await client.graphQL("query {node{__typename}}")
        #expect(
            body.serialized()
                == #"{"errors":[{"message":"Field 'node' is missing required arguments: id","locations":[{"line":1,"column":8}],"path":["query","node"],"extensions":{"code":"missingRequiredArguments","className":"Field","name":"node","arguments":"id"}}]}"#
        )
    }

    @Test func otherGraphQLRubyShapes() async throws {
        let client = try StorefrontClient()
        let unknownArgument = try await client.graphQL("query Named {shop{name(x:1)}}")
        #expect(unknownArgument["errors"]?[0]?["message"] == "Field 'name' doesn't accept argument 'x'")
        #expect(unknownArgument["errors"]?[0]?["path"]?.serialized() == #"["query Named","shop","name"]"#)
        let noSelections = try await client.graphQL("query {shop}")
        #expect(
            noSelections["errors"]?[0]?["message"]
                == "Field must have selections (field 'shop' returns Shop but has no selections. Did you mean 'shop { ... }'?)"
        )
        let scalarSelections = try await client.graphQL("query {shop{name{a,b}}}")
        #expect(
            scalarSelections["errors"]?[0]?["message"]
                == "Selections can't be made on scalars (field 'name' returns String but has selections [a, b])")
        let unknownType = try await client.graphQL("query {node(id:\"x\"){... on Nope{id}}}")
        #expect(unknownType["errors"]?[0]?["message"] == "No such type Nope, so it can't be a fragment condition")
        let badSpread = try await client.graphQL("query {shop{... on Product{id}}}")
        #expect(badSpread["errors"]?[0]?["message"] == "Fragment on Product can't be spread inside Shop")
        let badLiteral = try await client.graphQL("query {products(first:\"ten\"){edges{node{id}}}}")
        #expect(
            badLiteral["errors"]?[0]?["message"]
                == #"Argument 'first' on Field 'products' has an invalid value ("ten"). Expected type 'Int'."#)
        #expect(badLiteral["data"] == nil)
    }

    @Test func syntaxDepthAndSubscriptionErrors() async throws {
        let client = try StorefrontClient()
        let syntax = try await client.graphQL("query {shop{name}")
        #expect(syntax.serialized() == #"{"errors":[{"message":"Unexpected end of document"}]}"#)
        let token = try await client.graphQL("query {shop{name}}}")
        #expect(token["errors"]?[0]?["message"] == #"Parse error on "}" (RCURLY) at [1, 19]"#)
        let deep = "query {" + String(repeating: "shop{", count: 60) + "name" + String(repeating: "}", count: 61)
        let tooDeep = try await client.graphQL(deep)
        #expect(tooDeep["errors"]?[0]?["message"] == "Query has depth of 61, which exceeds max depth of 50")
        let subscription = try await client.graphQL("subscription {shop{name}}")
        #expect(subscription["errors"]?[0]?["message"] == "Subscriptions are not supported")
    }

    /// GraphQLSwift's validation trapped on two structurally equal operations (its caches hash operations by
    /// identity and compare them by structure), which stopped the sandbox (found by fuzzing). A document that
    /// defines a name twice gets the naming errors alone, as before, and never reaches those caches.
    @Test func namesDefinedTwiceAreRefusedBeforeTheOtherRules() async throws {
        let client = try StorefrontClient()
        // Each spelling is prepared anew (the prepared-document cache is keyed by text), so the trap had many
        // chances: it depends on where the two operations land in the dictionary.
        for padding in 0..<40 {
            let spaces = String(repeating: " ", count: padding)
            let twins = try await client.graphQL(spaces + "{ d}{ d}")
            #expect(twins["errors"]?[1]?["message"] == "This anonymous operation must be the only defined operation.")
            let named = try await client.graphQL(spaces + "query A{shop{name}} query A{shop{name}}")
            #expect(named["errors"]?[0]?["message"] == #"There can be only one operation named "A"."#)
        }
        let anonymous = try await client.graphQL("{shop{name}} {shop{name}}")
        #expect(
            anonymous.serialized()
                == #"{"errors":[{"message":"This anonymous operation must be the only defined operation.","locations":[{"line":1,"column":1}]},{"message":"This anonymous operation must be the only defined operation.","locations":[{"line":1,"column":14}]}]}"#
        )
        let named = try await client.graphQL("query A{shop{name}} query A{shop{name}}")
        #expect(
            named.serialized()
                == #"{"errors":[{"message":"There can be only one operation named \"A\".","locations":[{"line":1,"column":7},{"line":1,"column":27}]}]}"#
        )
        let fragments = try await client.graphQL(
            "query{shop{...F}} fragment F on Shop{name} fragment F on Shop{name}")
        #expect(
            fragments.serialized()
                == #"{"errors":[{"message":"There can be only one fragment named \"F\".","locations":[{"line":1,"column":28},{"line":1,"column":53}]}]}"#
        )
        let mixed = try await client.graphQL("{shop{name}} query B{shop{name}}")
        #expect(mixed["errors"]?.arrayValue?.count == 1)
        #expect(mixed["errors"]?[0]?["message"] == "This anonymous operation must be the only defined operation.")
    }

    /// GraphQLSwift's lexer trapped on a `\u` escape cut off by the end of the body, which stopped the sandbox
    /// (found by fuzzing). Each such body is a syntax error; a `\u` ending a comment stays valid.
    @Test func aUnicodeEscapeCutOffByTheEndIsASyntaxError() async throws {
        let client = try StorefrontClient()
        for document in [#"query QField "} \u"#, #"query {shop{name(x:"\u12"#, #"{shop{name(x:"\u")}}"#] {
            let body = try await client.graphQL(document)
            #expect(body["data"] == nil, "\(document)")
            #expect(body["errors"]?[0]?["message"]?.stringValue?.isEmpty == false, "\(document)")
        }
        let cut = try await client.graphQL(#"query {shop{name(x:"\u1"#)
        // Reported at the escape's `u`, as any other bad escape is.
        #expect(cut["errors"]?[0]?["message"] == #"Parse error on "u1" (NAME) at [1, 22]"#)
        let comment = try await client.graphQL("query {shop{name}} # \\u")
        #expect(comment["data"]?["shop"]?["name"] != nil)
        #expect(comment["errors"] == nil)
    }
}
