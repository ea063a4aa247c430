import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The merchant-server calls of the payment service: find, cancel, refund; and the legacy status service.
struct ATHMovilMerchantRoutes: Sendable {
    let context: SandboxContext

    func register(on router: ServiceRoutes) {
        let base = ATHMovilPaymentRoutes.base
        router.post(base + "/business/findPayment", handler: ATHMovilService.answering(findPayment))
        router.post(base + "/business/cancel", handler: ATHMovilService.answering(cancel))
        router.post(base + "/refund", handler: ATHMovilService.answering(refund))
        router.post("/rs/eCommerceTransfer/consultTransactionStatus", handler: ATHMovilService.answering(legacyStatus))
    }

    /// The payment named by `ecommerceId`, checked to belong to `publicToken`'s business.
    private static func owned(_ body: ATHMovilBody, now: Date, _ db: Database) throws -> (
        ATHMovilEcommerce, ATHMovilBusiness
    ) {
        let id = try body.string("ecommerceId") ?? ""
        let token = try body.string("publicToken") ?? ""
        guard let ecommerce = try ATHMovilPaymentStore.ecommerce(id: id, now: now, db) else {
            throw ATHMovilFailure.unknownEcommerce
        }
        guard let business = try ATHMovilAccountStore.business(token: token, db),
            business.number == ecommerce.businessNumber
        else {
            throw ATHMovilFailure.notOwner
        }
        return (ecommerce, business)
    }

    @Sendable func findPayment(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilBody(request)
        let now = context.clock.now()
        let data = try await context.database.write { db -> JSONValue in
            let (ecommerce, business) = try Self.owned(body, now: now, db)
            return ATHMovilWire.transaction(ecommerce, business: business)
        }
        return ATHMovilFailure.success(data)
    }

    @Sendable func cancel(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilBody(request)
        let now = context.clock.now()
        try await context.database.write { db in
            var (ecommerce, _) = try Self.owned(body, now: now, db)
            guard ecommerce.state == .open else { throw ATHMovilFailure.unexpectedStatus }
            ecommerce.state = .cancelled
            ecommerce.updatedAt = now
            try ATHMovilPaymentStore.save(ecommerce, db)
        }
        return ATHMovilFailure.success("Payment Cancelled.")
    }

    @Sendable func refund(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilBody(request)
        let publicToken = try body.string("publicToken") ?? ""
        let privateToken = try body.string("privateToken") ?? ""
        let reference = try body.string("referenceNumber") ?? ""
        let amount = try body.numberOrText("amount")
        let message = try body.string("message") ?? ""
        let now = context.clock.now()
        let data = try await context.database.write { db -> JSONValue in
            guard let business = try ATHMovilAccountStore.business(token: publicToken, db),
                !privateToken.isEmpty, privateToken == business.privateToken
            else {
                throw ATHMovilFailure.refundUnauthorized
            }
            guard
                var payment = try ATHMovilPaymentStore.ecommerce(
                    reference: reference, businessNumber: business.number, now: now, db),
                payment.state == .completed
            else { throw ATHMovilFailure.referenceNotFound }
            guard let amount else { throw ATHMovilFailure.invalidFormat }
            if amount < Decimal(string: "0.01") ?? 0 { throw ATHMovilFailure.refundTooSmall }
            guard ATHMovilAmount.fitsBounds(amount) else { throw ATHMovilFailure.outOfBounds }
            let cents = ATHMovilAmount.cents(amount)
            if cents > payment.totalCents - payment.refundedCents { throw ATHMovilFailure.overLimits }
            if message.count > 50 { throw ATHMovilFailure.messageTooLong }

            let refundReference = ATHMovilPaymentStore.newReference(business: business)
            let daily = try ATHMovilPaymentStore.nextDailyNumber(businessNumber: business.number, now: now, db)
            try ATHMovilPaymentStore.recordRefund(
                reference: refundReference, ecommerceId: payment.id, businessNumber: business.number, cents: cents,
                message: message, dailyNumber: daily, now: now, db)
            payment.refundedCents += cents
            payment.updatedAt = now
            try ATHMovilPaymentStore.save(payment, db)

            let customer = payment.customer
            let refund: JSONValue = [
                "transactionType": "REFUND", "status": "COMPLETED", "refundedAmount": ATHMovilAmount.json(cents),
                "date": .string(ATHMovilTime.epochMilliseconds(now)), "referenceNumber": .string(refundReference),
                "dailyTransactionID": .string(Self.fourDigits(daily)), "name": .string(customer?.name ?? ""),
                "phoneNumber": .string(customer?.phoneNumber ?? ""), "email": .string(customer?.email ?? ""),
            ]
            let original: JSONValue = [
                "transactionType": "PAYMENT", "status": "COMPLETED",
                "date": .string(ATHMovilTime.epochMilliseconds(payment.completedAt ?? payment.createdAt)),
                "referenceNumber": .string(payment.referenceNumber),
                "dailyTransactionID": .string(payment.dailyTransactionText), "name": .string(customer?.name ?? ""),
                "phoneNumber": .string(customer?.phoneNumber ?? ""), "email": .string(customer?.email ?? ""),
                "message": .string(message), "total": ATHMovilAmount.json(payment.totalCents),
                "tax": ATHMovilAmount.json(payment.taxCents), "subtotal": ATHMovilAmount.json(payment.subtotalCents),
                "fee": ATHMovilAmount.json(payment.feeCents), "netAmount": ATHMovilAmount.json(payment.netCents),
                "totalRefundedAmount": ATHMovilAmount.json(payment.refundedCents),
                "metadata1": .string(payment.metadata1), "metadata2": .string(payment.metadata2),
                "items": .array(payment.items.map(\.json)),
            ]
            return ["refund": refund, "originalTransaction": original]
        }
        return ATHMovilFailure.success(data)
    }

    /// The legacy status service answers with the flat reply, no envelope. A payment still open means the
    /// customer came back to the merchant without answering, so it is cancelled first.
    @Sendable func legacyStatus(_ request: SandboxRequest) async throws -> SandboxResponse {
        let body = try ATHMovilBody(request)
        let token = try body.string("publicToken") ?? ""
        let paymentID = try body.string("paymentID") ?? ""
        let now = context.clock.now()
        let reply = try await context.database.write { db -> JSONValue in
            guard let business = try ATHMovilAccountStore.business(token: token, db), !paymentID.isEmpty,
                var ecommerce = try ATHMovilPaymentStore.ecommerce(
                    traceId: paymentID, businessNumber: business.number, now: now, db)
            else { throw ATHMovilFailure.unknownTransaction }
            if ecommerce.state == .open {
                ecommerce.state = .cancelled
                ecommerce.updatedAt = now
                try ATHMovilPaymentStore.save(ecommerce, db)
            }
            return ATHMovilWire.reply(ecommerce, now: now)
        }
        return .json(reply)
    }

    static func fourDigits(_ value: Int64) -> String {
        let digits = String(value)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}
