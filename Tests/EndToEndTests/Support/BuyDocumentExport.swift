import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

/// Hands the GraphQL documents `Buy` sent during a test to CI's graphql-core check
/// (Tests/RealClients/storefront_graphql_check.py), so a GraphQL implementation nobody here wrote validates
/// exactly what our client puts on the wire. The documents are read back from the sandbox's request journal,
/// keeping only requests that carry `Buy`'s SDK headers (raw-HTTP tests are left out); documents the sandbox
/// refused on purpose (J6's unknown fields) are kept apart, since no schema accepts them.
extension SandboxHarness {
    /// The distinct documents `Buy` sent to this sandbox's Storefront endpoint of `version`, oldest first: those
    /// the sandbox executed (`data` in the answer) and those it refused as invalid (200 with `errors` only). Answers of
    /// other statuses (authentication, simulated faults) say nothing about the document and are left out.
    func buyDocuments(version: String = "2021-10") async throws -> (executed: [String], refused: [String]) {
        let (status, body) = try await call(.get, "/sandbox/requests?service=storefront&limit=10000")
        guard status == 200 else { return ([], []) }
        var executed: [String] = []
        var refused: [String] = []
        for entry in (body["requests"]?.arrayValue ?? []).reversed() {
            let headers = entry["request"]?["headers"]?.objectValue ?? [:]
            let sentByBuy = headers.keys.contains { $0.lowercased() == "x-sdk-variant" }
            guard sentByBuy, entry["status"]?.integerValue == 200,
                entry["path"]?.stringValue?.hasPrefix("/api/\(version)/") == true,
                let document = entry["request"]?["body"]?["query"]?.stringValue
            else { continue }
            // Bodies over the journal's limit are kept as text; the writer always puts `data` first.
            let answer = entry["response"]?["body"]
            let hasData = answer?["data"] != nil || answer?.stringValue?.hasPrefix(#"{"data":"#) == true
            if hasData {
                if !executed.contains(document) { executed.append(document) }
            } else if !refused.contains(document) {
                refused.append(document)
            }
        }
        return (executed, refused.filter { !executed.contains($0) })
    }

    /// Writes this test's documents (if `Buy` sent any), named after the test: 2021-10's to
    /// `.build/storefront-documents/`, 2026-04's (sent with the Storefront2026_04 models) to
    /// `.build/storefront-documents-2026-04/`, each checked against its own schema.
    func exportBuyDocuments() async throws {
        let testName = GraphQLDocumentExport.testName(Test.current.map { "\($0.id)" })
        for (version, folder) in [("2021-10", "storefront-documents"), ("2026-04", "storefront-documents-2026-04")] {
            let (executed, refused) = try await buyDocuments(version: version)
            guard !executed.isEmpty || !refused.isEmpty else { continue }
            let file: JSONValue = [
                "test": .string(testName), "documents": .array(executed.map { .string($0) }),
                "refused": .array(refused.map { .string($0) }),
            ]
            try GraphQLDocumentExport.write(file, test: testName, folder: folder)
        }
    }
}
