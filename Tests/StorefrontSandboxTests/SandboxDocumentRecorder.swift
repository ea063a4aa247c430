import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

/// Every document the Storefront sandbox tests post to `/api/<version>/graphql(.json)`, with the sandbox's verdict,
/// for CI's graphql-core check (Tests/RealClients/storefront_graphql_check.py --sandbox), which must agree: what the
/// sandbox accepted is valid for graphql-core too, what it refused as invalid GraphQL is invalid there as well.
/// Written to `.build/storefront-documents-<version>-sandbox/`, one file per test, rewritten after each request
/// because the in-process client has no end-of-test hook.
enum SandboxDocumentRecorder {
    private static let recorded = Locked<[String: [JSONValue]]>([:])

    /// Records one request if it was a JSON POST to a served Storefront version's GraphQL endpoint. Answers other
    /// than 200 (authentication, unserved versions, unreadable bodies) say nothing about the document.
    static func record(path: String, body: Data, status: Int, answer: JSONValue) {
        guard status == 200,
            let version = ["2021-10", "2026-04"].first(where: { path.hasPrefix("/api/\($0)/graphql") }),
            let request = try? JSONValue.parse(body), let document = request["query"]?.stringValue,
            let fields = answer.objectValue
        else { return }
        var entry: JSONObject = ["document": .string(document)]
        if let variables = request["variables"], !variables.isNull { entry["variables"] = variables }
        if let name = request["operationName"]?.stringValue { entry["operationName"] = .string(name) }
        // Executed means it passed parsing, validation, operation choice and variable coercion: `data` is an object,
        // or `null` because a non-null root field failed (an error with a `path`). Validation errors answer no `data`
        // (their graphql-ruby `path` names the document's fields); a variable or operation-choice error answers
        // `"data": null` (GraphQLSwift writes it) with errors that have no `path`.
        let errors = answer["errors"]?.arrayValue ?? []
        let accepted =
            fields["data"]?.objectValue != nil || (fields["data"] != nil && errors.contains { $0["path"] != nil })
        entry["accepted"] = .bool(accepted)
        if !accepted {
            entry["errors"] = .array(
                errors.map { error in
                    [
                        "message": error["message"] ?? .null,
                        "code": error["extensions"]?["code"] ?? .null,
                    ]
                })
        }
        let test = GraphQLDocumentExport.testName(Test.current.map { "\($0.id)" })
        let folder = "storefront-documents-\(version)-sandbox"
        recorded.withLock { all in
            let key = folder + "/" + test
            let entryValue = JSONValue.object(entry)
            guard !(all[key] ?? []).contains(entryValue) else { return }
            all[key, default: []].append(entryValue)
            // Under the lock, so two requests of one test cannot write their files out of order.
            try? GraphQLDocumentExport.write(
                ["test": .string(test), "requests": .array(all[key] ?? [])], test: test, folder: folder)
        }
    }
}
