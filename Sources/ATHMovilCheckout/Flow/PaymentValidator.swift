import Foundation

/// The local checks a payment must pass before anything is sent, in the SDK's order: the first failure wins.
enum PaymentValidator {
    /// The first broken rule for a request, or `nil` when it may be sent.
    static func validate(
        account: ATHMBusinessAccount, scheme: ATHMURLScheme, payment: ATHMPayment,
        timeout: TimeInterval
    ) -> ATHMPaymentError? {
        if account.token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ATHMPaymentError(code: .missingToken)
        }
        if scheme.urlScheme.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ATHMPaymentError(code: .missingScheme)
        }
        if let error = validate(payment: payment) { return error }
        if !(timeout >= 60 && timeout <= 600) { return ATHMPaymentError(code: .invalidTimeout) }
        return nil
    }

    /// The rules on the payment itself; also applied to the payment a reply echoes.
    static func validate(payment: ATHMPayment) -> ATHMPaymentError? {
        let total = payment.total.doubleValue
        if total.isNaN || total.isInfinite || total < 1 { return ATHMPaymentError(code: .invalidTotal) }
        let subtotal = payment.subtotal.doubleValue
        if subtotal.isNaN || subtotal < 0 { return ATHMPaymentError(code: .invalidSubtotal) }
        let tax = payment.tax.doubleValue
        if tax.isNaN || tax < 0 { return ATHMPaymentError(code: .invalidTax) }
        if payment.metadata1.count > 40 { return ATHMPaymentError(code: .metadata1TooLong) }
        if payment.metadata2.count > 40 { return ATHMPaymentError(code: .metadata2TooLong) }
        let items = payment.items
        if items.contains(where: {
            let price = $0.price.doubleValue
            return price.isNaN || price.isInfinite || price < 1
        }) {
            return ATHMPaymentError(code: .invalidItemPrice)
        }
        if items.contains(where: { $0.quantity <= 0 }) { return ATHMPaymentError(code: .invalidItemQuantity) }
        if items.contains(where: { $0.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
            return ATHMPaymentError(code: .missingItemName)
        }
        return nil
    }
}
