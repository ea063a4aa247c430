import Foundation
import GraphQL

extension ResolverRegistry {
    /// `Payment`, its `Transaction` and `CreditCard` (spec §5.10). `ready`, `errorMessage` and `transaction`
    /// poll the payment job (§5.14).
    mutating func registerPayment() {
        let record = PaymentRecord.self
        /// The payment after this request's poll of its job.
        @Sendable func polled(_ p: PaymentRecord, _ c: StorefrontRequestContext) throws -> PaymentRecord {
            _ = try CheckoutProgress.paymentReady(p.id, c)
            return try StorefrontPaymentStore.payment(c.db, id: p.id, shopID: c.shop.id) ?? p
        }
        on("Payment", "id", as: record) { p, _, _ in p.gid.encoded }
        on("Payment", "amountV2", as: record) { p, _, c in c.money(p.amountCents) }
        on("Payment", "amount", as: record) { p, _, _ in StorefrontFormat.money(cents: p.amountCents) }
        on("Payment", "idempotencyKey", as: record) { p, _, _ in p.idempotencyKey }
        on("Payment", "test", as: record) { _, _, _ in true }
        on("Payment", "nextActionUrl", as: record) { _, _, _ in nil }
        on("Payment", "billingAddress", as: record) { p, _, _ in
            p.billingAddress.map { AddressRecord(id: 0, customerID: 0, values: $0, createdAt: p.createdAt) }
        }
        on("Payment", "checkout", as: record) { p, _, c in
            try StorefrontCheckoutStore.checkout(c.db, token: p.checkoutToken, shopID: c.shop.id)
        }
        on("Payment", "creditCard", as: record) { p, _, _ in
            p.card.map { card in
                GraphObject(
                    "CreditCard",
                    [
                        "brand": card.brand, "lastDigits": card.lastDigits, "firstDigits": nil,
                        "maskedNumber": "•••• •••• •••• \(card.lastDigits)", "firstName": card.firstName,
                        "lastName": card.lastName, "expiryMonth": card.month, "expiryYear": card.year,
                    ])
            }
        }
        onPolling("Payment", "ready", as: record) { p, _, c in try polled(p, c).ready }
        onPolling("Payment", "errorMessage", as: record) { p, _, c in try polled(p, c).errorMessage }
        onPolling("Payment", "transaction", as: record) { p, _, c in
            let payment = try polled(p, c)
            let status: String
            switch payment.state {
            case .pending: return nil
            case .success: status = "SUCCESS"
            case .failure: status = "FAILURE"
            case .error: status = "ERROR"
            }
            return GraphObject(
                "Transaction",
                [
                    "amount": StorefrontFormat.money(cents: payment.amountCents),
                    "amountV2": c.money(payment.amountCents),
                    "kind": "SALE", "status": status, "statusV2": status, "test": true,
                ])
        }
    }
}
