import Foundation

// What the sheet reports, turned into delegate calls (spec §3.9.3). Every path ends in exactly one reply
// to the sheet: now, or when the delegate provides.
extension PaySession: PayAuthorizationEvents {
    /// Asks the delegate for shipping rates (or an address update when nothing ships).
    public func sheetDidSelectShippingContact(
        _ contact: PayContact?,
        reply: @escaping (PaySheetStatus, [PayShippingMethod], [PaySummaryItem]) -> Void
    ) {
        guard state == .presenting, let delegate else {
            reply(.failure, [], [])
            return
        }
        guard let postal = contact?.postalAddress else {
            reply(.invalidShippingPostalAddress, [], summaryItems)
            return
        }
        let address = PayPostalAddress(contact: postal)
        ticket += 1
        pending = .contact(ticket: ticket, reply: reply)
        if checkout.needsShipping {
            state = .awaitingRates
            delegate.paySession(
                self, didRequestShippingRatesFor: address, checkout: checkout,
                provide: Self.ratesProvider(session: self, ticket: ticket))
        } else {
            state = .awaitingAddressUpdate
            delegate.paySession(
                self, didUpdateShippingAddress: address, checkout: checkout,
                provide: Self.checkoutProvider(session: self, ticket: ticket))
        }
    }

    /// Asks the delegate to apply the rate whose handle is `identifier`.
    public func sheetDidSelectShippingMethod(
        identifier: String, reply: @escaping (PaySheetStatus, [PaySummaryItem]) -> Void
    ) {
        guard state == .presenting, let delegate else {
            reply(.failure, [])
            return
        }
        guard let rate = shippingRates.first(where: { $0.handle == identifier }) else {
            reply(.failure, summaryItems)
            return
        }
        selectedRate = rate
        ticket += 1
        pending = .method(ticket: ticket, reply: reply)
        state = .awaitingRateSelection
        delegate.paySession(
            self, didSelectShippingRate: rate, checkout: checkout,
            provide: Self.checkoutProvider(session: self, ticket: ticket))
    }

    /// Hands the authorised payment to the delegate.
    public func sheetDidAuthorizePayment(_ payment: PayPayment, reply: @escaping (PaySheetStatus) -> Void) {
        guard state == .presenting, let delegate else {
            reply(.failure)
            return
        }
        // The original force-unwrapped this decoding; a token that is not text cannot be sent.
        guard let token = String(validating: payment.paymentData, as: UTF8.self) else {
            Self.logger.warning("Payment data is not UTF-8 text; the payment is refused.")
            reply(.failure)
            return
        }
        let authorization = PayAuthorization(
            token: token,
            billingAddress: payment.billingContact.map(PayAddress.init(contact:)) ?? PayAddress(),
            shippingAddress: payment.shippingContact.map(PayAddress.init(contact:)) ?? PayAddress(),
            shippingRate: authorizedRate(identifier: payment.shippingMethodIdentifier))
        ticket += 1
        pending = .payment(ticket: ticket, reply: reply)
        state = .awaitingTransaction
        delegate.paySession(
            self, didAuthorizePayment: authorization, checkout: checkout,
            completeTransaction: Self.transactionCompleter(session: self, ticket: ticket))
    }

    /// Dismisses the sheet and tells the delegate, once.
    public func sheetDidFinish() {
        guard state != .idle, state != .finished else { return }
        // A reply still owed goes to a sheet that is gone; answer it so nothing waits forever.
        let owed = pending
        pending = nil
        owed?.fail()
        state = .finished
        controller.dismiss()
        delegate?.paySessionDidFinish(self)
    }

    /// The rate that goes with an authorisation: the one the sheet shows as selected, or, when the sheet
    /// does not say, the one selected last. `nil` when nothing ships.
    private func authorizedRate(identifier: String?) -> PayShippingRate? {
        guard checkout.needsShipping else { return nil }
        guard let identifier else { return selectedRate }
        return shippingRates.first { $0.handle == identifier }
    }
}
