import CommerceCore
import CommerceSandbox
import Foundation
import Testing

/// CommerceCore's URLSession transport against a real server on loopback.
@Suite struct URLSessionTransportTests {
    /// Faults apply to vendor paths only, so the slow answer is a 404 for a path no service owns, delayed.
    private static let path = "/transport-probe"

    private func slowPing(_ sandbox: SandboxHarness, delayMilliseconds: Int) throws {
        try sandbox.sandbox.context.faults.add(
            FaultRule(
                method: .get, path: .exact(Self.path), count: 1, timing: .after,
                delayMilliseconds: delayMilliseconds))
    }

    private func ping(_ sandbox: SandboxHarness, timeout: Duration) async throws -> HTTPResponse {
        let url = try #require(URL(string: sandbox.baseURL.absoluteString + Self.path))
        return try await URLSessionTransport().send(HTTPRequest(method: .get, url: url, timeout: timeout))
    }

    @Test func subSecondTimeoutLetsAQuickEnoughAnswerThrough() async throws {
        try await SandboxHarness.with { sandbox async throws in
            // Warm up first: in a full parallel test run, a new sandbox's first answer alone can take over a
            // second, which is load, not the sub-second timeout this test is about.
            _ = try await ping(sandbox, timeout: .seconds(30))
            // A sub-second timeout mistaken for zero (or for seconds as milliseconds) fails every attempt; a
            // loaded parallel run may starve an attempt, so six are allowed.
            var answered: Int?
            for _ in 0..<6 where answered == nil {
                try slowPing(sandbox, delayMilliseconds: 50)
                answered = try? await ping(sandbox, timeout: .milliseconds(900)).statusCode
            }
            #expect(answered == 404)
        }
    }

    @Test func answerSlowerThanTheTimeoutIsATimeout() async throws {
        try await SandboxHarness.with { sandbox async throws in
            try slowPing(sandbox, delayMilliseconds: 1500)
            await #expect(throws: TransportError.timedOut) { _ = try await ping(sandbox, timeout: .milliseconds(200)) }
        }
    }

    @Test func unreachableServerIsAConnectionFailure() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/nothing"))
        await #expect(throws: TransportError.self) {
            _ = try await URLSessionTransport().send(HTTPRequest(method: .get, url: url, timeout: .seconds(5)))
        }
    }

    @Test func headersAndBodyTravelBothWays() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let response = try await sandbox.raw(
                .post, "/v1/order", body: Data("{}".utf8),
                headers: ["Authorization": "Basic c2stc2FuZGJveDo="], contentType: "application/json")
            #expect(response.statusCode == 400)
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
            #expect(try JSONValue.parse(response.body)["meta"]?["status"] == "error")
        }
    }
}
