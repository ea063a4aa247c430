import CommerceCore
import Foundation
import GraphQL

/// A placed order (spec §5.10) with its line items in position order. Orders are written only by
/// ``OrderWriter`` and read through ``StorefrontOrderStore``.
struct OrderRecord: GraphValue {
    var graphQLTypeName: String { "Order" }
    let id: Int64
    let shopID: Int64
    let number: Int64
    let token: String
    let key: String
    let customerID: Int64?
    let email: String?
    let phone: String?
    let currency: String
    let subtotalCents: Int64
    let shippingCents: Int64
    let taxCents: Int64
    let dutiesCents: Int64?
    let totalCents: Int64
    let processedAt: Date
    var lines: [OrderLineRecord] = []

    var gid: GlobalID { GlobalID("Order", id, query: [("key", key)]) }
    var name: String { "#\(number)" }

    /// `Customer.orders`: search on `processed_at` and free text (name, line titles), sort `ID`, `PROCESSED_AT`,
    /// `TOTAL_PRICE`, `RELEVANCE`.
    static func connection(_ orders: [OrderRecord], args: Map) throws -> GraphObject {
        let query = SearchQuery(args.field("query").asString, fields: ["processed_at"])
        let freeText: (OrderRecord) -> [String] = { [$0.name] + $0.lines.map(\.title) }
        let matching = orders.filter { order in
            query.matches(freeText: freeText(order)) { $0 == "processed_at" ? .date(order.processedAt) : nil }
        }
        let key = args.field("sortKey").asString ?? "ID"
        let entries = matching.map { order -> Connection.Entry<OrderRecord> in
            let value: SortValue =
                switch key {
                case "PROCESSED_AT": .number(Int64(order.processedAt.timeIntervalSince1970))
                case "TOTAL_PRICE": .number(order.totalCents)
                case "RELEVANCE": .number(query.relevance(freeText: freeText(order)))
                default: .number(order.id)
                }
            return Connection.Entry(item: order, id: order.id, value: value)
        }
        let order = SortOrder(key: key, descending: key == "RELEVANCE", reverse: args.field("reverse").asBool ?? false)
        return try Connection.make(entries, order: order, args: args, connectionType: "OrderConnection")
    }

    /// The control route's view of an order (`GET /sandbox/storefront/shops/{id}/orders`).
    func controlJSON(customerGID: String?) -> JSONValue {
        [
            "id": .string(gid.encoded), "name": .string(name), "orderNumber": .integer(number), "email": .from(email),
            "phone": .from(phone), "customerId": .from(customerGID), "currencyCode": .string(currency),
            "subtotalPrice": .string(StorefrontFormat.decimal(cents: subtotalCents)),
            "totalPrice": .string(StorefrontFormat.decimal(cents: totalCents)),
            "financialStatus": "PAID", "fulfillmentStatus": "UNFULFILLED",
            "processedAt": .string(StorefrontFormat.dateTime(processedAt)),
            "lineItems": .array(
                lines.map { line in
                    [
                        "title": .string(line.title),
                        "variantId": .from(line.variantID.map { GlobalID("ProductVariant", $0).encoded }),
                        "quantity": .integer(line.quantity),
                        "unitPrice": .string(StorefrontFormat.decimal(cents: line.unitPriceCents)),
                    ]
                }),
        ]
    }
}

/// One line of an order: the product title, variant and unit price captured when the order was placed.
struct OrderLineRecord: GraphValue {
    var graphQLTypeName: String { "OrderLineItem" }
    let position: Int64
    let variantID: Int64?
    let title: String
    let quantity: Int64
    let unitPriceCents: Int64

    var totalCents: Int64 { unitPriceCents * quantity }

    init(position: Int64, variantID: Int64?, title: String, quantity: Int64, unitPriceCents: Int64) {
        self.position = position
        self.variantID = variantID
        self.title = title
        self.quantity = quantity
        self.unitPriceCents = unitPriceCents
    }
}

