import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// `checkoutCreate`, the email, shipping-address and shipping-line updates (spec §4.4, §5.8).
    mutating func registerCheckoutMutations() {
        on("Mutation", "checkoutCreate") { _, args, c, _ in
            try c.require(StorefrontScope.writeCheckouts, for: "checkoutCreate")
            let input = args.field("input")
            var errors = UserErrorList(codedType: "CheckoutUserError")
            var checkout = CheckoutRecord(
                shopID: c.shop.id, allowPartialAddresses: input.field("allowPartialAddresses").asBool ?? false,
                now: c.now)
            try CheckoutRules.applyLines(
                input.field("lineItems").asList ?? [], prefix: ["input", "lineItems"], replace: true,
                to: &checkout, c, &errors)
            if let email = input.field("email").asString {
                CheckoutRules.email(email, field: ["input", "email"], &errors)
                checkout.email = email
            }
            if input.has("shippingAddress") {
                let values = CheckoutRules.addressValues(input.field("shippingAddress"))
                CheckoutRules.address(
                    values, partial: checkout.allowPartialAddresses, shipsTo: c.shop.shipsTo,
                    prefix: ["input", "shippingAddress"], &errors)
                checkout.shippingAddress = values
            }
            if let note = input.field("note").asString {
                if note.count > 5000 {
                    errors.add("TOO_LONG", ["input", "note"], "Note is too long (maximum is 5000 characters)")
                }
                checkout.note = note
            }
            checkout.attributes = CheckoutRules.attributes(
                input.field("customAttributes").asList ?? [],
                prefix: ["input", "customAttributes"], &errors)
            if let currency = input.field("presentmentCurrencyCode").asString, currency != c.shop.currency {
                errors.add(
                    "NOT_SUPPORTED", ["input", "presentmentCurrencyCode"], "Presentment currency is not supported")
            }
            guard errors.isEmpty else {
                return CheckoutMutation.payload("CheckoutCreatePayload", nil, errors, ["queueToken": nil])
            }
            CheckoutMutation.started(&checkout, c, ratesToo: true)
            try StorefrontCheckoutStore.save(c.db, checkout)
            return CheckoutMutation.payload("CheckoutCreatePayload", checkout, errors, ["queueToken": nil])
        }

        for (name, payload) in [
            ("checkoutEmailUpdate", "CheckoutEmailUpdatePayload"),
            ("checkoutEmailUpdateV2", "CheckoutEmailUpdateV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try CheckoutMutation.update(name, payload, args, c) { checkout, errors in
                    let email = args.field("email").asString ?? ""
                    CheckoutRules.email(email, field: ["email"], &errors)
                    checkout.email = email
                    checkout.updatedAt = c.now
                }
            }
        }

        for (name, payload) in [
            ("checkoutShippingAddressUpdate", "CheckoutShippingAddressUpdatePayload"),
            ("checkoutShippingAddressUpdateV2", "CheckoutShippingAddressUpdateV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try CheckoutMutation.update(name, payload, args, c) { checkout, errors in
                    let values = CheckoutRules.addressValues(args.field("shippingAddress"))
                    CheckoutRules.address(
                        values, partial: checkout.allowPartialAddresses, shipsTo: c.shop.shipsTo,
                        prefix: ["shippingAddress"], &errors)
                    checkout.shippingAddress = values
                    // Rates depend on the country only, so a chosen line survives a more precise address.
                    if let line = checkout.shippingLine, !CheckoutPricing.rates(for: values).contains(line) {
                        checkout.shippingLine = nil
                    }
                    if errors.isEmpty { CheckoutMutation.started(&checkout, c, ratesToo: true) }
                }
            }
        }

        on("Mutation", "checkoutShippingLineUpdate") { _, args, c, _ in
            try CheckoutMutation.update("checkoutShippingLineUpdate", "CheckoutShippingLineUpdatePayload", args, c) {
                checkout, errors in
                let handle = args.field("shippingRateHandle").asString ?? ""
                let field = ["shippingRateHandle"]
                if !checkout.requiresShipping {
                    errors.add("NOT_SUPPORTED", field, "This checkout does not require shipping")
                } else if checkout.shippingAddress == nil {
                    errors.add("INVALID", field, "Shipping address must be set before a shipping rate")
                } else if !CheckoutPricing.isIssued(handle) {
                    errors.add("INVALID", field, "Shipping rate is invalid")
                } else if let rate = CheckoutPricing.rates(for: checkout.shippingAddress).first(where: {
                    $0.handle == handle
                }) {
                    checkout.shippingLine = rate
                    CheckoutMutation.started(&checkout, c, ratesToo: false)
                } else {
                    errors.add("SHIPPING_RATE_EXPIRED", field, "Shipping rate has expired")
                }
            }
        }
    }
}

/// Shared steps of the checkout mutations.
enum CheckoutMutation {
    static func payload(
        _ type: String, _ checkout: CheckoutRecord?, _ errors: UserErrorList,
        _ extra: [String: (any Sendable)?] = [:]
    ) -> GraphObject {
        var fields: [String: (any Sendable)?] = [
            "checkout": checkout, "checkoutUserErrors": errors.coded, "userErrors": errors.mirrored,
        ]
        for (key, value) in extra { fields[key] = value }
        return GraphObject(type, fields)
    }

    /// K1, K16, K17: the checkout an update may change, or an error entry.
    static func open(_ args: Map, _ c: StorefrontRequestContext, _ errors: inout UserErrorList) throws
        -> CheckoutRecord?
    {
        guard
            let checkout = try StorefrontCheckoutStore.checkout(
                c.db, id: args.field("checkoutId").asString, shopID: c.shop.id)
        else {
            errors.add("INVALID", ["checkoutId"], "Checkout does not exist")
            return nil
        }
        switch checkout.status {
        case .completed: errors.add("ALREADY_COMPLETED", ["checkoutId"], "Checkout is already completed")
        case .processing: errors.add("LOCKED", ["checkoutId"], "Checkout is locked while a payment is processed")
        case .open: break
        }
        return checkout
    }

    /// Runs one update: the checkout is saved only when `change` added no error.
    static func update(
        _ name: String, _ payloadType: String, _ args: Map, _ c: StorefrontRequestContext,
        _ change: (inout CheckoutRecord, inout UserErrorList) throws -> Void
    ) throws -> GraphObject {
        try c.require(StorefrontScope.writeCheckouts, for: name)
        var errors = UserErrorList(codedType: "CheckoutUserError")
        guard let original = try open(args, c, &errors) else { return payload(payloadType, nil, errors) }
        guard errors.isEmpty else { return payload(payloadType, original, errors) }
        var checkout = original
        try change(&checkout, &errors)
        guard errors.isEmpty else { return payload(payloadType, original, errors) }
        try StorefrontCheckoutStore.save(c.db, checkout)
        return payload(payloadType, checkout, errors)
    }

    /// A change that needs new totals (and rates): the computations start pending, and this mutation's own
    /// payload shows them pending without counting as a poll (§5.14).
    static func started(_ checkout: inout CheckoutRecord, _ c: StorefrontRequestContext, ratesToo: Bool) {
        checkout.changed(settings: PendingComputation.Settings(c.shop), now: c.now, ratesToo: ratesToo)
        c.pollAnswers[CheckoutProgress.recalculationKey(checkout.token)] = false
        if checkout.rates != nil { c.pollAnswers[CheckoutProgress.ratesKey(checkout.token)] = false }
    }
}
