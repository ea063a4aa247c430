import Buy
import CommerceCore
import CommerceSandbox
import Foundation
import Pay
import Testing

/// Journey J3 (spec §7): Apple Pay through `PaySession` and a tokenized payment. The buyer is played by
/// `SimulatedAuthorizationController`, the app by ``ApplePayJourneyDelegate``, which keeps a real sandbox
/// checkout in step through `Buy`; every step's request counts and summary items are asserted.
@MainActor @Suite struct StorefrontApplePayJourneyTests {
    private let currency = PayCurrency(currencyCode: "CAD", countryCode: "CA")
    private let standard = "sandbox-standard-10.00"
    private let express = "sandbox-express-25.00"

    /// What the sheet shows, one "LABEL amount" string per summary item.
    private func lines(_ items: [PaySummaryItem]) -> [String] {
        items.map { "\($0.label) \($0.amount)" }
    }

    private func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Runs `body` against a fresh in-process sandbox on the main actor (the session lives there).
    private func withSandbox(_ body: (SandboxHarness) async throws -> Void) async throws {
        try await SandboxHarness.with { harness in
            // Checkouts get ready after a number of polls or, by default, after 10 s: this journey counts polls,
            // so the time limit is moved out of reach of a slow machine (an ASan run took 39 minutes).
            try await harness.simulate(["asyncDeadlineSeconds": 86_400])
            try await body(harness)
        }
    }

    private func makeSession(_ checkout: PayCheckout, delegate: ApplePayJourneyDelegate) -> (
        PaySession, SimulatedAuthorizationController
    ) {
        let sheet = SimulatedAuthorizationController()
        let session = PaySession(
            shopName: "Sandbox Shoes", checkout: checkout, currency: currency,
            merchantID: "merchant.dev.commercekit.sandbox", controller: sheet)
        session.delegate = delegate
        return (session, sheet)
    }

    @Test func applePayWithTokenizedPayment() async throws {
        try await withSandbox { harness in
            let client = harness.storefrontClient()

            // 1. A checkout that allows partial addresses; its PayCheckout once ready.
            let calls = ApplePayStorefrontCalls(
                client: client, harness: harness,
                checkoutID: try await ApplePayStorefrontCalls.createCheckout(client: client))
            let start = try await calls.pollPayCheckout()
            #expect(calls.polls.current == ["ready 2"])
            #expect(start.lineItems == [PayLineItem(price: 89, quantity: 1)])
            #expect(start.subtotalPrice == 89 && start.totalTax == 0 && start.paymentDue == 89)
            #expect(start.needsShipping)
            #expect(start.currencyCode == "CAD")

            // 2. The sheet opens with the cart's summary and the default networks.
            let delegate = ApplePayJourneyDelegate(calls: calls)
            let (session, sheet) = makeSession(start, delegate: delegate)
            session.authorize()
            let request = try #require(sheet.presentedRequest)
            #expect(lines(request.summaryItems) == ["CART TOTAL 89", "SUBTOTAL 89", "Sandbox Shoes 89"])
            #expect(request.supportedCardBrands == [.visa, .masterCard, .americanExpress])

            // 3. A partial contact: padded zip, address accepted, rates polled, Standard preselected by the session.
            let partial = PayContact(
                postalAddress: .init(
                    city: "Toronto", state: "ON", postalCode: "M5V", country: "Canada",
                    isoCountryCode: "CA"))
            let (status, methods, summary) = await sheet.selectShippingContact(partial)
            #expect(delegate.failures.isEmpty, "\(delegate.failures)")
            #expect(delegate.postalAddresses.first?.zip == "M5V 0Z0")
            #expect(delegate.postalAddresses.first?.isPadded == true)
            #expect(delegate.events == ["rates", "select \(standard)"])
            #expect(calls.polls.current == ["ready 2", "rates 2", "ready 2", "ready 2"])
            #expect(status == .success)
            #expect(methods.map(\.identifier) == [standard, express])
            #expect(
                lines(summary) == [
                    "CART TOTAL 89", "SUBTOTAL 89", "SHIPPING 10", "TAXES 11.57", "Sandbox Shoes 110.57",
                ])

            // 4. The buyer picks Express.
            let (methodStatus, methodSummary) = await sheet.selectShippingMethod(identifier: express)
            #expect(delegate.failures.isEmpty, "\(delegate.failures)")
            #expect(delegate.events.last == "select \(express)")
            #expect(calls.polls.current.suffix(1) == ["ready 2"])
            #expect(methodStatus == .success)
            #expect(
                lines(methodSummary) == [
                    "CART TOTAL 89", "SUBTOTAL 89", "SHIPPING 25", "TAXES 11.57", "Sandbox Shoes 125.57",
                ])

