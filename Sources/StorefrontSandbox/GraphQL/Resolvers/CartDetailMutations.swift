import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// The cart mutations that change a cart's details rather than its lines: attributes, buyer identity,
    /// discount codes and note (spec §4.6 R6–R9, §5.11).
    mutating func registerCartDetailMutations() {
        on("Mutation", "cartAttributesUpdate") { _, args, c, _ in
            try CartMutation.updateDetails("cartAttributesUpdate", "CartAttributesUpdatePayload", args, c) {
                cart, errors in
                // The list replaces every attribute; R7 names the entry by its index in `attributes`.
                cart.attributes = CartMutation.attributes(
                    args.field("attributes").asList ?? [], prefix: ["attributes"], &errors)
            }
        }

        on("Mutation", "cartNoteUpdate") { _, args, c, _ in
            try CartMutation.updateDetails("cartNoteUpdate", "CartNoteUpdatePayload", args, c) { cart, errors in
                let note = args.field("note").asString
                if let note, note.count > 5000 {
                    errors.add("INVALID", ["note"], "Note is too long (maximum is 5000 characters)")
                }
                // `note: null` (or absent) clears the note, as an empty text field in a cart form would.
                cart.note = note
            }
        }

        on("Mutation", "cartDiscountCodesUpdate") { _, args, c, _ in
            try CartMutation.updateDetails("cartDiscountCodesUpdate", "CartDiscountCodesUpdatePayload", args, c) {
                cart, _ in
                // Every code is kept, known or not: `Cart.discountCodes` reports `applicable` per code (§4.6).
                cart.discountCodes = CartMutation.distinctCodes(args.field("discountCodes").asList ?? [])
            }
        }

        on("Mutation", "cartBuyerIdentityUpdate") { _, args, c, _ in
            try CartMutation.updateDetails("cartBuyerIdentityUpdate", "CartBuyerIdentityUpdatePayload", args, c) {
                cart, errors in
                let input = args.field("buyerIdentity")
                let prefix = ["buyerIdentity"]
                // Input semantics: an absent field keeps its value, `null` clears it.
                if input.has("email") {
                    let email = input.field("email").asString
                    if let email, !InputRules.emailIsValid(email) {
                        errors.add("INVALID", prefix + ["email"], "Email is invalid")
                    }
                    cart.buyerEmail = email
                }
                if input.has("phone") { cart.buyerPhone = input.field("phone").asString }
                if input.has("countryCode") { cart.buyerCountry = input.field("countryCode").asString }
                if input.has("customerAccessToken") {
                    if let token = input.field("customerAccessToken").asString {
                        let customer = try StorefrontCustomerStore.customer(
                            c.db, accessToken: token, shopID: c.shop.id, now: c.now)
                        if customer == nil {
                            errors.add("INVALID", prefix + ["customerAccessToken"], "Customer access token is invalid")
                        }
                        cart.customerID = customer?.id
                    } else {
                        cart.customerID = nil
                    }
                }
            }
        }
    }
}

extension CartMutation {
    /// Runs one detail update: R6 for the cart, then `change`; the cart is saved only when no entry was added,
    /// otherwise the payload shows the cart unchanged.
    static func updateDetails(
        _ name: String, _ payloadType: String, _ args: Map, _ c: StorefrontRequestContext,
        _ change: (inout CartRecord, inout UserErrorList) throws -> Void
    ) throws -> GraphObject {
        try c.require(StorefrontScope.writeCheckouts, for: name)
        var errors = UserErrorList(codedType: "CartUserError")
        guard let original = try cart(args, c, &errors) else { return payload(payloadType, nil, errors) }
        var updated = original
        try change(&updated, &errors)
        guard errors.isEmpty else { return payload(payloadType, original, errors) }
        updated.updatedAt = c.now
        try StorefrontCartStore.save(c.db, updated)
        return payload(payloadType, updated, errors)
    }

    /// Trimmed, non-blank codes, each once (case-insensitively), in the order given.
    static func distinctCodes(_ inputs: [Map]) -> [String] {
        var codes: [String] = []
        for input in inputs {
            guard let code = input.asString?.trimmingCharacters(in: .whitespaces), !code.isEmpty else { continue }
            if !codes.contains(where: { $0.caseInsensitiveCompare(code) == .orderedSame }) { codes.append(code) }
        }
        return codes
    }
}
