import CommerceCore
import Foundation
import RezolvePartnerServer
import RezolveSDK
import Testing

/// J3 of spec §7: carts, click and collect, and an external payment the partner's server approves.
@Suite struct RezolveCartJourneyTests {
    @Test func cartClickAndCollectAndExternalPayment() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let journey = try await RezolveJourney.start(sandbox)
            let (_, _, session) = try await journey.customerSession()

            // 1. The same line twice makes one line of 2; another merchant's product makes a second cart.
            _ = try await session.cartManager.createCartWithProduct(
                RezolveJourney.redMediumTee(quantity: 1), merchantId: "12")
            let teeCart = try await session.cartManager.createCartWithProduct(
                RezolveJourney.redMediumTee(quantity: 1), merchantId: "12")
            #expect(teeCart.products.map(\.quantity) == [2])
            let bookCart = try await session.cartManager.createCartWithProduct(
                CheckoutProduct(id: 8, quantity: 1), merchantId: "2")
            #expect(bookCart.id != teeCart.id)
            #expect(Set(try await session.cartManager.getCarts().map(\.id)) == [teeCart.id, bookCart.id])

            // 2. One option for the cart, with a pickup entry per store; store 2 is click and collect.
            let options = try await session.paymentOptionManager.getPaymentOptionsForCartWith(
                merchantId: "12", cartId: teeCart.id)
            #expect(options.count == 1)
            let option = try #require(options.first)
            let pickups = option.supportedDeliveryMethods.filter { $0.methodCode == "storepickup" }
            #expect(Set(pickups.compactMap(\.pickupStore)) == [1, 2])
            let manhattan = try #require(pickups.first { $0.pickupStore == 2 })
            #expect(manhattan.isClickAndCollect)
            #expect(manhattan.storeDetails?.name == "Manhattan Store")

            // 3. Pickup at store 2, paid outside Rezolve: no shipping, 40 + 4 tax.
            let external = try #require(option.supportedPaymentMethods.first { $0.type == "external" })
            let bundle = CheckoutBundle(
                cartId: teeCart.id, shippingMethod: CheckoutShippingMethod(type: "storepickup", pickupStore: 2),
                merchantId: "12", optionId: option.id, paymentMethod: external,
                paymentRequest: nil, phoneId: nil, location: nil)
            let price = try await session.checkoutManager.checkout(bundle: bundle)
            #expect(price.finalPrice == 44)

            // 4. Buying answers a payment id; the order waits for it and only the bought cart is gone.
            let order = try await session.checkoutManager.buy(bundle: bundle)
            let paymentId = try #require(order.externalPaymentId)
            #expect(UUID(uuidString: paymentId) != nil)
            let waiting = try await session.userActivityManager.getOrder(id: order.id)
            #expect(waiting.status == .pending)
            #expect(waiting.paymentStatus == "awaiting_external")
            #expect(try await session.cartManager.getCarts().map(\.id) == [bookCart.id])

            // 5. The partner's server approves once; a second report is refused.
            #expect(try await journey.paymentCallback.report(.approve, paymentId: paymentId) == .applied)
            #expect(try await journey.paymentCallback.report(.approve, paymentId: paymentId) == .alreadyDecided)
            #expect(journey.transport.outcomes("/external/callback/\(paymentId)") == [.status(204), .status(422)])
            let approved = try await session.userActivityManager.getOrder(id: order.id)
            #expect(approved.paymentStatus == "approved")
            #expect(approved.storeDetails?.name == "Manhattan Store")

            // 6. Bad input comes back as the sandbox's messages.
            let single = RezolveJourney.redMediumTee(quantity: 1)
            let productOption = try await session.paymentOptionManager.getPaymentOptionFor(
                checkoutProduct: single, merchantId: "12")
            let unknownStore = CheckoutBundle(
                checkoutProduct: single, shippingMethod: CheckoutShippingMethod(type: "storepickup", pickupStore: 9),
                merchantId: "12", optionId: productOption.id, paymentMethod: external,
                paymentRequest: nil, phoneId: nil, location: nil)
            let storeError = await #expect(throws: RezolveError.self) {
                _ = try await session.checkoutManager.checkout(bundle: unknownStore)
            }
            guard case .badRequest(let storeAPIError)? = storeError else {
                Issue.record("expected .badRequest, got \(String(describing: storeError))")
                return
            }
            #expect(storeAPIError.message == "Validation error: [Invalid pickup store - 9]")

            let tooMany = await #expect(throws: RezolveError.self) {
                _ = try await session.paymentOptionManager.getPaymentOptionFor(
                    checkoutProduct: CheckoutProduct(id: 7, quantity: 6),
                    merchantId: "12")
            }
            guard case .badRequest(let limitError)? = tooMany else {
                Issue.record("expected .badRequest, got \(String(describing: tooMany))")
                return
            }
            #expect(limitError.message == "The most you may purchase is 5.")
        }
    }
}
