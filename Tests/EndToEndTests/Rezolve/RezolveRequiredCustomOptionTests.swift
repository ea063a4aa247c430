import CommerceCore
import Foundation
import RezolveSDK
import Testing

/// Spec §4.1, row "required custom option without a value", through the real client. The seeded catalogue has
/// no such product, so the test adds one with `POST /sandbox/rezolve/products`.
@Suite struct RezolveRequiredCustomOptionTests {
    static let expectedMessage = "Validation error: [Required custom option 4 was not provided. - #/custom_options]"

    @Test func cartAddAndOptionsRefuseAMissingRequiredCustomOption() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let journey = try await RezolveJourney.start(sandbox)
            let (status, _) = try await sandbox.call(
                .post, "/sandbox/rezolve/products",
                json: [
                    "id": 500, "merchantId": "12", "categoryId": 71, "name": "Engraved Keyring", "priceMinor": 1500,
                    "customOptions": [["optionId": 4, "title": "Engraving", "type": "field", "isRequire": true]],
                ])
            try #require(status == 201)
            let (_, _, session) = try await journey.customerSession()

            for missing in [
                CheckoutProduct(id: 500, quantity: 1),
                CheckoutProduct(
                    id: 500, quantity: 1, customOptions: [CustomConfigurableOption(optionId: 4, value: ["  "])]),
            ] {
                let cartError = await #expect(throws: RezolveError.self) {
                    _ = try await session.cartManager.createCartWithProduct(missing, merchantId: "12")
                }
                guard case .badRequest(let apiError)? = cartError else {
                    Issue.record("expected .badRequest, got \(String(describing: cartError))")
                    return
                }
                #expect(apiError == RezolveAPIError(type: "Bad Request", code: "6", message: Self.expectedMessage))

                let optionsError = await #expect(throws: RezolveError.self) {
                    _ = try await session.paymentOptionManager.getPaymentOptionFor(
                        checkoutProduct: missing, merchantId: "12")
                }
                #expect(
                    optionsError
                        == .badRequest(RezolveAPIError(type: "Bad Request", code: "6", message: Self.expectedMessage)))
            }
            #expect(try await session.cartManager.getCarts().isEmpty, "a refused line makes no cart")

            // With a value the same product goes into the cart.
            let engraved = CheckoutProduct(
                id: 500, quantity: 1, customOptions: [CustomConfigurableOption(optionId: 4, value: ["Ana"])])
            let cart = try await session.cartManager.createCartWithProduct(engraved, merchantId: "12")
            #expect(cart.products.map(\.id) == [500])
        }
    }
}
