import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `cartSubmitForCompletion` (spec §5.11): a 2026-04 cart with contact, delivery and payment becomes an order
/// through ``CartCompletion`` (so the one ``OrderWriter`` numbers it, takes stock and links the customer). The
/// card is a vault session paid like the Bogus Gateway: `1` approves, `2` declines, `3` fails at the gateway. A
/// decline, a gateway error or any missing part writes nothing.
enum CartSubmission {
    /// A `SubmissionErrorCode` (or, for `cartPrepareForCompletion`, a `CartOperationError` code) and its message.
    struct Problem: Sendable, Equatable {
        let code: String
        let message: String
    }

    enum Outcome: Sendable {
        case accepted(attemptID: String, order: OrderRecord)
        case failed([Problem])
    }

    /// The buyer's email: the cart's, else the signed-in customer's.
    static func email(_ db: Database, _ cart: CartRecord) throws -> String? {
        if let email = cart.buyerEmail { return email }
        return try cart.customerID.flatMap { try StorefrontCustomerStore.customer(db, id: $0, shopID: cart.shopID) }?
            .email
    }

    /// What stops the cart from being submitted, payment aside; empty when it is ready.
    static func problems(_ db: Database, _ cart: CartRecord, _ totals: CartTotals) throws -> [Problem] {
        var problems: [Problem] = []
        if cart.lines.isEmpty { problems.append(Problem(code: "ERROR", message: "Cart has no lines")) }
        switch try email(db, cart) {
        case nil:
            problems.append(Problem(code: "BUYER_IDENTITY_EMAIL_REQUIRED", message: "Email is required"))
        case let email? where !InputRules.emailIsValid(email):
            problems.append(Problem(code: "BUYER_IDENTITY_EMAIL_IS_INVALID", message: "Email is invalid"))
        default: break
        }
        guard let address = cart.details.deliveryAddress else {
            problems.append(Problem(code: "DELIVERY_ADDRESS_REQUIRED", message: "A delivery address is required"))
            return problems
        }
        let required = [
            ("address1", "DELIVERY_ADDRESS1_REQUIRED"), ("city", "DELIVERY_CITY_REQUIRED"),
            ("country", "DELIVERY_COUNTRY_REQUIRED"),
        ]
        for (field, code) in required where address.fields[field] == nil {
            problems.append(Problem(code: code, message: "\(field) is required"))
        }
        if address.fields["country"] != nil, totals.options.isEmpty {
            problems.append(
                Problem(code: "DELIVERY_NO_DELIVERY_AVAILABLE", message: "No delivery is available to this address"))
        } else if !totals.options.isEmpty, totals.selected == nil {
            problems.append(Problem(code: "NO_DELIVERY_GROUP_SELECTED", message: "Choose a delivery option"))
        }
        return problems
    }

    /// Pays and completes `cart`, recording `attemptToken` with the order (the resolver answers a repeated token).
    static func submit(_ db: Database, _ cart: CartRecord, attemptToken: String, catalog: CatalogSnapshot, now: Date)
        throws -> Outcome
    {
        let totals = try CartTotals.of(cart, catalog: catalog, db)
        var problems = try self.problems(db, cart, totals)
        var session: VaultSession?
        switch cart.details.payment {
        case nil:
            problems.append(Problem(code: "PAYMENTS_METHOD_REQUIRED", message: "A payment method is required"))
        case let payment? where payment.amountCents != totals.dueCents:
            problems.append(
                Problem(
                    code: "PAYMENTS_UNACCEPTABLE_PAYMENT_AMOUNT",
                    message: "The payment amount no longer matches the amount due; update the payment"))
        case let payment?:
            if let token = payment.sessionID {
                session = try StorefrontPaymentStore.usableSession(db, token: token, now: now)
                if session == nil {
                    problems.append(
                        Problem(
                            code: "PAYMENTS_CREDIT_CARD_SESSION_ID",
                            message: "The card session is invalid, expired or already used"))
                }
            }
        }
        guard problems.isEmpty, let address = cart.details.deliveryAddress, let rate = totals.selected else {
            return .failed(problems)
        }
        switch session?.outcome {
        case .decline?: return .failed([Problem(code: "PAYMENTS_CREDIT_CARD_GENERIC", message: "Card was declined")])
        case .error?:
            return .failed([Problem(code: "ERROR", message: "The payment gateway failed; nothing was charged")])
        case .approve?, nil: break
        }
        var paid = cart
        paid.buyerEmail = try email(db, cart)
        try StorefrontCartStore.save(db, paid)
        let delivery = CartCompletion.Delivery(address: address.fields, rate: rate)
        switch try CartCompletion.complete(db, token: cart.token, now: now, delivery: delivery) {
        case nil:
            return .failed([Problem(code: "ERROR", message: "The cart does not exist")])
        case .failure(let refused)?:
            // Nothing was written by the order path; undo the email saved above with the rest of the request.
            try StorefrontCartStore.save(db, cart)
            return .failed(
                refused.entries.map {
                    Problem(
                        code: $0.code == "NOT_ENOUGH_IN_STOCK" ? "MERCHANDISE_NOT_ENOUGH_STOCK_AVAILABLE" : "ERROR",
                        message: $0.message)
                })
        case .success(let order)?:
            for entry in totals.giftCards where entry.usedCents > 0 {
                try StorefrontGiftCardStore.debit(db, id: entry.card.id, cents: entry.usedCents)
            }
            if let session { try StorefrontPaymentStore.markSessionUsed(db, token: session.token, now: now) }
            let attemptID = RandomToken.hex(32)
            try StorefrontCartStore.insert(
                db,
                StorefrontCartAttemptRecord(
                    cartToken: cart.token, attemptToken: attemptToken, attemptId: attemptID, orderId: order.id,
                    createdAt: now.timeIntervalSince1970))
            return .accepted(attemptID: attemptID, order: order)
        }
    }
}
