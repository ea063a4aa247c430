import Foundation
import GraphQL

extension ResolverRegistry {
    /// Completing a 2026-04 cart through the API (spec §5.11): `cartPaymentUpdate` records the payment,
    /// `cartPrepareForCompletion` says whether the cart is ready, `cartSubmitForCompletion` writes the order
    /// (``CartSubmission``) and `cartCompletionAttempt` finds it again. The sandbox never throttles, so
    /// `CartThrottled` and `SubmitThrottled` are never answered.
    mutating func registerCartCompletionMutations2026() {
        onCartDetail("cartPaymentUpdate", "CartPaymentUpdatePayload") { cart, args, c, errors, _ in
            let totals = try CartTotals.of(cart, catalog: try c.catalog(), c.db)
            if let payment = try Self.payment(args.field("payment"), cart, totals, c, &errors) {
                cart.details.payment = payment
            }
        }
        on("Mutation", "cartPrepareForCompletion") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartPrepareForCompletion")
            var errors = UserErrorList(codedType: "CartUserError")
            guard let cart = try CartMutation.cart(args, c, &errors) else {
                return GraphObject("CartPrepareForCompletionPayload", ["result": nil, "userErrors": errors.coded])
            }
            let totals = try CartTotals.of(cart, catalog: try c.catalog(), c.db)
            let problems = try CartSubmission.problems(c.db, cart, totals)
            let result =
                problems.isEmpty
                ? GraphObject("CartStatusReady", ["cart": cart])
                : GraphObject(
                    "CartStatusNotReady",
                    [
                        "cart": cart,
                        "errors": graphList(
                            problems.map {
                                GraphObject("CartOperationError", ["code": $0.code, "message": $0.message])
                            }
                        ),
                    ])
            return GraphObject("CartPrepareForCompletionPayload", ["result": result, "userErrors": errors.coded])
        }
        on("Mutation", "cartSubmitForCompletion") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "cartSubmitForCompletion")
            var errors = UserErrorList(codedType: "CartUserError")
            let attemptToken = args.field("attemptToken").asString ?? ""
            if attemptToken.trimmingCharacters(in: .whitespaces).isEmpty {
                errors.add("INVALID", ["attemptToken"], "Attempt token can't be blank")
            }
            // A cart already completed is gone; its attempt still answers for the same token.
            if let token = Self.cartToken(args.field("cartId").asString),
                let earlier = try StorefrontCartStore.attempt(c.db, cartToken: token, attemptToken: attemptToken)
            {
                return GraphObject(
                    "CartSubmitForCompletionPayload",
                    [
                        "result": GraphObject("SubmitAlreadyAccepted", ["attemptId": earlier.attemptId]),
                        "userErrors": errors.coded,
                    ])
            }
            let cart = try CartMutation.cart(args, c, &errors)
            guard let cart, errors.isEmpty else {
                return GraphObject("CartSubmitForCompletionPayload", ["result": nil, "userErrors": errors.coded])
            }
            let result: GraphObject
            switch try CartSubmission.submit(
                c.db, cart, attemptToken: attemptToken, catalog: try c.catalog(), now: c.now)
            {
            case .accepted(let attemptID, let order):
                result = GraphObject(
                    "SubmitSuccess", ["attemptId": attemptID, "redirectUrl": c.url(OrderWriter.statusPath(order))])
            case .failed(let problems):
                result = GraphObject(
                    "SubmitFailed",
                    [
                        "checkoutUrl": c.url(HostedCheckoutHTML.path(cartToken: cart.token)),
                        "errors": graphList(
                            problems.map { GraphObject("SubmissionError", ["code": $0.code, "message": $0.message]) }),
                    ])
            }
            return GraphObject("CartSubmitForCompletionPayload", ["result": result, "userErrors": errors.coded])
        }
        on("QueryRoot", "cartCompletionAttempt") { _, args, c, _ in
            guard let attempt = try StorefrontCartStore.attempt(c.db, id: args.field("attemptId").asString ?? ""),
                let order = try StorefrontOrderStore.order(c.db, id: attempt.orderId, shopID: c.shop.id)
            else { return nil }
            return GraphObject(
                "CartCompletionSuccess",
                [
                    "id": attempt.attemptId, "orderId": order.gid.encoded,
                    "orderUrl": c.url(OrderWriter.statusPath(order)),
                    "completedAt": c.dateTime(Date(timeIntervalSince1970: attempt.createdAt)),
                ])
        }
    }

    /// A `CartPaymentInput`: one method, the amount due in the shop's currency, and for a card a usable vault
    /// session whose card passes the card rules.
    static func payment(
        _ input: Map, _ cart: CartRecord, _ totals: CartTotals, _ c: StorefrontRequestContext,
        _ errors: inout UserErrorList
    ) throws -> CartDetails.Payment? {
        if cart.lines.isEmpty {
            errors.add("INVALID_PAYMENT_EMPTY_CART", ["payment"], "Cannot update payment on an empty cart")
            return nil
        }
        let sent = CheckoutCompletion.amountText(input.field("amount").field("amount")).flatMap(StorefrontFormat.cents)
        if sent != totals.dueCents {
            errors.add(
                "INVALID_PAYMENT", ["payment", "amount", "amount"],
                "Payment amount must be the amount due, \(StorefrontFormat.decimal(cents: totals.dueCents))")
        }
        if let currency = input.field("amount").field("currencyCode").asString, currency != c.shop.currency {
            errors.add("INVALID_PAYMENT", ["payment", "amount", "currencyCode"], "Currency must be \(c.shop.currency)")
        }
        let direct = input.field("directPaymentMethod")
        let free = input.field("freePaymentMethod")
        let methods = [direct, free, input.field("walletPaymentMethod")].filter { !$0.isNullOrAbsent }.count
        guard methods == 1 else {
            errors.add("INVALID_PAYMENT", ["payment"], "Give exactly one payment method")
            return nil
        }
        if !input.field("walletPaymentMethod").isNullOrAbsent {
            errors.add(
                "PAYMENT_METHOD_NOT_SUPPORTED", ["payment", "walletPaymentMethod"],
                "Wallet payments are not emulated on 2026-04 carts; use a vaulted test card")
            return nil
        }
        if !free.isNullOrAbsent {
            if totals.dueCents > 0 {
                errors.add(
                    "PAYMENT_METHOD_NOT_APPLICABLE", ["payment", "freePaymentMethod"],
                    "A free payment needs a cart that costs nothing")
            }
            return CartDetails.Payment(
                amountCents: totals.dueCents, currency: c.shop.currency, sessionID: nil,
                billingAddress: CartAddressRules.mailingFields(free.field("billingAddress")))
        }
        let sessionID = direct.field("sessionId").asString ?? ""
        guard let session = try StorefrontPaymentStore.usableSession(c.db, token: sessionID, now: c.now) else {
            errors.add(
                "INVALID_PAYMENT", ["payment", "directPaymentMethod", "sessionId"],
                "The card session is invalid, expired or already used")
            return nil
        }
        if let problem = CardRules.problem(session, now: c.now) {
            let code =
                switch problem {
                case "Card number is invalid": "PAYMENTS_CREDIT_CARD_NUMBER_INVALID"
                case "Card is expired": "PAYMENTS_CREDIT_CARD_BASE_EXPIRED"
                case "Expiry month is invalid": "PAYMENTS_CREDIT_CARD_MONTH_INCLUSION"
                default: "PAYMENTS_CREDIT_CARD_GENERIC"
                }
            errors.add(code, ["payment", "directPaymentMethod", "sessionId"], problem)
        }
        return CartDetails.Payment(
            amountCents: totals.dueCents, currency: c.shop.currency, sessionID: session.token,
            billingAddress: CartAddressRules.mailingFields(direct.field("billingAddress")))
    }
}
