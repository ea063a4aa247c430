import Foundation

/// Polling the three asynchronous computations of a checkout (spec §5.14): recalculation, shipping rates
/// and the payment job. Each answer is remembered for the rest of the request.
enum CheckoutProgress {
    static func recalculationKey(_ token: String) -> String { "recalc:\(token)" }
    static func ratesKey(_ token: String) -> String { "rates:\(token)" }
    static func paymentKey(_ id: Int64) -> String { "payment:\(id)" }

    /// Whether the checkout's totals are current; finishing stores the new totals.
    static func recalculationReady(_ token: String, _ c: StorefrontRequestContext) throws -> Bool {
        let key = recalculationKey(token)
        if let answer = c.pollAnswers[key] { return answer }
        guard var checkout = try StorefrontCheckoutStore.checkout(c.db, token: token, shopID: c.shop.id) else {
            return true
        }
        var answer = true
        if var pending = checkout.recalculation {
            if pending.poll(now: c.now) {
                checkout.totals = CheckoutPricing.totals(checkout, shopCountry: c.shop.country)
                checkout.recalculation = nil
            } else {
                checkout.recalculation = pending
                answer = false
            }
            try StorefrontCheckoutStore.save(c.db, checkout)
        }
        c.pollAnswers[key] = answer
        return answer
    }

    /// Whether `availableShippingRates` is ready.
    static func ratesReady(_ token: String, _ c: StorefrontRequestContext) throws -> Bool {
        let key = ratesKey(token)
        if let answer = c.pollAnswers[key] { return answer }
        guard var checkout = try StorefrontCheckoutStore.checkout(c.db, token: token, shopID: c.shop.id) else {
            return true
        }
        var answer = true
        if var pending = checkout.rates {
            if pending.poll(now: c.now) {
                checkout.rates = nil
            } else {
                checkout.rates = pending
                answer = false
            }
            try StorefrontCheckoutStore.save(c.db, checkout)
        }
        c.pollAnswers[key] = answer
        return answer
    }

    /// Whether the payment has finished processing; finishing runs the payment job.
    static func paymentReady(_ id: Int64, _ c: StorefrontRequestContext) throws -> Bool {
        let key = paymentKey(id)
        if let answer = c.pollAnswers[key] { return answer }
        guard var payment = try StorefrontPaymentStore.payment(c.db, id: id, shopID: c.shop.id) else { return true }
        var answer = true
        if payment.state == .pending {
            var pending = payment.job ?? PendingComputation(polls: 0, deadline: c.now)
            if pending.poll(now: c.now) {
                try PaymentJob.finish(&payment, c)
            } else {
                payment.job = pending
                try StorefrontPaymentStore.save(c.db, payment)
                answer = false
            }
        }
        c.pollAnswers[key] = answer
        return answer
    }

    /// Polls the payment a processing checkout waits for; `true` when none is pending.
    static func paymentSettled(_ token: String, _ c: StorefrontRequestContext) throws -> Bool {
        guard let checkout = try StorefrontCheckoutStore.checkout(c.db, token: token, shopID: c.shop.id),
            checkout.status == .processing, let id = checkout.processingPaymentID
        else { return true }
        return try paymentReady(id, c)
    }
}
