import CommerceCore
import Foundation
import GraphQL

extension ResolverRegistry {
    /// `checkoutLineItemsAdd`, `…Replace`, `…Update`, `…Remove` (spec §4.4 K1–K4, K16, K17; §5.8).
    mutating func registerCheckoutLineItemMutations() {
        on("Mutation", "checkoutLineItemsAdd") { _, args, c, _ in
            try CheckoutMutation.update("checkoutLineItemsAdd", "CheckoutLineItemsAddPayload", args, c) {
                checkout, errors in
                try CheckoutRules.applyLines(
                    args.field("lineItems").asList ?? [], prefix: ["lineItems"], replace: false,
                    to: &checkout, c, &errors)
                if errors.isEmpty { CheckoutMutation.started(&checkout, c, ratesToo: true) }
            }
        }

        // The Replace payload of 2021-10 has only `checkout` and a coded `userErrors`.
        on("Mutation", "checkoutLineItemsReplace") { _, args, c, _ in
            let payload = try CheckoutMutation.update(
                "checkoutLineItemsReplace", "CheckoutLineItemsReplacePayload", args, c
            ) { checkout, errors in
                try CheckoutRules.applyLines(
                    args.field("lineItems").asList ?? [], prefix: ["lineItems"], replace: true,
                    to: &checkout, c, &errors)
                if errors.isEmpty { CheckoutMutation.started(&checkout, c, ratesToo: true) }
            }
            return GraphObject(
                "CheckoutLineItemsReplacePayload",
                [
                    "checkout": payload.fields["checkout"] ?? nil,
                    "userErrors": payload.fields["checkoutUserErrors"] ?? nil,
                ])
        }

        on("Mutation", "checkoutLineItemsUpdate") { _, args, c, _ in
            try CheckoutMutation.update("checkoutLineItemsUpdate", "CheckoutLineItemsUpdatePayload", args, c) {
                checkout, errors in
                let catalog = try c.catalog()
                for (i, input) in (args.field("lineItems").asList ?? []).enumerated() {
                    let path = ["lineItems", String(i)]
                    let id = input.field("id").asString ?? ""
                    guard let index = checkout.lineIndex(id) else {
                        errors.add("LINE_ITEM_NOT_FOUND", path + ["id"], "Line item with id \(id) not found")
                        continue
                    }
                    if input.has("variantId") {
                        let variantID = GlobalID.number(input.field("variantId").asString, type: "ProductVariant")
                        guard let variant = variantID.flatMap({ catalog.variantsByID[$0] }),
                            let product = catalog.productsByID[variant.productID]
                        else {
                            errors.add("INVALID", path + ["variantId"], "Variant does not exist")
                            continue
                        }
                        checkout.lines[index].variantID = variant.id
                        checkout.lines[index].title = product.title
                        checkout.lines[index].unitPriceCents = variant.priceCents
                        checkout.lines[index].requiresShipping = product.requiresShipping
                    }
                    if let quantity = input.field("quantity").asInt {
                        guard quantity >= 0 else {
                            errors.add(
                                "GREATER_THAN_OR_EQUAL_TO", path + ["quantity"],
                                "Quantity must be greater than or equal to 0")
                            continue
                        }
                        checkout.lines[index].quantity = Int64(quantity)
                    }
                    if input.has("customAttributes") {
                        checkout.lines[index].attributes = CheckoutRules.attributes(
                            input.field("customAttributes").asList ?? [],
                            prefix: path + ["customAttributes"], &errors)
                    }
                    let line = checkout.lines[index]
                    let wanted = checkout.lines.filter { $0.variantID == line.variantID }.reduce(0) { $0 + $1.quantity }
                    if let inventory = catalog.variantsByID[line.variantID]?.inventory, wanted > inventory {
                        errors.add("NOT_ENOUGH_IN_STOCK", path + ["quantity"], "Only \(inventory) items are available")
                    }
                }
                checkout.lines.removeAll { $0.quantity == 0 }
                if errors.isEmpty { CheckoutMutation.started(&checkout, c, ratesToo: true) }
            }
        }

        on("Mutation", "checkoutLineItemsRemove") { _, args, c, _ in
            try CheckoutMutation.update("checkoutLineItemsRemove", "CheckoutLineItemsRemovePayload", args, c) {
                checkout, errors in
                var remove: Set<String> = []
                for (i, id) in (args.field("lineItemIds").asList ?? []).enumerated() {
                    let text = id.asString ?? ""
                    if let index = checkout.lineIndex(text) {
                        remove.insert(checkout.lines[index].token)
                    } else {
                        errors.add(
                            "LINE_ITEM_NOT_FOUND", ["lineItemIds", String(i)], "Line item with id \(text) not found")
                    }
                }
                checkout.lines.removeAll { remove.contains($0.token) }
                if errors.isEmpty { CheckoutMutation.started(&checkout, c, ratesToo: true) }
            }
        }
    }
}
