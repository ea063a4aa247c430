import CommerceCore
import Foundation
import Testing

/// Journey J6 steps 1 (raw HTTP part) and 10: malformed requests a buggy or hostile client could send get
/// a 4xx, or a 200 with `errors` — never a 5xx.
@Suite struct StorefrontRawHTTPJourneyTests {
    private static let token: HTTPHeaders = ["X-Shopify-Storefront-Access-Token": "sandbox-storefront-token"]

    private static func send(
        _ harness: SandboxHarness, _ body: String, path: String = "/api/2021-10/graphql",
        contentType: String = "application/json"
    ) async throws -> (status: Int, body: JSONValue) {
        let response = try await harness.raw(
            .post, path, body: Data(body.utf8), headers: token, contentType: contentType)
        return (response.statusCode, (try? JSONValue.parse(response.body)) ?? .null)
    }

    private static func firstMessage(_ body: JSONValue) -> String? { body["errors"]?[0]?["message"]?.stringValue }

    @Test func badRequestsGetTheDocumentedStatuses() async throws {
        try await SandboxHarness.with { harness async throws in
            let version = try await Self.send(harness, #"{"query":"query {shop{name}}"}"#, path: "/api/2024-01/graphql")
            #expect(version.status == 404)
            #expect(
                Self.firstMessage(version.body)
                    == "API version 2024-01 is not served by this sandbox; served versions: 2021-10, 2026-04.")

            let malformed = try await Self.send(harness, #"{"query":"#)
            #expect(malformed.status == 400)
            #expect(Self.firstMessage(malformed.body) == "Request body is not valid JSON.")

            let xml = try await Self.send(harness, "<query/>", contentType: "application/xml")
            #expect(xml.status == 415)

            let get = try await harness.raw(.get, "/api/2021-10/graphql", headers: Self.token)
            #expect(get.statusCode == 405)
            #expect(get.headers["Allow"] == "POST")
        }
    }

    @Test func robustnessSweepNeverAnswersWithA5xx() async throws {
        try await SandboxHarness.with { harness async throws in
            let nested = "query {" + String(repeating: "shop{", count: 60) + "name" + String(repeating: "}", count: 61)
            let bodies: [(String, String)] = [
                ("empty body", ""),
                ("null query", #"{"query":null}"#),
                ("empty query", #"{"query":""}"#),
                ("60 nested selections", JSONValue.object(["query": .string(nested)]).serialized()),
                ("unknown mutation field", #"{"query":"mutation {launchRocket(id:\"1\"){id}}"}"#),
                (
                    "2 MiB body",
                    #"{"query":"query {shop{name}}","pad":""# + String(repeating: "x", count: 2 * 1024 * 1024) + #""}"#
                ),
            ]
            for (label, body) in bodies {
                let answer = try await Self.send(harness, body)
                let ok =
                    (400..<500).contains(answer.status)
                    || (answer.status == 200 && answer.body["errors"]?.arrayValue?.isEmpty == false)
                #expect(ok, "\(label): \(answer.status) \(answer.body.serialized().prefix(200))")
                if label == "2 MiB body" { #expect(answer.status == 413) }
                if label == "60 nested selections" || label == "unknown mutation field" {
                    #expect(answer.status == 200 && answer.body["data"] == nil, "\(label) should be a validation error")
                }
            }
            let statuses = try await harness.storefrontRequests().compactMap { $0["status"]?.integerValue }
            #expect(statuses.count == bodies.count)
            #expect(statuses.allSatisfy { $0 < 500 })
        }
    }
}
