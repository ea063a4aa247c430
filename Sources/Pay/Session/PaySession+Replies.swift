import CommerceCore
import Foundation

// What the delegate provides, turned into the sheet's replies (spec §3.9.3). The closures handed to the
// delegate are built outside the main actor so they may be called from any thread; they hop back.
extension PaySession {
    nonisolated static func ratesProvider(session: PaySession, ticket: Int) -> (PayCheckout?, [PayShippingRate]) -> Void
    {
        { checkout, rates in MainActorDelivery.run { session.receiveRates(checkout, rates, ticket: ticket) } }
    }

    nonisolated static func checkoutProvider(session: PaySession, ticket: Int) -> (PayCheckout?) -> Void {
        { checkout in MainActorDelivery.run { session.receiveCheckout(checkout, ticket: ticket) } }
    }

    nonisolated static func transactionCompleter(session: PaySession, ticket: Int) -> (TransactionStatus) -> Void {
        { status in MainActorDelivery.run { session.receiveTransaction(status, ticket: ticket) } }
    }

    /// Takes the pending reply if `ticket` is the one it waits for; a repeated or late call gets `nil`.
    private func claim(_ ticket: Int, in expected: State) -> PendingReply? {
        guard state == expected, let pending, pending.ticket == ticket else {
            Self.logger.warning("A PaySession provide/complete closure was called again or too late; ignored.")
            return nil
        }
        return pending
    }

    func receiveRates(_ newCheckout: PayCheckout?, _ rates: [PayShippingRate], ticket: Int) {
        guard case .contact(_, let reply)? = claim(ticket, in: .awaitingRates) else { return }
        guard let newCheckout, let first = rates.first else {
            finishStep()
            reply(.invalidShippingPostalAddress, [], summaryItems)
            return
        }
        checkout = newCheckout
        shippingRates = rates
        selectedRate = first
        guard let delegate else {
            finishStep()
            reply(.failure, [], [])
            return
        }
        // Apple Pay shows the first method as selected without reporting it, so the session selects it
        // itself; the sheet's reply waits until the delegate has applied it.
        self.ticket += 1
        pending = .contact(ticket: self.ticket, reply: reply)
        state = .awaitingFirstRateSelection
        delegate.paySession(
            self, didSelectShippingRate: first, checkout: newCheckout,
            provide: Self.checkoutProvider(session: self, ticket: self.ticket))
    }

    func receiveCheckout(_ newCheckout: PayCheckout?, ticket: Int) {
        switch state {
        case .awaitingAddressUpdate, .awaitingFirstRateSelection:
            guard case .contact(_, let reply)? = claim(ticket, in: state) else { return }
            let methods = state == .awaitingFirstRateSelection ? shippingRates.map { $0.shippingMethod() } : []
            finishStep()
            guard let newCheckout else {
                reply(.failure, [], [])
                return
            }
            checkout = newCheckout
            reply(.success, methods, summaryItems)
        case .awaitingRateSelection:
            guard case .method(_, let reply)? = claim(ticket, in: state) else { return }
            finishStep()
            guard let newCheckout else {
                reply(.failure, [])
                return
            }
            checkout = newCheckout
            reply(.success, summaryItems)
        default:
            Self.logger.warning("A PaySession provide closure was called in state \(state); ignored.")
        }
    }

    func receiveTransaction(_ status: TransactionStatus, ticket: Int) {
        guard case .payment(_, let reply)? = claim(ticket, in: .awaitingTransaction) else { return }
        pending = nil
        state = .authorized(status)
        reply(status == .success ? .success : .failure)
    }

    /// Back to waiting for the buyer.
    private func finishStep() {
        pending = nil
        state = .presenting
    }
}
