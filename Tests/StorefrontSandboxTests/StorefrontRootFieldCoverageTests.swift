import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Every root field of the 2021-10 schema is served: called with placeholder arguments, none answers the
/// "not implemented by the CommerceKit sandbox" error (C8), and none fails the request; every 2026-04 query
/// field is emulated.
@Suite struct StorefrontRootFieldCoverageTests {
    /// The introspection result the Buy code generator reads, from the repository's schema folder.
    static func schema(_ version: String = "2021-10") throws -> JSONValue {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Schemas/Storefront/storefront-\(version).schema.json").standardizedFileURL
        // The 2021-10 file wraps the introspection result in `data`; the 2026-04 file is the bare result.
        let json = try JSONValue.parse(Data(contentsOf: url))
        return try #require(json["data"]?["__schema"] ?? json["__schema"])
    }

    /// A literal of `type` that passes validation: required input fields only, the first enum value.
    static func literal(_ type: JSONValue, _ types: [String: JSONValue]) -> String {
        switch type["kind"]?.stringValue {
        case "NON_NULL": return literal(type["ofType"] ?? .null, types)
        case "LIST": return "[\(literal(type["ofType"] ?? .null, types))]"
        default: break
        }
        let name = type["name"]?.stringValue ?? ""
        let definition = types[name] ?? .null
        switch definition["kind"]?.stringValue {
        case "ENUM": return definition["enumValues"]?[0]?["name"]?.stringValue ?? ""
        case "INPUT_OBJECT":
            let required = (definition["inputFields"]?.arrayValue ?? []).filter { $0["type"]?["kind"] == "NON_NULL" }
            return "{"
                + required.map { "\($0["name"]?.stringValue ?? ""):\(literal($0["type"] ?? .null, types))" }.joined(
                    separator: ",") + "}"
        default: break
        }
        switch name {
        case "Int": return "1"
        case "Float": return "1.0"
        case "Boolean": return "false"
        case "URL": return "\"https://example.com/account/activate/1/x\""
        case "Decimal", "Money": return "\"1.00\""
        case "DateTime": return "\"2021-01-01T00:00:00Z\""
        default: return "\"x\""
        }
    }

    static func baseTypeName(_ type: JSONValue) -> String {
        var current = type
        while let inner = current["ofType"], inner != .null { current = inner }
        return current["name"]?.stringValue ?? ""
    }

    /// `field(args){__typename}` for every field of `rootName`, with `first: 1` where a page size is needed.
    static func calls(_ rootName: String, _ schema: JSONValue) -> [(name: String, selection: String)] {
        var types: [String: JSONValue] = [:]
        for type in schema["types"]?.arrayValue ?? [] { if let name = type["name"]?.stringValue { types[name] = type } }
        let root = types[rootName] ?? .null
        return (root["fields"]?.arrayValue ?? []).compactMap { field in
            guard let name = field["name"]?.stringValue else { return nil }
            var arguments: [String] = []
            for argument in field["args"]?.arrayValue ?? [] {
                let argName = argument["name"]?.stringValue ?? ""
                if argument["type"]?["kind"] == "NON_NULL" {
                    arguments.append("\(argName):\(literal(argument["type"] ?? .null, types))")
                } else if argName == "first" {
                    arguments.append("first:1")
                }
            }
            let kind = types[baseTypeName(field["type"] ?? .null)]?["kind"]?.stringValue ?? ""
            let subselection = ["OBJECT", "INTERFACE", "UNION"].contains(kind) ? "{__typename}" : ""
            return (name, name + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ",")))") + subselection)
        }
    }

    @Test func everyQueryAndMutationFieldIsServed() async throws {
        let schema = try Self.schema()
        let client = try StorefrontClient()
        var unserved: [String] = []
        var count = 0
        for (root, keyword) in [("QueryRoot", "query"), ("Mutation", "mutation")] {
            for call in Self.calls(root, schema) {
                count += 1
                let body = try await client.graphQL("\(keyword) {\(call.selection)}")
                let messages = (body["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
                if messages.contains(where: { $0.contains("not implemented") || $0.contains("Internal error") })
                    || body["data"] == nil
                {
                    unserved.append("\(root).\(call.name): \(messages)")
                }
            }
        }
        #expect(count == 76)
        #expect(unserved.isEmpty, "unserved root fields: \(unserved)")
    }

    /// Every 2026-04 QueryRoot field has a resolver: none answers `SANDBOX_NOT_EMULATED` (or any other sandbox
    /// error) to a call with placeholder arguments.
    @Test func every2026QueryFieldIsEmulated() async throws {
        let calls = Self.calls("QueryRoot", try Self.schema("2026-04"))
        let client = try StorefrontClient()
        var unserved: [String] = []
        for call in calls {
            let answer = try await client.graphQL2026("query {\(call.selection)}")
            let codes = (answer.json["errors"]?.arrayValue ?? []).compactMap { $0["extensions"]?["code"]?.stringValue }
            if codes.contains(where: { $0.hasPrefix("SANDBOX_") || $0 == "INTERNAL_SERVER_ERROR" })
                || answer.json["data"] == nil || answer.json["data"] == .null
            {
                unserved.append("QueryRoot.\(call.name): \(answer.json.serialized())")
            }
        }
        #expect(calls.count == 34)
        #expect(unserved.isEmpty, "unserved root fields: \(unserved)")
    }
}
