import CommerceCore
import Foundation
import GRDB
import GraphQL

/// An order as `Customer.orders` lists it. Orders are created by checkout completion (a later issue);
/// this issue reads the table so customer queries already answer with the right shape.
struct OrderRecord: GraphValue {
    var graphQLTypeName: String { "Order" }
    let id: Int64
    let number: Int64
    let token: String
    let key: String
    let email: String?
    let phone: String?
    let currency: String
    let subtotalCents: Int64
    let shippingCents: Int64
    let taxCents: Int64
    let dutiesCents: Int64?
    let totalCents: Int64
    let processedAt: Date
    let lineTitles: [String]

    var gid: GlobalID { GlobalID("Order", id, query: [("key", key)]) }

    static func forCustomer(_ db: Database, customerID: Int64) throws -> [OrderRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM storefront_orders WHERE customer_id = ? ORDER BY id", arguments: [customerID]).map { row in
            let id: Int64 = row["id"]
            let titles = try String.fetchAll(db, sql: "SELECT title FROM storefront_order_lines WHERE order_id = ? ORDER BY position",
                                             arguments: [id])
            return OrderRecord(id: id, number: row["order_number"], token: row["token"], key: row["order_key"], email: row["email"],
                               phone: row["phone"], currency: row["currency"], subtotalCents: row["subtotal_cents"],
                               shippingCents: row["shipping_cents"], taxCents: row["tax_cents"], dutiesCents: row["duties_cents"],
                               totalCents: row["total_cents"], processedAt: Date(timeIntervalSince1970: row["processed_at"]),
                               lineTitles: titles)
        }
    }

    /// `Customer.orders`: search on `processed_at` and free text (name, line titles), sort `ID`, `PROCESSED_AT`,
    /// `TOTAL_PRICE`, `RELEVANCE`.
    static func connection(_ orders: [OrderRecord], args: Map) throws -> GraphObject {
        let query = SearchQuery(args.field("query").asString, fields: ["processed_at"])
        let freeText: (OrderRecord) -> [String] = { ["#\($0.number)"] + $0.lineTitles }
        let matching = orders.filter { order in
            query.matches(freeText: freeText(order)) { $0 == "processed_at" ? .date(order.processedAt) : nil }
        }
        let key = args.field("sortKey").asString ?? "ID"
        let entries = matching.map { order -> Connection.Entry<OrderRecord> in
            let value: SortValue = switch key {
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
}

extension ResolverRegistry {
    /// The `Order` fields a customer's order list needs.
    mutating func registerOrder() {
        let order = OrderRecord.self
        on("Order", "id", as: order) { o, _, _ in o.gid.encoded }
        on("Order", "name", as: order) { o, _, _ in "#\(o.number)" }
        on("Order", "orderNumber", as: order) { o, _, _ in Int(o.number) }
        on("Order", "processedAt", as: order) { o, _, c in c.dateTime(o.processedAt) }
        on("Order", "email", as: order) { o, _, _ in o.email }
        on("Order", "phone", as: order) { o, _, _ in o.phone }
        on("Order", "currencyCode", as: order) { o, _, _ in o.currency }
        on("Order", "edited", as: order) { _, _, _ in false }
        on("Order", "financialStatus", as: order) { _, _, _ in "PAID" }
        on("Order", "fulfillmentStatus", as: order) { _, _, _ in "UNFULFILLED" }
        on("Order", "statusUrl", as: order) { o, _, c in c.url("/\(c.shop.id)/orders/\(o.token)/authenticate?key=\(o.key)") }
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
    }
}