extension ResolverRegistry {
    /// The `Order` and `OrderLineItem` fields of §5.3.
    mutating func registerOrder() {
        let order = OrderRecord.self
        on("Order", "id", as: order) { o, _, _ in o.gid.encoded }
        on("Order", "name", as: order) { o, _, _ in o.name }
        on("Order", "orderNumber", as: order) { o, _, _ in Int(o.number) }
        on("Order", "processedAt", as: order) { o, _, c in c.dateTime(o.processedAt) }
        on("Order", "email", as: order) { o, _, _ in o.email }
        on("Order", "phone", as: order) { o, _, _ in o.phone }
        on("Order", "currencyCode", as: order) { o, _, _ in o.currency }
        on("Order", "edited", as: order) { _, _, _ in false }
        on("Order", "canceledAt", as: order) { _, _, _ in nil }
        on("Order", "cancelReason", as: order) { _, _, _ in nil }
        on("Order", "shippingAddress", as: order) { _, _, _ in nil }
        on("Order", "financialStatus", as: order) { _, _, _ in "PAID" }
        on("Order", "fulfillmentStatus", as: order) { _, _, _ in "UNFULFILLED" }
        on("Order", "statusUrl", as: order) { o, _, c in c.url(OrderWriter.statusPath(o)) }
        on("Order", "customerUrl", as: order) { o, _, c in
            o.customerID == nil ? nil : c.url(OrderWriter.customerPath(o))
        }
        on("Order", "totalPrice", as: order) { o, _, _ in StorefrontFormat.money(cents: o.totalCents) }
        on("Order", "totalPriceV2", as: order) { o, _, c in c.money(o.totalCents) }
        on("Order", "subtotalPrice", as: order) { o, _, _ in StorefrontFormat.money(cents: o.subtotalCents) }
        on("Order", "subtotalPriceV2", as: order) { o, _, c in c.money(o.subtotalCents) }
        on("Order", "totalTax", as: order) { o, _, _ in StorefrontFormat.money(cents: o.taxCents) }
        on("Order", "totalTaxV2", as: order) { o, _, c in c.money(o.taxCents) }
        on("Order", "totalShippingPrice", as: order) { o, _, _ in StorefrontFormat.money(cents: o.shippingCents) }
        on("Order", "totalShippingPriceV2", as: order) { o, _, c in c.money(o.shippingCents) }
        on("Order", "totalRefunded", as: order) { _, _, _ in StorefrontFormat.money(cents: 0) }
        on("Order", "totalRefundedV2", as: order) { _, _, c in c.money(0) }
        on("Order", "currentSubtotalPrice", as: order) { o, _, c in c.money(o.subtotalCents) }
        on("Order", "currentTotalPrice", as: order) { o, _, c in c.money(o.totalCents) }
        on("Order", "originalTotalPrice", as: order) { o, _, c in c.money(o.totalCents) }
        on("Order", "currentTotalTax", as: order) { o, _, c in c.money(o.taxCents) }
        on("Order", "currentTotalDuties", as: order) { o, _, c in o.dutiesCents.map { c.money($0) } }
        on("Order", "originalTotalDuties", as: order) { o, _, c in o.dutiesCents.map { c.money($0) } }
        on("Order", "lineItems", as: order) { o, args, _ in
            let entries = o.lines.map { Connection.Entry(item: $0, id: $0.position, value: .number($0.position)) }
            return try Connection.make(
                entries,
                order: SortOrder(
                    key: "POSITION", descending: false,
                    reverse: args.field("reverse").asBool ?? false),
                args: args, connectionType: "OrderLineItemConnection")
        }

        let line = OrderLineRecord.self
        on("OrderLineItem", "title", as: line) { l, _, _ in l.title }
        on("OrderLineItem", "quantity", as: line) { l, _, _ in Int(l.quantity) }
        on("OrderLineItem", "currentQuantity", as: line) { l, _, _ in Int(l.quantity) }
        on("OrderLineItem", "variant", as: line) { l, _, c in
            try l.variantID.flatMap { try c.catalog().variantsByID[$0] }
        }
        on("OrderLineItem", "originalTotalPrice", as: line) { l, _, c in c.money(l.totalCents) }
        on("OrderLineItem", "discountedTotalPrice", as: line) { l, _, c in c.money(l.totalCents) }
        on("OrderLineItem", "customAttributes", as: line) { _, _, _ in [(any Sendable)?]() }
        on("OrderLineItem", "discountAllocations", as: line) { _, _, _ in [(any Sendable)?]() }
    }
}
