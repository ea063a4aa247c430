import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J6 step 9: when the server writes `DateTime` with milliseconds (as the real service sometimes
/// does), Buy still decodes the same instants.
@Suite struct StorefrontFractionalDatesJourneyTests {
    @Test func fractionalSecondsDecodeToTheSameDates() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            let query = Storefront.buildQuery {
                $0
                    .node(id: SandboxIDs.id("Product", 1)) { $0.onProduct { $0.createdAt().updatedAt() } }
            }
            try await harness.simulate(["dateTimeFractionalSeconds": true])

            // The wire really carries milliseconds now.
            let raw = try await harness.call(
                .post, "/api/2021-10/graphql", json: ["query": .string(query.description)],
                headers: ["X-Shopify-Storefront-Access-Token": "sandbox-storefront-token"])
            #expect(raw.body["data"]?["node"]?["createdAt"]?.stringValue == "2017-05-01T00:00:00.000Z")

            let product = try #require(try await client.query(query).node as? Storefront.Product)
            #expect(product.createdAt == ISO8601.parse("2017-05-01T00:00:00Z"))
            #expect(product.updatedAt == ISO8601.parse("2017-05-30T12:00:00Z"))
        }
    }
}
