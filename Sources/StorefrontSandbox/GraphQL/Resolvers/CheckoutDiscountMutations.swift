import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// Discount codes and gift cards on a checkout (spec §4.4 K1, K16, K17 plus the entries below).
    ///
    /// Sandbox decisions: a checkout takes one of the shop's discount codes (`SANDBOX10` on the demo shop, more
    /// through `POST /sandbox/storefront/shops/{id}/discount-codes`); it is recorded and listed in
    /// `discountApplications` but, as for carts (§5.11), changes no price. The sandbox issues no gift cards, so
    /// every gift card code is unknown and there is never an applied gift card to remove.
    mutating func registerCheckoutDiscountMutations() {
        for (name, payload) in [
            ("checkoutDiscountCodeApply", "CheckoutDiscountCodeApplyPayload"),
            ("checkoutDiscountCodeApplyV2", "CheckoutDiscountCodeApplyV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try CheckoutMutation.update(name, payload, args, c) { checkout, errors in
                    let code = (args.field("discountCode").asString ?? "").trimmingCharacters(in: .whitespaces)
                    guard !code.isEmpty else {
                        errors.add("BLANK", ["discountCode"], "Discount code can't be blank")
                        return
                    }
                    guard
                        let known = c.shop.discountCodes.first(where: {
                            $0.caseInsensitiveCompare(code) == .orderedSame
                        })
                    else {
                        errors.add(
                            "DISCOUNT_NOT_FOUND", ["discountCode"],
                            "Unable to find a valid discount matching the code entered")
                        return
                    }
                    // One code per checkout: a new one replaces the last.
                    checkout.discountCode = known
                    checkout.updatedAt = c.now
                }
            }
        }

        on("Mutation", "checkoutDiscountCodeRemove") { _, args, c, _ in
            try CheckoutMutation.update("checkoutDiscountCodeRemove", "CheckoutDiscountCodeRemovePayload", args, c) {
                checkout, _ in
                checkout.discountCode = nil
                checkout.updatedAt = c.now
            }
        }

        on("Mutation", "checkoutGiftCardApply") { _, args, c, _ in
            try CheckoutMutation.update("checkoutGiftCardApply", "CheckoutGiftCardApplyPayload", args, c) { _, errors in
                CheckoutDiscounts.refuse(args.field("giftCardCode").asString, field: ["giftCardCode"], &errors)
            }
        }

        on("Mutation", "checkoutGiftCardsAppend") { _, args, c, _ in
            try CheckoutMutation.update("checkoutGiftCardsAppend", "CheckoutGiftCardsAppendPayload", args, c) {
                _, errors in
                let codes = args.field("giftCardCodes").asList ?? []
                if codes.isEmpty { errors.add("BLANK", ["giftCardCodes"], "Gift card codes can't be blank") }
                for (i, code) in codes.enumerated() {
                    CheckoutDiscounts.refuse(code.asString, field: ["giftCardCodes", String(i)], &errors)
                }
            }
        }

        for (name, payload) in [
            ("checkoutGiftCardRemove", "CheckoutGiftCardRemovePayload"),
            ("checkoutGiftCardRemoveV2", "CheckoutGiftCardRemoveV2Payload"),
        ] {
            on("Mutation", name) { _, args, c, _ in
                try CheckoutMutation.update(name, payload, args, c) { _, errors in
                    errors.add("GIFT_CARD_NOT_FOUND", ["appliedGiftCardId"], "Applied gift card does not exist")
                }
            }
        }

        on("Checkout", "discountApplications", as: CheckoutRecord.self) { k, args, c in
            let fresh = try StorefrontCheckoutStore.checkout(c.db, token: k.token, shopID: k.shopID) ?? k
            let applications =
                fresh.discountCode.map {
                    [Connection.Entry(item: CheckoutDiscounts.application($0), id: 1, value: .number(1))]
                } ?? []
            return try Connection.make(
                applications,
                order: SortOrder(key: "POSITION", descending: false, reverse: args.field("reverse").asBool ?? false),
                args: args, connectionType: "DiscountApplicationConnection")
        }
    }
}

/// The entries and objects of the discount and gift-card mutations.
enum CheckoutDiscounts {
    /// A gift card code: blank, or (since the sandbox issues none) unknown.
    static func refuse(_ code: String?, field: [String], _ errors: inout UserErrorList) {
        if (code ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            errors.add("BLANK", field, "Gift card code can't be blank")
        } else {
            errors.add("GIFT_CARD_NOT_FOUND", field, "Gift card was not found")
        }
    }

    /// The applied code as a `DiscountCodeApplication` worth nothing (the sandbox changes no price).
    static func application(_ code: String) -> GraphObject {
        GraphObject(
            "DiscountCodeApplication",
            [
                "code": code, "applicable": true, "allocationMethod": "ACROSS", "targetSelection": "ALL",
                "targetType": "LINE_ITEM",
                "value": GraphObject("PricingPercentageValue", ["percentage": 0.0]),
            ])
    }
}
