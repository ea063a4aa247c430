import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J6 step 1 (client part): what an app sees through `Graph.Client` when its access token is
/// wrong or revoked, or the shop is unavailable.
@Suite struct StorefrontAccessFailureJourneyTests {
    private static func status(_ response: Graph.Response<Storefront.QueryRoot>) -> Int? {
        if case .http(let statusCode)? = response.error { return statusCode }
        return nil
    }

    @Test func wrongAndRevokedTokensMapToHTTPErrors() async throws {
        try await SandboxHarness.with { harness async throws in
            let wrong = await harness.storefrontClient(apiKey: "wrong").queryResponse(shopNameQuery())
            #expect(wrong.model == nil)
            #expect(Self.status(wrong) == 401)

            // A token the merchant issued works until it is revoked, then answers 403.
            let (created, issued) = try await harness.call(.post, "/sandbox/storefront/shops/1/tokens", json: [:])
            #expect(created == 201)
            let token = try #require(issued["token"]?.stringValue)
            let client = harness.storefrontClient(apiKey: token)
            #expect(try await client.query(shopNameQuery()).shop.name == "Sandbox Shoes")
            #expect(try await harness.call(.delete, "/sandbox/storefront/tokens/\(token)").status == 204)
            let revoked = await client.queryResponse(shopNameQuery())
            #expect(revoked.model == nil)
            #expect(Self.status(revoked) == 403)

            // The throwing form carries the same error.
            await #expect {
                _ = try await client.query(shopNameQuery())
            } throws: { error in
                if case Graph.QueryError.http(statusCode: 403) = error { return true }
                return false
            }

            // The callback form too.
            let callbackError: Graph.QueryError? = await withCheckedContinuation { continuation in
                client.queryGraphWith(shopNameQuery()) { _, error in continuation.resume(returning: error) }.resume()
            }
            if case .http(statusCode: 403)? = callbackError {
            } else {
                Issue.record("callback got \(String(describing: callbackError))")
            }
        }
    }

    @Test func unavailableShopMapsToHTTPErrors() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            for (state, expected) in [("frozen", 402), ("locked", 423)] {
                #expect(
                    try await harness.call(.put, "/sandbox/storefront/shops/1/state", json: ["state": .string(state)])
                        .status == 204)
                #expect(Self.status(await client.queryResponse(shopNameQuery())) == expected)
            }
            #expect(
                try await harness.call(.put, "/sandbox/storefront/shops/1/state", json: ["state": "active"]).status
                    == 204)
            #expect(try await client.query(shopNameQuery()).shop.name == "Sandbox Shoes")
        }
    }
}
