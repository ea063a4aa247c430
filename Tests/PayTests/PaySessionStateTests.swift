import Foundation
import Testing

@testable import Pay

/// The state machine's edges (spec §3.9.3): events in states that do not expect them, `provide` called
/// twice, late or from another thread, a missing delegate, and a sheet dismissed while the delegate works.
@MainActor @Suite struct PaySessionStateTests {
    private func makeSession(needsShipping: Bool = true, delegate: RecordingDelegate?) -> (
        PaySession, SimulatedAuthorizationController
    ) {
        let sheet = SimulatedAuthorizationController()
        let session = PaySession(
            shopName: "Shop", checkout: fixtureCheckout(needsShipping: needsShipping),
            currency: PayCurrency(currencyCode: "CAD", countryCode: "CA"), merchantID: "m", controller: sheet)
        session.delegate = delegate
        return (session, sheet)
    }

    @Test func eventsBeforeAuthorizeFail() {
        let delegate = RecordingDelegate()
        let (session, _) = makeSession(delegate: delegate)
        let replies = SheetReplies()
        session.sheetDidSelectShippingContact(torontoPartial) { replies.contact.append(($0, $1, $2)) }
        session.sheetDidSelectShippingMethod(identifier: "x") { replies.method.append(($0, $1)) }
        session.sheetDidAuthorizePayment(PayPayment(paymentData: Data("t".utf8))) { replies.payment.append($0) }
        session.sheetDidFinish()
        #expect(replies.contact.map(\.0) == [.failure])
        #expect(replies.method.map(\.0) == [.failure])
        #expect(replies.payment == [.failure])
        #expect(delegate.calls.isEmpty)
        #expect(session.state == .idle)
    }

    @Test func withoutADelegateEveryEventFailsAtOnce() async {
        let (session, sheet) = makeSession(delegate: nil)
        session.authorize()
        let contact = await sheet.selectShippingContact(torontoPartial)
        #expect(contact.0 == .failure)
        #expect(await sheet.selectShippingMethod(identifier: "x").0 == .failure)
        #expect(await sheet.authorize(.simulated(outcome: .approve)) == .failure)
        await sheet.finish()
        #expect(session.state == .finished)
        #expect(sheet.dismissCount == 1)
    }

    @Test func eventsWhileWaitingForTheDelegateFail() async throws {
        let delegate = RecordingDelegate()
        delegate.holds = true
        let (session, _) = makeSession(delegate: delegate)
        session.authorize()
        let replies = SheetReplies()
        session.sheetDidSelectShippingContact(torontoPartial) { replies.contact.append(($0, $1, $2)) }
        #expect(session.state == .awaitingRates)

        session.sheetDidSelectShippingContact(torontoPartial) { replies.contact.append(($0, $1, $2)) }
        session.sheetDidSelectShippingMethod(identifier: standard.handle) { replies.method.append(($0, $1)) }
        session.sheetDidAuthorizePayment(.simulated(outcome: .approve)) { replies.payment.append($0) }
        #expect(replies.contact.map(\.0) == [.failure])
        #expect(replies.method.map(\.0) == [.failure])
        #expect(replies.payment == [.failure])
        #expect(delegate.calls == ["rates"])
        #expect(session.state == .awaitingRates)

        // The first request is still answered normally.
        let provideRates = try #require(delegate.heldRates)
        provideRates(fixtureCheckout(needsShipping: true), [standard])
        #expect(session.state == .awaitingFirstRateSelection)
        let provideCheckout = try #require(delegate.heldCheckout)
        provideCheckout(fixtureCheckout(shippingRate: standard, needsShipping: true))
        #expect(replies.contact.map(\.0) == [.failure, .success])
        #expect(replies.contact.last?.1.map(\.identifier) == [standard.handle])
        #expect(session.state == .presenting)
    }