            // 5. Authorisation with full contacts: full address and email sent, Express kept, tokenized
            // completion with the session's identifier as idempotency key, order polled.
            let john = PayContact(
                firstName: "John", lastName: "Smith", email: "john.smith@example.com",
                postalAddress: .init(
                    street: "80 Spadina Ave.", city: "Toronto", state: "ON",
                    postalCode: "M5V 2J4", country: "Canada", isoCountryCode: "CA"))
            let payment = PayPayment.simulated(
                outcome: .approve, billingContact: john, shippingContact: john,
                shippingMethodIdentifier: express)
            let paid = await sheet.authorize(payment)
            #expect(delegate.failures.isEmpty, "\(delegate.failures)")
            let authorization = try #require(delegate.authorizations.first)
            #expect(authorization.shippingAddress.addressLine1 == "80 Spadina Ave.")
            #expect(authorization.shippingRate?.handle == express)
            #expect(authorization.token == String(decoding: payment.paymentData, as: UTF8.self))
            let beforeCompletion = try #require(delegate.checkoutBeforeCompletion)
            #expect(beforeCompletion.shippingRate?.handle == express)
            #expect(beforeCompletion.paymentDue == decimal("125.57"))
            #expect(delegate.payment?.ready == false)
            #expect(calls.polls.current.suffix(2) == ["ready 2", "order 2"])
            #expect(delegate.order?.number == 1001)
            #expect(delegate.order?.total == decimal("125.57"))
            #expect(paid == .success)
            #expect(session.state == .authorized(.success))

            // The key was the session's identifier: the same completion again is the same payment (P12).
            let completer: any TokenizedCompleting = calls
            let again = try await completer.completeWithTokenizedPayment(
                amount: try #require(decimal("125.57")), idempotencyKey: session.identifier,
                billing: authorization.billingAddress, token: authorization.token)
            #expect(again.paymentID == delegate.payment?.paymentID)
            let orders = try await harness.call(.get, "/sandbox/storefront/shops/1/orders").body
            #expect(orders.arrayValue?.count == 1)

            // 6. The sheet closes: the delegate hears it once.
            await sheet.finish()
            await sheet.finish()
            #expect(delegate.events.filter { $0 == "finish" }.count == 1)
            #expect(session.state == .finished)

            // 7. Bad address path, in a second session on a second checkout.
            let badCalls = ApplePayStorefrontCalls(
                client: client, harness: harness,
                checkoutID: try await ApplePayStorefrontCalls.createCheckout(client: client))
            let badDelegate = ApplePayJourneyDelegate(calls: badCalls)
            let (badSession, badSheet) = makeSession(try await badCalls.pollPayCheckout(), delegate: badDelegate)
            badSession.authorize()
            let opening = try #require(badSheet.presentedRequest).summaryItems
            #expect(lines(opening) == ["CART TOTAL 89", "SUBTOTAL 89", "Sandbox Shoes 89"])
            let nowhere = PayContact(
                postalAddress: .init(
                    city: "Toronto", state: "ON", postalCode: "X0X 0X0", country: "Canada",
                    isoCountryCode: "CA"))
            let (badStatus, badMethods, badSummary) = await badSheet.selectShippingContact(nowhere)
            #expect(badDelegate.failures.isEmpty, "\(badDelegate.failures)")
            #expect(badDelegate.events == ["rates"])
            #expect(badCalls.polls.current == ["ready 2", "rates 2", "ready 2"])
            #expect(badStatus == .invalidShippingPostalAddress)
            #expect(badMethods.isEmpty)
            #expect(badSummary == opening)
            // The delegate provided a checkout with CA tax; the session keeps its own, as the sheet shows.
            #expect(badDelegate.ratesCheckouts.last?.totalTax == decimal("11.57"))
            #expect(badSession.checkout.totalTax == 0)

            let noAddress = PayContact(firstName: "John", lastName: "Smith")
            let (bareStatus, bareMethods, bareSummary) = await badSheet.selectShippingContact(noAddress)
            #expect(bareStatus == .invalidShippingPostalAddress)
            #expect(bareMethods.isEmpty)
            #expect(bareSummary == opening)
            #expect(badDelegate.events == ["rates"])
            #expect(badCalls.polls.current.count == 3)

            try await harness.expectEveryRequestTagged(atLeast: 20)
        }
    }
}
