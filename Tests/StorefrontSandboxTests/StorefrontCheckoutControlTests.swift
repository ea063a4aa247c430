import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The checkout control routes (spec §5.16): internal state and the web checkout, whose result the app
/// sees only by polling (§5.10).
@Suite struct StorefrontCheckoutControlTests {
    /// The token inside a Checkout ID.
    func token(_ id: String) throws -> String {
        let raw = try #require(GID.decode(id))
        return try #require(raw.split(separator: "/").last?.split(separator: "?").first.map(String.init))
    }

    @Test func webCheckoutCompletesThroughPolling() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let (id, _) = try await steps.readyToPay()
        let checkoutToken = try token(id)

        let state = try await client.control(.get, "/sandbox/storefront/checkouts/\(checkoutToken)")
        #expect(state.status == 200)
        #expect(state.json["status"] == "open")
        #expect(state.json["totals"]?["total"] == "295.89")

        let completed = try await client.control(.post, "/sandbox/storefront/checkouts/\(checkoutToken)/complete")
        #expect(completed.status == 202)
        #expect(completed.json["paymentId"]?.stringValue != nil)
        #expect(try await steps.order(id)["order"] == .null)
        #expect(try await steps.order(id)["order"]?["orderNumber"] == 1001)
    }

    @Test func webCheckoutReportsWhatIsMissing() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let checkoutToken = try token(try await steps.createJ2())
        let refused = try await client.control(.post, "/sandbox/storefront/checkouts/\(checkoutToken)/complete")
        #expect(refused.status == 422)
        #expect(refused.json["errors"]?[0] == checkoutError("BLANK", ["email"], "Email can't be blank"))
        #expect(refused.json["errors"]?.arrayValue?.count == 3)
        let unknown = try await client.control(.post, "/sandbox/storefront/checkouts/nope/complete")
        #expect(unknown.status == 404)
    }
}
