import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// The completion mutations (spec §4.5, §5.10): they only accept a payment; a payment job decides it
    /// when the client polls.
    mutating func registerCheckoutCompletionMutations() {
        on("Mutation", "checkoutCompleteWithCreditCard") { _, args, c, _ in
            try CheckoutCompletion.accept(args, c, payloadType: "CheckoutCompleteWithCreditCardPayload", form: .cardV1)
        }
        on("Mutation", "checkoutCompleteWithCreditCardV2") { _, args, c, _ in
            try CheckoutCompletion.accept(
                args, c, payloadType: "CheckoutCompleteWithCreditCardV2Payload", form: .cardV2)
        }
        on("Mutation", "checkoutCompleteWithTokenizedPayment") { _, args, c, _ in
            try CheckoutCompletion.accept(
                args, c, payloadType: "CheckoutCompleteWithTokenizedPaymentPayload", form: .tokenizedV1)
        }
        on("Mutation", "checkoutCompleteWithTokenizedPaymentV2") { _, args, c, _ in
            try CheckoutCompletion.accept(
                args, c, payloadType: "CheckoutCompleteWithTokenizedPaymentV2Payload", form: .tokenizedV2)
        }
        on("Mutation", "checkoutCompleteWithTokenizedPaymentV3") { _, args, c, _ in
            try CheckoutCompletion.accept(
                args, c, payloadType: "CheckoutCompleteWithTokenizedPaymentV3Payload", form: .tokenizedV3)
        }
    }
}

/// Accepting a payment for a checkout: the §4.5 rules, then a pending payment and a processing checkout.
enum CheckoutCompletion {
    enum Form {
        case cardV1, cardV2, tokenizedV1, tokenizedV2, tokenizedV3
        var isCard: Bool { self == .cardV1 || self == .cardV2 }
        /// The V1 forms send `amount: Money` with no currency; the others a `MoneyInput`.
        var sendsBareAmount: Bool { self == .cardV1 || self == .tokenizedV1 }
        var amountField: [String] { sendsBareAmount ? ["payment", "amount"] : ["payment", "paymentAmount"] }
    }

