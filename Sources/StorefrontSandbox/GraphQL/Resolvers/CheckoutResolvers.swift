import Foundation
import GraphQL

extension ResolverRegistry {
    /// `Checkout`, `CheckoutLineItem` and `ShippingRate` (spec §5.8, §5.9). Every field reads the checkout
    /// again by token, because a poll earlier in the same request may have finished a computation. Fields that
    /// poll are registered with `onPolling`: a query selecting one runs on the writer.
    mutating func registerCheckout() {
        let record = CheckoutRecord.self
        @Sendable func fresh(_ k: CheckoutRecord, _ c: StorefrontRequestContext) throws -> CheckoutRecord {
            try StorefrontCheckoutStore.checkout(c.db, token: k.token, shopID: c.shop.id) ?? k
        }
        on("Checkout", "id", as: record) { k, _, _ in k.gid.encoded }
        on("Checkout", "webUrl", as: record) { k, _, c in c.url(WebCheckoutHTML.checkoutPath(k)) }
        on("Checkout", "createdAt", as: record) { k, _, c in c.dateTime(k.createdAt) }
        on("Checkout", "updatedAt", as: record) { k, _, c in c.dateTime(try fresh(k, c).updatedAt) }
        on("Checkout", "currencyCode", as: record) { _, _, c in c.shop.currency }
        on("Checkout", "email", as: record) { k, _, c in try fresh(k, c).email }
        on("Checkout", "note", as: record) { k, _, c in try fresh(k, c).note }
        on("Checkout", "customAttributes", as: record) { k, _, c in
            graphList(try fresh(k, c).attributes.map { GraphObject("Attribute", ["key": $0.key, "value": $0.value]) })
        }
        on("Checkout", "requiresShipping", as: record) { k, _, c in try fresh(k, c).requiresShipping }
        on("Checkout", "taxExempt", as: record) { _, _, _ in false }
        on("Checkout", "taxesIncluded", as: record) { _, _, _ in false }
        on("Checkout", "appliedGiftCards", as: record) { _, _, _ in [(any Sendable)?]() }
        on("Checkout", "shippingDiscountAllocations", as: record) { _, _, _ in [(any Sendable)?]() }
        on("Checkout", "buyerIdentity", as: record) { k, _, c in
            GraphObject("CheckoutBuyerIdentity", ["countryCode": try fresh(k, c).shippingAddress?["country"]])
        }
        on("Checkout", "customer", as: record) { k, _, c in
            try fresh(k, c).customerID.flatMap { try StorefrontCustomerStore.customer(c.db, id: $0, shopID: c.shop.id) }
        }
        on("Checkout", "shippingAddress", as: record) { k, _, c in
            try fresh(k, c).shippingAddress.map {
                AddressRecord(id: 0, customerID: 0, values: $0, createdAt: k.createdAt)
            }
        }
        on("Checkout", "shippingLine", as: record) { k, _, c in
            try fresh(k, c).shippingLine.map { Self.shippingRate($0, currency: c.shop.currency) }
        }
        on("Checkout", "lineItems", as: record) { k, args, c in
            let checkout = try fresh(k, c)
            let entries = checkout.lines.enumerated().map { index, line in
                Connection.Entry(
                    item: CheckoutLineValue(checkout: checkout, line: line), id: Int64(index + 1),
                    value: .number(Int64(index + 1)))
            }
            return try Connection.make(
                entries,
                order: SortOrder(key: "POSITION", descending: false, reverse: args.field("reverse").asBool ?? false),
                args: args, connectionType: "CheckoutLineItemConnection")
        }

        // Readiness: a processing checkout is never ready; otherwise the recalculation decides.
        onPolling("Checkout", "ready", as: record) { k, _, c in
            let settled = try CheckoutProgress.paymentSettled(k.token, c)
            let current = try fresh(k, c)
            guard settled, current.status != .processing else { return false }
            return try CheckoutProgress.recalculationReady(k.token, c)
        }
        onPolling("Checkout", "availableShippingRates", as: record) { k, _, c in
            let checkout = try fresh(k, c)
            guard checkout.requiresShipping, let address = checkout.shippingAddress else { return nil }
            guard try CheckoutProgress.ratesReady(k.token, c) else {
                return GraphObject("AvailableShippingRates", ["ready": false, "shippingRates": nil])
            }
            return GraphObject(
                "AvailableShippingRates",
                [
                    "ready": true,
                    "shippingRates": graphList(
                        CheckoutPricing.rates(for: address).map { Self.shippingRate($0, currency: c.shop.currency) }),
                ])
        }

        // Totals keep their last values until the pending recalculation finishes.
        @Sendable func totals(_ k: CheckoutRecord, _ c: StorefrontRequestContext) throws -> CheckoutRecord.Totals {
            _ = try CheckoutProgress.recalculationReady(k.token, c)
            return try fresh(k, c).totals
        }
        let amounts: [(String, @Sendable (CheckoutRecord.Totals) -> Int64)] = [
            ("subtotalPrice", { $0.subtotalCents }), ("totalTax", { $0.taxCents }), ("totalPrice", { $0.totalCents }),
            ("paymentDue", { $0.totalCents }),
        ]
        for (field, amount) in amounts {
            onPolling("Checkout", field + "V2", as: record) { k, _, c in c.money(amount(try totals(k, c))) }
            // The deprecated `Money` string form of the same amount.
            onPolling("Checkout", field, as: record) { k, _, c in
                StorefrontFormat.money(cents: amount(try totals(k, c)))
            }
        }
        onPolling("Checkout", "lineItemsSubtotalPrice", as: record) { k, _, c in c.money(try totals(k, c).subtotalCents)
        }
        onPolling("Checkout", "totalDuties", as: record) { k, _, c in try totals(k, c).dutiesCents.map { c.money($0) } }

        // Completion: polling these advances the payment job.
        onPolling("Checkout", "order", as: record) { k, _, c in
            _ = try CheckoutProgress.paymentSettled(k.token, c)
            return try fresh(k, c).orderID.flatMap { try StorefrontOrderStore.order(c.db, id: $0, shopID: c.shop.id) }
        }
        onPolling("Checkout", "completedAt", as: record) { k, _, c in
            _ = try CheckoutProgress.paymentSettled(k.token, c)
            return try fresh(k, c).completedAt.map { c.dateTime($0) }
        }
        onPolling("Checkout", "orderStatusUrl", as: record) { k, _, c in
            _ = try CheckoutProgress.paymentSettled(k.token, c)
            return try fresh(k, c).orderID.flatMap { try StorefrontOrderStore.order(c.db, id: $0, shopID: c.shop.id) }
                .map { c.url(OrderWriter.statusPath($0)) }
        }

        let line = CheckoutLineValue.self
        on("CheckoutLineItem", "id", as: line) { l, _, _ in l.checkout.lineGID(l.line).encoded }
        on("CheckoutLineItem", "quantity", as: line) { l, _, _ in Int(l.line.quantity) }
        on("CheckoutLineItem", "title", as: line) { l, _, _ in l.line.title }
        on("CheckoutLineItem", "unitPrice", as: line) { l, _, c in c.money(l.line.unitPriceCents) }
        on("CheckoutLineItem", "variant", as: line) { l, _, c in try c.catalog().variantsByID[l.line.variantID] }
        on("CheckoutLineItem", "customAttributes", as: line) { l, _, _ in
            graphList(l.line.attributes.map { GraphObject("Attribute", ["key": $0.key, "value": $0.value]) })
        }
        on("CheckoutLineItem", "discountAllocations", as: line) { _, _, _ in [(any Sendable)?]() }
    }

    static func shippingRate(_ rate: CheckoutRecord.ShippingLine, currency: String) -> GraphObject {
        GraphObject(
            "ShippingRate",
            [
                "handle": rate.handle, "title": rate.title,
                "price": StorefrontFormat.money(cents: rate.priceCents),
                "priceV2": StorefrontFormat.moneyV2(cents: rate.priceCents, currency: currency),
            ])
    }
}

/// A checkout line as the executor sees it: the line and the checkout its ID names.
struct CheckoutLineValue: GraphValue {
    var graphQLTypeName: String { "CheckoutLineItem" }
    let checkout: CheckoutRecord
    let line: CheckoutRecord.Line
}