    @Test func provideTwiceIsIgnored() async throws {
        let delegate = RecordingDelegate()
        delegate.holds = true
        let (session, _) = makeSession(needsShipping: false, delegate: delegate)
        session.authorize()
        let replies = SheetReplies()
        session.sheetDidSelectShippingContact(torontoPartial) { replies.contact.append(($0, $1, $2)) }
        let provide = try #require(delegate.heldCheckout)
        provide(fixtureCheckout(tax: 1))
        provide(nil)
        provide(fixtureCheckout(tax: 2))
        #expect(replies.contact.count == 1)
        #expect(replies.contact.first?.0 == .success)
        #expect(session.checkout.totalTax == 1)

        // A stale provide from an earlier request does not answer a later one.
        session.sheetDidSelectShippingContact(torontoPartial) { replies.contact.append(($0, $1, $2)) }
        #expect(session.state == .awaitingAddressUpdate)
        provide(fixtureCheckout(tax: 3))
        #expect(replies.contact.count == 1)
        #expect(session.state == .awaitingAddressUpdate)
        let second = try #require(delegate.heldCheckout)
        second(fixtureCheckout(tax: 4))
        #expect(replies.contact.count == 2)
        #expect(session.checkout.totalTax == 4)
    }

    @Test func completeTransactionTwiceIsIgnored() async throws {
        let delegate = RecordingDelegate()
        delegate.holds = true
        let (session, _) = makeSession(needsShipping: false, delegate: delegate)
        session.authorize()
        let replies = SheetReplies()
        session.sheetDidAuthorizePayment(.simulated(outcome: .approve)) { replies.payment.append($0) }
        #expect(session.state == .awaitingTransaction)
        let complete = try #require(delegate.heldTransaction)
        complete(.failure)
        complete(.success)
        #expect(replies.payment == [.failure])
        #expect(session.state == .authorized(.failure))
    }

    @Test func provideFromAnotherThreadHopsToTheMainActor() async throws {
        let delegate = RecordingDelegate()
        delegate.holds = true
        let (session, _) = makeSession(needsShipping: false, delegate: delegate)
        session.authorize()
        let replies = SheetReplies()
        // The sheet's reply is the event: the test goes on once the session has answered, however long the hop.
        let (answered, answer) = AsyncStream.makeStream(of: Void.self)
        session.sheetDidSelectShippingContact(torontoPartial) {
            replies.contact.append(($0, $1, $2))
            answer.yield()
        }
        let provide = UncheckedProvide(call: try #require(delegate.heldCheckout))
        let updated = fixtureCheckout(tax: 9)
        await Task.detached { provide.call(updated) }.value
        var answers = answered.makeAsyncIterator()
        _ = await answers.next()
        #expect(replies.contact.map(\.0) == [.success])
        #expect(session.checkout.totalTax == 9)
        #expect(session.state == .presenting)
    }

    @Test func dismissingWhileTheDelegateWorksAnswersTheSheetAndIgnoresLateProvides() async throws {
        let delegate = RecordingDelegate()
        delegate.holds = true
        let (session, sheet) = makeSession(delegate: delegate)
        session.authorize()
        let replies = SheetReplies()
        session.sheetDidSelectShippingContact(torontoPartial) { replies.contact.append(($0, $1, $2)) }
        await sheet.finish()
        #expect(replies.contact.map(\.0) == [.failure])
        #expect(session.state == .finished)
        #expect(delegate.finishCount == 1)

        let late = try #require(delegate.heldRates)
        late(fixtureCheckout(needsShipping: true), [standard])
        #expect(replies.contact.count == 1)
        #expect(session.state == .finished)
        #expect(delegate.calls == ["rates", "finish"])

        session.authorize()
        #expect(session.state == .finished)
    }
}

/// Carries a `provide` closure to another thread, which is exactly what the test is about.
// @unchecked: the test calls the closure from exactly one other thread, which is what it is about.
private struct UncheckedProvide: @unchecked Sendable {
    let call: (PayCheckout?) -> Void
}
