import CommerceCore
import Foundation
import Testing

/// Hands the GraphQL documents `Buy` sent during a test to CI's graphql-core check
/// (Tests/RealClients/storefront_graphql_check.py), so a GraphQL implementation nobody here wrote validates
/// exactly what our client puts on the wire. The documents are read back from the sandbox's request journal,
/// keeping only requests that carry `Buy`'s SDK headers (raw-HTTP tests are left out); documents the sandbox
/// refused on purpose (J6's unknown fields) are kept apart, since no schema accepts them.
extension SandboxHarness {
    /// Where the documents go: `<package>/.build/storefront-documents/`, one JSON file per test.
    static var buyDocumentDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/storefront-documents", isDirectory: true)
    }

    /// The distinct documents `Buy` sent to this sandbox's Storefront endpoint, oldest first: those the sandbox
    /// executed (`data` in the answer) and those it refused as invalid (200 with `errors` only). Answers of
    /// other statuses (authentication, simulated faults) say nothing about the document and are left out.
    func buyDocuments() async throws -> (executed: [String], refused: [String]) {
        let (status, body) = try await call(.get, "/sandbox/requests?service=storefront&limit=10000")
        guard status == 200 else { return ([], []) }
        var executed: [String] = []
        var refused: [String] = []
        for entry in (body["requests"]?.arrayValue ?? []).reversed() {
            let headers = entry["request"]?["headers"]?.objectValue ?? [:]
            let sentByBuy = headers.keys.contains { $0.lowercased() == "x-sdk-variant" }
            guard sentByBuy, entry["status"]?.integerValue == 200,
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

    /// Writes this test's documents (if `Buy` sent any) to ``buyDocumentDirectory``, named after the test.
    func exportBuyDocuments() async throws {
        let (executed, refused) = try await buyDocuments()
        guard !executed.isEmpty || !refused.isEmpty else { return }
        // "Module.Suite/test()" without the source location, so a file keeps its name when lines move.
        let testName =
            Test.current.map { "\($0.id)".split(separator: "/").prefix(2).joined(separator: "/") }
            ?? "unnamed-\(UUID().uuidString)"
        let fileName = String(testName.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        let file: JSONValue = [
            "test": .string(testName), "documents": .array(executed.map { .string($0) }),
            "refused": .array(refused.map { .string($0) }),
        ]
        let directory = Self.buyDocumentDirectory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try file.serializedData().write(to: directory.appendingPathComponent(fileName + ".json"), options: .atomic)
    }
}
