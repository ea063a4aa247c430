import Foundation
import Testing

@testable import Pay

/// Whole Apple Pay flows through ``SimulatedAuthorizationController`` (spec §3.9.3, §6.6 session paths,
/// J3 steps 2–7 with a delegate standing in for the Storefront calls).
@MainActor @Suite struct PaySessionFlowTests {
    private let currency = PayCurrency(currencyCode: "CAD", countryCode: "CA")

    private func makeSession(_ checkout: PayCheckout) -> (
        PaySession, SimulatedAuthorizationController, RecordingDelegate
    ) {
        let sheet = SimulatedAuthorizationController()
        let session = PaySession(
            shopName: "Sandbox Shoes", checkout: checkout, currency: currency,
            merchantID: "merchant.dev.commercekit.sandbox", controller: sheet)
        let delegate = RecordingDelegate()
        session.delegate = delegate
        return (session, sheet, delegate)
    }

    private func shippingCheckout() -> PayCheckout {
        PayCheckout(
            id: "c", lineItems: [PayLineItem(price: 89, quantity: 1)], giftCards: nil, discount: nil,
            shippingDiscount: nil,
            shippingAddress: nil, shippingRate: nil, currencyCode: "CAD", totalDuties: nil, subtotalPrice: 89,
            needsShipping: true, totalTax: 0, paymentDue: 89)
    }

    @Test func authorizePresentsTheRequest() throws {
        let (session, sheet, _) = makeSession(shippingCheckout())
        #expect(session.state == .idle)
        session.authorize()
        let request = try #require(sheet.presentedRequest)
        #expect(session.state == .presenting)
        #expect(sheet.isPresented)
        #expect(pairs(request.summaryItems) == ["CART TOTAL 89", "SUBTOTAL 89", "Sandbox Shoes 89"])
        #expect(request.supportedCardBrands == [.visa, .masterCard, .americanExpress])
        #expect(request.countryCode == "CA" && request.currencyCode == "CAD")
        #expect(request.merchantIdentifier == "merchant.dev.commercekit.sandbox")
        #expect(request.requiredBillingContactFields == [.postalAddress, .name, .phone, .email])
        #expect(request.requiredShippingContactFields == [.postalAddress, .name, .phone, .email])
        #expect(request.merchantCapabilities == [.threeDSecure])

        // A second authorize() changes nothing.
        session.acceptedCardBrands = [.visa]
        session.authorize()
        #expect(sheet.presentedRequest?.supportedCardBrands == [.visa, .masterCard, .americanExpress])
    }

    @Test func shippingFlowFromPartialAddressToPayment() async throws {
        let (session, sheet, delegate) = makeSession(shippingCheckout())
        var withRates = shippingCheckout()
        withRates.totalTax = dec("11.57")
        delegate.ratesAnswer = (withRates, [standard, express])
        session.authorize()

        let (status, methods, summary) = await sheet.selectShippingContact(torontoPartial)
        #expect(status == .success)
        #expect(methods.map(\.identifier) == ["sandbox-standard-10.00", "sandbox-express-25.00"])
        #expect(methods.map(\.detail) == ["No delivery estimate provided.", "No delivery estimate provided."])
        #expect(pairs(summary) == ["CART TOTAL 89", "SUBTOTAL 89", "SHIPPING 10", "TAXES 11.57", "Sandbox Shoes 99"])
        // The session selected the first rate by itself, right after the rates arrived.
        #expect(delegate.calls == ["rates", "select sandbox-standard-10.00"])
        #expect(delegate.addresses.first?.zip == "M5V 0Z0")
        #expect(delegate.addresses.first?.isPadded == true)
        #expect(session.shippingRates == [standard, express])
        #expect(session.state == .presenting)

        let (methodStatus, methodSummary) = await sheet.selectShippingMethod(identifier: "sandbox-express-25.00")
        #expect(methodStatus == .success)
        #expect(pairs(methodSummary).contains("SHIPPING 25"))
        #expect(session.checkout.shippingRate == express)

        let payment = PayPayment.simulated(
            outcome: .approve, billingContact: johnSmith, shippingContact: johnSmith,
            shippingMethodIdentifier: "sandbox-express-25.00")
        #expect(await sheet.authorize(payment) == .success)
        let authorization = try #require(delegate.authorizations.first)
        #expect(authorization.token == String(decoding: payment.paymentData, as: UTF8.self))
        #expect(authorization.shippingAddress.addressLine1 == "80 Spadina Ave.")
        #expect(authorization.billingAddress.lastName == "Smith")
        #expect(authorization.shippingRate == express)
        #expect(session.state == .authorized(.success))

        await sheet.finish()
        await sheet.finish()
        #expect(delegate.finishCount == 1)
        #expect(sheet.dismissCount == 1)
        #expect(session.state == .finished)
    }

