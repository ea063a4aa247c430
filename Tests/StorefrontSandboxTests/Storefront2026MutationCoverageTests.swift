import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Every 2026-04 Mutation field is emulated: called with placeholder arguments, none answers
/// `SANDBOX_NOT_EMULATED` (a placeholder cart ID gets a user error, not a missing resolver).
@Suite struct Storefront2026MutationCoverageTests {
    static func schema() throws -> JSONValue {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Schemas/Storefront/storefront-2026-04.schema.json").standardizedFileURL
        return try #require(try JSONValue.parse(Data(contentsOf: url))["__schema"])
    }

    @Test func noMutationFieldAnswersNotEmulated() async throws {
        let schema = try Self.schema()
        let client = try StorefrontClient()
        var unserved: [String] = []
        let calls = StorefrontRootFieldCoverageTests.calls("Mutation", schema)
        for call in calls {
            let body = try await client.graphQL2026("mutation {\(call.selection)}").json
            let codes = (body["errors"]?.arrayValue ?? []).compactMap { $0["extensions"]?["code"]?.stringValue }
            if codes.contains("SANDBOX_NOT_EMULATED") || codes.contains("INTERNAL_SERVER_ERROR") {
                unserved.append(call.name)
            }
        }
        #expect(calls.count == 41)
        #expect(unserved.isEmpty, "not emulated: \(unserved)")
    }
}
