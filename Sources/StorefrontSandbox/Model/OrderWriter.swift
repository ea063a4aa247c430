import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The one place the sandbox creates orders (spec §5.10). Cart completion and the checkout payment job
/// (``PaymentJob``) both hand it lines, address and totals, so numbering, customer linking, stock and
/// sales counts behave identically for both.
enum OrderWriter {
    /// What becomes an order: the caller has already computed every amount.
    struct Draft {
        let shopID: Int64
        let email: String
        let phone: String?
        let currency: String
        /// The customer the purchase was associated with (cart `buyerIdentity.customerAccessToken`,
        /// `checkoutCustomerAssociateV2`); without one the email is matched.
        let associatedCustomerID: Int64?
        let lines: [OrderLineRecord]
        let subtotalCents: Int64
        let shippingCents: Int64
        let taxCents: Int64
        let dutiesCents: Int64?
        let totalCents: Int64
        /// The checkout's shipping address as JSON; `nil` for cart orders.
        let shippingAddressJSON: String?
    }

    /// Writes the order and its lines, takes the shop's next order number (1001 upwards), decrements tracked
    /// inventory (never below 0) and raises sales counts. Runs inside the caller's transaction.
    static func create(_ db: Database, _ draft: Draft, now: Date) throws -> OrderRecord {
        let number =
            try Int64.fetchOne(
                db, sql: "SELECT next_order_number FROM storefront_shops WHERE id = ?",
                arguments: [draft.shopID]) ?? 1001
        try db.execute(
            sql: "UPDATE storefront_shops SET next_order_number = ? WHERE id = ?",
            arguments: [number + 1, draft.shopID])
        let customerID =
            try draft.associatedCustomerID
            ?? CustomerRecord.find(db, email: draft.email, shopID: draft.shopID)?.id
        try db.execute(
            sql: """
                INSERT INTO storefront_orders (shop_id, order_number, token, order_key, customer_id, email, phone, currency,
                    subtotal_cents, shipping_cents, tax_cents, duties_cents, total_cents, shipping_address, processed_at)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                """,
            arguments: [
                draft.shopID, number, RandomToken.hex(32), RandomToken.hex(32), customerID, draft.email, draft.phone,
                draft.currency, draft.subtotalCents, draft.shippingCents, draft.taxCents, draft.dutiesCents,
                draft.totalCents, draft.shippingAddressJSON, now.timeIntervalSince1970,
            ])
        let orderID = db.lastInsertedRowID
        for (index, line) in draft.lines.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO storefront_order_lines (order_id, position, variant_id, title, quantity, unit_price_cents)
                    VALUES (?,?,?,?,?,?)
                    """,
                arguments: [orderID, index + 1, line.variantID, line.title, line.quantity, line.unitPriceCents])
            guard let variantID = line.variantID else { continue }
            try db.execute(
                sql:
                    "UPDATE storefront_variants SET inventory = MAX(inventory - ?, 0) WHERE id = ? AND inventory IS NOT NULL",
                arguments: [line.quantity, variantID])
            try db.execute(
                sql: """
                    UPDATE storefront_products SET sales = sales + ?
                    WHERE id = (SELECT product_id FROM storefront_variants WHERE id = ?)
                    """, arguments: [line.quantity, variantID])
        }
        guard let order = try OrderRecord.find(db, id: orderID, shopID: draft.shopID) else {
            throw DatabaseError(message: "order \(orderID) vanished inside its own transaction")
        }
        return order
    }

    /// `Order.statusUrl` (§5.10): `/<shop>/orders/<token>/authenticate?key=<key>`.
    static func statusPath(_ order: OrderRecord) -> String {
        "/\(order.shopID)/orders/\(order.token)/authenticate?key=\(order.key)"
    }

    /// `Order.customerUrl` for orders linked to a customer (Sandbox decision: the account page path of a real
    /// shop, `/account/orders/<token>`, on the sandbox base URL).
    static func customerPath(_ order: OrderRecord) -> String {
        "/account/orders/\(order.token)"
    }
}
