import CommerceCore
import Foundation
import RezolveSDK
import Testing

/// The SSP OAuth proxy of spec §3.5.12 and its errors (§4.2), over real HTTP, and the SDK's bearer against it.
@Suite struct RezolveSspOAuthTests {
    static let seeded: JSONValue = [
        "clientId": "sbx-ssp-client", "clientSecret": "sbx-ssp-secret-not-a-secret",
        "apiAudience": "commercekit-sandbox-audience",
    ]

    @Test func seededClientGetsABearerValidForOneHourOfSandboxTime() async throws {
        try await SandboxHarness.with { sandbox async throws in
            #expect(
                try await sandbox.call(.post, "/sandbox/rezolve/clock/set", json: ["epochSeconds": 1_706_724_307])
                    .status == 200)
            let (status, body) = try await sandbox.call(.post, "/v1/OAuthProxy/token", json: Self.seeded)
            #expect(status == 200)
            #expect((body["bearerToken"]?.stringValue?.count ?? 0) >= 32)
            #expect(body["expirationUtc"]?.stringValue == "2024-01-31T19:05:07Z")
        }
    }

    @Test func wrongSecretUnknownClientOrAudienceAreAPlain401() async throws {
        try await SandboxHarness.with { sandbox async throws in
            for (field, value) in [("clientSecret", "nope"), ("clientId", "nobody"), ("apiAudience", "other")] {
                guard case .object(var credentials) = Self.seeded else { return }
                credentials[field] = .string(value)
                let response = try await sandbox.raw(
                    .post, "/v1/OAuthProxy/token", body: JSONValue.object(credentials).serializedData(),
                    contentType: "application/json")
                #expect(response.statusCode == 401)
                #expect(try JSONValue.parse(response.body) == ["title": "Unauthorized", "status": 401])
            }
        }
    }

    @Test func missingOrNonJSONCredentialsAre400NamingTheField() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let (status, body) = try await sandbox.call(
                .post, "/v1/OAuthProxy/token", json: ["clientId": "sbx-ssp-client"])
            #expect(status == 400)
            #expect(body["errors"]?["clientSecret"] != nil)
            #expect(body["errors"]?["apiAudience"] != nil)
            let garbage = try await sandbox.raw(
                .post, "/v1/OAuthProxy/token", body: Data("not json".utf8), contentType: "application/json")
            #expect(garbage.statusCode == 400)
        }
    }

    @Test func partnerCreatedThroughControlRouteGetsItsOwnSspClient() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let (_, partner) = try await sandbox.call(.post, "/sandbox/rezolve/partners", json: ["name": "SSP test"])
            let ssp = try #require(partner["ssp"])
            let (status, body) = try await sandbox.call(.post, "/v1/OAuthProxy/token", json: ssp)
            #expect(status == 200)
            #expect(body["bearerToken"]?.stringValue != nil)
        }
    }
}
