import CommerceCore
import CommerceSandbox
import CommerceTesting
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts a private in-memory sandbox on 127.0.0.1 and a free port for one test, and talks to its
/// control routes over real HTTP.
struct SandboxHarness {
    let sandbox: Sandbox
    let transport = URLSessionTransport()

    var baseURL: URL { sandbox.baseURL }

    /// Runs `body` against a fresh sandbox and stops it afterwards, even when `body` throws.
    @discardableResult
    static func with<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: (SandboxHarness) async throws -> T
    ) async throws -> T {
        try await Sandbox.withRunning { sandbox in
            let harness = SandboxHarness(sandbox: sandbox)
            let result = try await body(harness)
            // Best effort: CI's graphql-core check notices a journey whose documents are missing.
            try? await harness.exportBuyDocuments()
            return result
        }
    }

    /// Returns once the sandbox's journal holds an entry that `matches` keeps (at once if it already does): how a
    /// journey waits for a request the sandbox answers late, instead of polling the request log.
    func recorded(where matches: @escaping @Sendable (JournalEntry) -> Bool) async throws {
        let seen = TestSignal()
        sandbox.context.journal.observeRecords { if matches($0) { seen.fire() } }
        if sandbox.context.journal.entries().contains(where: matches) { return }
        try await seen.wait()
    }

    /// Sends a request to the sandbox and returns the status and the parsed JSON body (`null` when empty or not JSON).
    @discardableResult
    func call(_ method: HTTPMethod, _ path: String, json: JSONValue? = nil, headers: HTTPHeaders = [:])
        async throws -> (status: Int, body: JSONValue)
    {
        let response = try await raw(
            method, path, body: json?.serializedData(), headers: headers,
            contentType: json == nil ? nil : "application/json")
        return (response.statusCode, (try? JSONValue.parse(response.body)) ?? .null)
    }

    /// Sends a request and returns the whole HTTP response.
    func raw(
        _ method: HTTPMethod, _ path: String, body: Data? = nil, headers: HTTPHeaders = [:],
        contentType: String? = nil
    ) async throws -> HTTPResponse {
        guard let url = URL(string: baseURL.absoluteString + path) else { throw HarnessError.badPath(path) }
        var allHeaders = headers
        if let contentType { allHeaders["Content-Type"] = contentType }
        return try await transport.send(HTTPRequest(method: method, url: url, headers: allHeaders, body: body))
    }
}

enum HarnessError: Error {
    case badPath(String)
}