    static func accept(_ args: Map, _ c: StorefrontRequestContext, payloadType: String, form: Form) throws
        -> GraphObject
    {
        try c.require(StorefrontScope.writeCheckouts, for: "checkoutComplete")
        var errors = UserErrorList(codedType: "CheckoutUserError")
        func answer(_ checkout: CheckoutRecord?, _ payment: PaymentRecord?) -> GraphObject {
            CheckoutMutation.payload(payloadType, checkout, errors, ["payment": payment])
        }
        guard
            var checkout = try StorefrontCheckoutStore.checkout(
                c.db, id: args.field("checkoutId").asString, shopID: c.shop.id)
        else {
            errors.add("INVALID", ["checkoutId"], "Checkout does not exist")
            return answer(nil, nil)
        }
        let input = args.field("payment")
        let key = (input.field("idempotencyKey").asString ?? "").trimmingCharacters(in: .whitespaces)
        // P12: the same key again is the same payment, whatever happened since.
        if !key.isEmpty,
            let earlier = try StorefrontPaymentStore.payment(
                c.db, checkoutToken: checkout.token, idempotencyKey: key, shopID: c.shop.id)
        {
            return answer(checkout, earlier)
        }
        guard try CheckoutMutation.open(args, c, &errors) != nil, errors.isEmpty else { return answer(checkout, nil) }
        checkRules(checkout, c, &errors)

        let due = CheckoutPricing.totals(checkout, shopCountry: c.shop.country)
        let amountInput = form.sendsBareAmount ? input.field("amount") : input.field("paymentAmount").field("amount")
        let sentText = amountText(amountInput)
        let sent = sentText.flatMap(StorefrontFormat.cents)
        if sent != due.totalCents {
            let shown = sent.map { StorefrontFormat.decimal(cents: $0) } ?? (sentText ?? "")
            errors.add(
                "TOTAL_PRICE_MISMATCH", form.amountField,
                "Payment amount \(shown) does not match the amount due \(StorefrontFormat.decimal(cents: due.totalCents))"
            )
        }
        if !form.sendsBareAmount, let currency = input.field("paymentAmount").field("currencyCode").asString,
            currency != c.shop.currency
        {
            errors.add("INVALID", ["payment", "paymentAmount", "currencyCode"], "Currency must be \(c.shop.currency)")
        }
        if key.isEmpty { errors.add("BLANK", ["payment", "idempotencyKey"], "Idempotency key can't be blank") }

        var session: VaultSession?
        let paymentData = input.field("paymentData").asString ?? ""
        if form.isCard {
            session = try StorefrontPaymentStore.usableSession(
                c.db, token: input.field("vaultId").asString ?? "", now: c.now)
            if session == nil {
                errors.add("INVALID", ["payment", "vaultId"], "Vault ID is invalid, expired or already used")
            }
        } else {
            if paymentData.trimmingCharacters(in: .whitespaces).isEmpty {
                errors.add("BLANK", ["payment", "paymentData"], "Payment data can't be blank")
            }
            if !walletIsSupported(input.field("type").asString ?? "", form: form) {
                errors.add("NOT_SUPPORTED", ["payment", "type"], "Payment type is not supported")
            }
        }
        guard errors.isEmpty else { return answer(checkout, nil) }

        let settings = PendingComputation.Settings(c.shop)
        let payment = try StorefrontPaymentStore.save(
            c.db,
            PaymentRecord(
                checkoutToken: checkout.token, shopID: c.shop.id, idempotencyKey: key,
                kind: form.isCard ? .card : .tokenized,
                amountCents: due.totalCents, currency: c.shop.currency,
                billingAddress: input.has("billingAddress")
                    ? CheckoutRules.addressValues(input.field("billingAddress")) : nil,
                vaultToken: session?.token, paymentData: form.isCard ? nil : paymentData, card: session.map(card),
                job: PendingComputation(polls: settings.paymentPolls, deadline: c.now + settings.deadlineSeconds),
                createdAt: c.now))
        checkout.totals = due
        checkout.recalculation = nil
        checkout.status = .processing
        checkout.processingPaymentID = payment.id
        checkout.updatedAt = c.now
        try StorefrontCheckoutStore.save(c.db, checkout)
        // Accepting is not a poll: this payload shows the payment and the checkout not ready.
        c.pollAnswers[CheckoutProgress.paymentKey(payment.id)] = false
        return answer(checkout, payment)
    }

    /// P1–P4 and the K7–K10 entries of the stored address.
    static func checkRules(_ checkout: CheckoutRecord, _ c: StorefrontRequestContext, _ errors: inout UserErrorList) {
        if checkout.lines.isEmpty { errors.add("EMPTY", ["checkoutId"], "Checkout has no line items") }
        if (checkout.email ?? "").isEmpty { errors.add("BLANK", ["email"], "Email can't be blank") }
        guard checkout.requiresShipping else { return }
        if let address = checkout.shippingAddress {
            CheckoutRules.address(
                address, partial: false, shipsTo: c.shop.shipsTo, prefix: ["shippingAddress"], &errors)
        } else {
            errors.add("BLANK", ["shippingAddress"], "Shipping address can't be blank")
        }
        if checkout.shippingLine == nil { errors.add("BLANK", ["shippingLine"], "Shipping line can't be blank") }
    }

    /// `Decimal` and `Money` travel as strings; a JSON number in variables is accepted too.
    static func amountText(_ value: Map) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): "\(number.doubleValue)"
        default: nil
        }
    }

    /// P10: V1/V2 take `apple_pay` / `google_pay` in any case, V3 the enum; the wallet must be supported.
    static func walletIsSupported(_ type: String, form: Form) -> Bool {
        let wallet = form == .tokenizedV3 ? type : type.uppercased()
        return ["APPLE_PAY"].contains(wallet)
    }

    private static func card(_ session: VaultSession) -> PaymentRecord.Card {
        let year = Int(session.year).map { session.year.count <= 2 ? $0 + 2000 : $0 }
        return PaymentRecord.Card(
            brand: session.brand, lastDigits: session.lastDigits, firstName: session.firstName,
            lastName: session.lastName, month: Int(session.month), year: year)
    }
}
