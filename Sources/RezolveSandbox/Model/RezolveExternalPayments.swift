import Foundation
import GRDB

/// The partner's external payment callback (spec §3.5.10, §5.4, §5.8). Answers carry no body.
enum RezolveExternalPayments {
    /// 204, 400 or 422 for a callback; `action` and `reason` are already validated.
    static func callback(
        paymentId: String, action: String, reason: String?, apiKey: String?, now: Date,
        _ db: Database
    ) throws -> Int {
        try RezolveCommerceStore.settleDueCallbacks(now: now, db)
        guard var payment = try RZExternalPayment.fetchOne(db, key: paymentId) else { return 400 }
        if let apiKey {
            guard let partner = try RezolvePartnerStore.partner(apiKey: apiKey, db),
                partner.id == payment.partnerId
            else {
                return 400
            }
        }
        // A callback received during the configured delay is accepted and ignored, as on the real service.
        if payment.pendingAction != nil { return 204 }
        guard payment.state == "awaiting" else { return 422 }
        payment.pendingAction = action
        payment.reason = reason
        let delay = Double(try RezolveCommerceStore.settings(db).callbackApplyDelayMs) / 1000
        payment.appliesAt = now.timeIntervalSince1970 + delay
        if delay > 0 {
            try payment.update(db)
        } else {
            try apply(payment, db)
        }
        return 204
    }

    /// Applies a recorded decision: approve keeps the order pending and paid; reject cancels it.
    static func apply(_ payment: RZExternalPayment, _ db: Database) throws {
        var settled = payment
        let approve = payment.pendingAction == "approve"
        settled.state = approve ? "approved" : "rejected"
        settled.pendingAction = nil
        try settled.update(db)
        guard var order = try RezolveCommerceStore.orderRow(payment.orderId, db) else { return }
        order.paymentStatus = settled.state
        if !approve { order.state = "cancelled" }
        try order.update(db)
    }
}
