import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// `checkoutCompleteFree`: a checkout with nothing to pay completes at once, with no payment and no job to
    /// poll; the order comes from the same writer a paid checkout uses (spec §5.10).
    mutating func registerCheckoutFreeCompletion() {
        on("Mutation", "checkoutCompleteFree") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "checkoutCompleteFree")
            let payloadType = "CheckoutCompleteFreePayload"
            var errors = UserErrorList(codedType: "CheckoutUserError")
            // K1, K16, K17.
            guard var checkout = try CheckoutMutation.open(args, c, &errors) else {
                return CheckoutMutation.payload(payloadType, nil, errors)
            }
            guard errors.isEmpty else { return CheckoutMutation.payload(payloadType, checkout, errors) }
            // P1–P4, then the one rule of its own: the amount due must be zero.
            CheckoutCompletion.checkRules(checkout, c, &errors)
            let due = CheckoutPricing.totals(checkout, shopCountry: c.shop.country)
            if !checkout.lines.isEmpty, due.totalCents != 0 {
                errors.add(
                    "MISSING_PAYMENT_INPUT", ["checkoutId"],
                    "Checkout has \(StorefrontFormat.decimal(cents: due.totalCents)) \(c.shop.currency) to pay: complete it with a payment"
                )
            }
            guard errors.isEmpty else { return CheckoutMutation.payload(payloadType, checkout, errors) }
            checkout.totals = due
            checkout.recalculation = nil
            let order = try OrderWriter.create(c.db, PaymentJob.orderDraft(checkout, c), now: c.now)
            checkout.status = .completed
            checkout.completedAt = c.now
            checkout.orderID = order.id
            checkout.updatedAt = c.now
            try StorefrontCheckoutStore.save(c.db, checkout)
            return CheckoutMutation.payload(payloadType, checkout, errors)
        }
    }
}
