import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

/// The SSP bearer of spec §3.5.12 and the SSP retry rules of §3.10, over an in-memory transport.
@Suite struct SspBearerTests {
    private func client(_ fixture: SspFixture) throws -> SspClient {
        try #require(fixture.rezolve().createRezolveSsp()).client
    }

    @Test func withoutSettingsThereIsNoSspAndActsFailLocally() async throws {
        let fixture = SspFixture { _ in .json(200, "{}") }
        let rezolve = fixture.rezolve(settings: nil)
        #expect(rezolve.createRezolveSsp() == nil)
        #expect(throws: RezolveError.sspNotConfigured) {
            try SspActManager(client: nil, entityId: nil).requireClient()
        }
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test func oauthRequestCarriesTheSettingsCredentials() async throws {
        let fixture = SspFixture { _ in .json(200, "{}") }
        let client = try client(fixture)
        _ = try await client.send(SspRequest(method: .get, service: .engagement, path: "/v1/Engagements/act/a"))
        let oauth = try #require(fixture.transport.requests.first)
        #expect(oauth.method == .post)
        #expect(oauth.url.absoluteString == "http://oauth.test/v1/OAuthProxy/token")
        #expect(oauth.bodyText == #"{"apiAudience":"audience","clientId":"client","clientSecret":"secret"}"#)
        let call = try #require(fixture.serviceRequests.first)
        #expect(call.url.absoluteString == "http://ssp.test/v1/Engagements/act/a")
        #expect(call.headers["Authorization"] == "Bearer bearer-1")
        #expect(call.headers["Content-Type"] == "application/json")
    }

    @Test func bearerIsReusedUntilSixtySecondsBeforeExpiry() async throws {
        let fixture = SspFixture { _ in .json(200, "{}") }
        let client = try client(fixture)
        let get = SspRequest(method: .get, service: .engagement, path: "/v1/Engagements/act/a")
        _ = try await client.send(get)
        fixture.now.withLock { $0 += 3600 - 61 }
        _ = try await client.send(get)
        #expect(fixture.issued.get() == 1)
        fixture.now.withLock { $0 += 2 }  // now 59 s before expiry: refresh
        _ = try await client.send(get)
        #expect(fixture.issued.get() == 2)
        #expect(
            fixture.serviceRequests.map { $0.headers["Authorization"] } == [
                "Bearer bearer-1", "Bearer bearer-1", "Bearer bearer-2",
            ])
    }

    @Test func concurrentCallsShareOneTokenFetch() async throws {
        let fixture = SspFixture { _ in .json(200, "{}") }
        let client = try client(fixture)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    _ = try await client.send(SspRequest(method: .get, service: .engagement, path: "/x/\(index)"))
                }
            }
            try await group.waitForAll()
        }
        #expect(fixture.issued.get() == 1)
        #expect(fixture.serviceRequests.count == 8)
    }

    @Test func a401FetchesANewBearerAndRepeatsOnce() async throws {
        let fixture = SspFixture { request in
            request.headers["Authorization"] == "Bearer bearer-1"
                ? .json(401, #"{"title":"Unauthorized","status":401}"#) : .json(201, #"{"ok":true}"#)
        }
        let client = try client(fixture)
        let response = try await client.send(
            SspRequest(
                method: .post, service: .submissions, path: "/v1/submissions/act/a/answers", body: Data("{}".utf8)))
        #expect(response.statusCode == 201)
        #expect(fixture.issued.get() == 2)
        #expect(fixture.serviceRequests.count == 2)
    }

    @Test func aSecond401SurfacesAsAProblemWithoutAThirdAttempt() async throws {
        let fixture = SspFixture { _ in .json(401, #"{"title":"Unauthorized","status":401}"#) }
        let client = try client(fixture)
        await #expect(throws: RezolveError.sspProblem(status: 401, title: "Unauthorized", errors: [:])) {
            _ = try await client.send(SspRequest(method: .get, service: .engagement, path: "/v1/Engagements/act/a"))
        }
        #expect(fixture.serviceRequests.count == 2)
        #expect(fixture.issued.get() == 2)
    }

    @Test func badCredentialsAreAnSspProblem() async throws {
        let transport = InMemoryTransport { _ in .json(401, #"{"title":"Unauthorized","status":401}"#) }
        let fixture = SspFixture { _ in .json(200, "{}") }
        let cache = SspBearerCache(clock: { Fixture.now }) { () async throws(RezolveError) in
            let response: HTTPResponse
            do {
                response = try await transport.send(
                    HTTPRequest(method: .post, url: URL(string: "http://oauth.test/v1/OAuthProxy/token")!))
            } catch { throw .transport("\(error)") }
            throw SspProblemDecoding.error(status: response.statusCode, body: response.body)
        }
        await #expect(throws: RezolveError.sspProblem(status: 401, title: "Unauthorized", errors: [:])) {
            _ = try await cache.token()
        }
        #expect(cache.cached == nil)
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test func getsAreRetriedOn503ButPostsAreNot() async throws {
        let attempts = Locked(0)
        let fixture = SspFixture { _ in
            attempts.withLock { $0 += 1 }
            return .json(503, #"{"title":"Service Unavailable","status":503}"#)
        }
        let client = try client(fixture)
        await #expect(throws: RezolveError.sspProblem(status: 503, title: "Service Unavailable", errors: [:])) {
            _ = try await client.send(SspRequest(method: .get, service: .engagement, path: "/v1/Engagements/act/a"))
        }
        #expect(attempts.get() == 3)
        attempts.set(0)
        await #expect(throws: RezolveError.self) {
            _ = try await client.send(
                SspRequest(method: .post, service: .submissions, path: "/v1/submissions/act/a/answers"))
        }
        #expect(attempts.get() == 1)
    }

    @Test func problemDetailsKeepTheirFieldErrors() {
        let body = Data(
            #"{"title":"One or more validation errors occurred.","status":400,"errors":{"answers[1].answer":["Value is not an allowed option."]}}"#
                .utf8)
        #expect(
            SspProblemDecoding.error(status: 400, body: body)
                == .sspProblem(
                    status: 400, title: "One or more validation errors occurred.",
                    errors: ["answers[1].answer": ["Value is not an allowed option."]]))
    }

    @Test func createRezolveSspWithCompletionFetchesTheBearerFirst() async throws {
        let fixture = SspFixture { _ in .json(200, "{}") }
        let rezolve = fixture.rezolve()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = rezolve.createRezolveSsp { done.resume() }
        }
        #expect(fixture.issued.get() == 1)
        #expect(rezolve.sspClient?.bearer.cached?.token == "bearer-1")
    }
}