    @Test func emptyRatesOrNoPostalAddressMeanAnInvalidAddress() async {
        let (session, sheet, delegate) = makeSession(shippingCheckout())
        delegate.ratesAnswer = (shippingCheckout(), [])
        session.authorize()
        let unchanged = ["CART TOTAL 89", "SUBTOTAL 89", "Sandbox Shoes 89"]

        let empty = await sheet.selectShippingContact(torontoPartial)
        #expect(empty.0 == .invalidShippingPostalAddress && empty.1.isEmpty && pairs(empty.2) == unchanged)
        #expect(delegate.calls == ["rates"])

        delegate.ratesAnswer = (nil, [standard])
        let noCheckout = await sheet.selectShippingContact(torontoPartial)
        #expect(noCheckout.0 == .invalidShippingPostalAddress && pairs(noCheckout.2) == unchanged)

        let noAddress = await sheet.selectShippingContact(PayContact(firstName: "John"))
        #expect(noAddress.0 == .invalidShippingPostalAddress && pairs(noAddress.2) == unchanged)
        let noContact = await sheet.selectShippingContact(nil)
        #expect(noContact.0 == .invalidShippingPostalAddress)
        #expect(delegate.calls == ["rates", "rates"])
        #expect(session.state == .presenting)
    }

    @Test func checkoutWithoutShippingUpdatesTheAddress() async {
        let (session, sheet, delegate) = makeSession(fixtureCheckout())
        var taxed = fixtureCheckout()
        taxed.totalTax = 7
        delegate.addressAnswer = taxed
        session.authorize()

        let reply = await sheet.selectShippingContact(torontoPartial)
        #expect(reply.0 == .success && reply.1.isEmpty)
        #expect(pairs(reply.2) == ["CART TOTAL 44", "SUBTOTAL 44", "TAXES 7", "Sandbox Shoes 50"])
        #expect(delegate.calls == ["address"])

        delegate.addressAnswer = nil
        let failed = await sheet.selectShippingContact(torontoPartial)
        #expect(failed.0 == .failure && failed.1.isEmpty && failed.2.isEmpty)
        #expect(session.state == .presenting)

        // Nothing ships, so the authorisation carries no rate even when the sheet names one.
        let payment = PayPayment(paymentData: Data("token".utf8), shippingMethodIdentifier: "sandbox-standard-10.00")
        #expect(await sheet.authorize(payment) == .success)
        #expect(delegate.authorizations.first?.shippingRate == nil)
        #expect(delegate.authorizations.first?.shippingAddress == PayAddress())
        #expect(delegate.authorizations.first?.billingAddress == PayAddress())
    }

    @Test func failuresFromTheDelegateReachTheSheet() async {
        let (session, sheet, delegate) = makeSession(shippingCheckout())
        delegate.ratesAnswer = (shippingCheckout(), [standard, express])
        delegate.rateAnswer = { _, _ in nil }
        session.authorize()

        let first = await sheet.selectShippingContact(torontoPartial)
        #expect(first.0 == .failure && first.1.isEmpty && first.2.isEmpty)
        #expect(session.shippingRates == [standard, express])

        let method = await sheet.selectShippingMethod(identifier: "sandbox-express-25.00")
        #expect(method.0 == .failure && method.1.isEmpty)

        delegate.transactionAnswer = .failure
        #expect(await sheet.authorize(.simulated(outcome: .decline)) == .failure)
        #expect(session.state == .authorized(.failure))
    }

    @Test func unknownShippingMethodFailsWithoutAskingTheDelegate() async {
        let (session, sheet, delegate) = makeSession(shippingCheckout())
        session.authorize()
        let reply = await sheet.selectShippingMethod(identifier: "sandbox-express-25.00")
        #expect(reply.0 == .failure)
        #expect(pairs(reply.1) == ["CART TOTAL 89", "SUBTOTAL 89", "Sandbox Shoes 89"])
        #expect(delegate.calls.isEmpty)
    }

    @Test func paymentDataThatIsNotTextIsRefused() async {
        let (session, sheet, delegate) = makeSession(shippingCheckout())
        session.authorize()
        #expect(await sheet.authorize(PayPayment(paymentData: Data([0xFF, 0xFE, 0x00]))) == .failure)
        #expect(delegate.calls.isEmpty)
        #expect(session.state == .presenting)
    }

    @Test func authorisationFallsBackToTheSelectedRate() async {
        let (session, sheet, delegate) = makeSession(shippingCheckout())
        delegate.ratesAnswer = (shippingCheckout(), [standard, express])
        session.authorize()
        _ = await sheet.selectShippingContact(torontoPartial)
        // The sheet does not name a method: the rate the session selected is used.
        #expect(await sheet.authorize(PayPayment(paymentData: Data("t".utf8), shippingContact: johnSmith)) == .success)
        #expect(delegate.authorizations.first?.shippingRate == standard)
    }

    @Test func sessionsHaveDistinctIdentifiers() {
        let (first, _, _) = makeSession(fixtureCheckout())
        let (second, _, _) = makeSession(fixtureCheckout())
        #expect(first.identifier != second.identifier)
        #expect(UUID(uuidString: first.identifier) != nil)
    }

    @Test func seedInitialiserLabelsTheTotal() {
        let maker: any SeedSessionMaking = SeedSessionMaker()
        let session = maker.make(checkout: fixtureCheckout(), currency: currency)
        #expect(session.shopName == "TOTAL")
        #expect(session.paymentRequest.summaryItems.last?.label == "TOTAL")
    }
}

/// Calls the deprecated seed initialiser through a protocol so the test target stays free of warnings.
@MainActor private protocol SeedSessionMaking {
    func make(checkout: PayCheckout, currency: PayCurrency) -> PaySession
}

@MainActor private struct SeedSessionMaker: SeedSessionMaking {
    @available(*, deprecated)
    func make(checkout: PayCheckout, currency: PayCurrency) -> PaySession {
        PaySession(checkout: checkout, currency: currency, merchantID: "merchant.id")
    }
}
