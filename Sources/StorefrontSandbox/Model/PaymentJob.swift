import CommerceCore
import Foundation

/// Finishing a payment (spec §5.10): card rules P13–P17, then the test outcome (P18/P19), else approved.
/// Approval writes the order through ``OrderWriter`` — the same writer cart completion uses — and completes
/// the checkout; a failure reopens the checkout for another attempt.
enum PaymentJob {
    static let declined = "Your card was declined"
    static let processingError = "An error occurred while processing your payment"

    static func finish(_ payment: inout PaymentRecord, _ c: StorefrontRequestContext) throws {
        guard var checkout = try StorefrontCheckoutStore.checkout(c.db, token: payment.checkoutToken, shopID: c.shop.id)
        else {
            return
        }
        payment.job = nil
        switch try decide(payment, c) {
        case .approve:
            let order = try OrderWriter.create(c.db, orderDraft(checkout, c), now: c.now)
            if let vault = payment.vaultToken {
                try StorefrontPaymentStore.markSessionUsed(c.db, token: vault, now: c.now)
            }
            payment.state = .success
            checkout.status = .completed
            checkout.completedAt = c.now
            checkout.orderID = order.id
        case .fail(let state, let message):
            payment.state = state
            payment.errorMessage = message
            checkout.status = .open
        }
        checkout.processingPaymentID = nil
        checkout.updatedAt = c.now
        try StorefrontPaymentStore.save(c.db, payment)
        try StorefrontCheckoutStore.save(c.db, checkout)
    }

    private enum Decision {
        case approve
        case fail(PaymentRecord.State, String)
    }

    private static func decide(_ payment: PaymentRecord, _ c: StorefrontRequestContext) throws -> Decision {
        let outcome: VaultSession.Outcome
        switch payment.kind {
        case .card:
            guard let token = payment.vaultToken, let session = try StorefrontPaymentStore.session(c.db, token: token)
            else {
                return .fail(.failure, "Card number is invalid")
            }
            if let problem = CardRules.problem(session, now: c.now) { return .fail(.failure, problem) }
            outcome = session.outcome
        case .tokenized:
            outcome = walletOutcome(payment.paymentData ?? "")
        }
        switch outcome {
        case .approve: return .approve
        case .decline: return .fail(.failure, declined)
        case .error: return .fail(.error, processingError)
        }
    }

    /// `sandbox_outcome` of a simulated wallet token, sent as JSON or as Base64 of JSON; anything else approves.
    static func walletOutcome(_ paymentData: String) -> VaultSession.Outcome {
        let candidates = [Data(paymentData.utf8), Data(base64Encoded: paymentData)].compactMap { $0 }
        for data in candidates {
            if let json = try? JSONValue.parse(data), let text = json["sandbox_outcome"]?.stringValue,
                let outcome = VaultSession.Outcome(rawValue: text.lowercased())
            {
                return outcome
            }
        }
        return .approve
    }

    /// The order a completed checkout becomes: its lines, address and last computed totals.
    static func orderDraft(_ checkout: CheckoutRecord, _ c: StorefrontRequestContext) -> OrderWriter.Draft {
        let totals = checkout.totals
        let lines = checkout.lines.enumerated().map { index, line in
            OrderLineRecord(
                position: Int64(index + 1), variantID: line.variantID, title: line.title, quantity: line.quantity,
                unitPriceCents: line.unitPriceCents)
        }
        let address = checkout.shippingAddress.map { values in
            JSONValue.object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
                .serialized()
        }
        return OrderWriter.Draft(
            shopID: checkout.shopID, email: checkout.email ?? "", phone: checkout.shippingAddress?["phone"],
            currency: c.shop.currency, associatedCustomerID: checkout.customerID, lines: lines,
            subtotalCents: totals.subtotalCents, shippingCents: totals.shippingCents, taxCents: totals.taxCents,
            dutiesCents: totals.dutiesCents, totalCents: totals.totalCents, shippingAddressJSON: address)
    }
}
