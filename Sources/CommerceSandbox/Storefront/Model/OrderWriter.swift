import CommerceCore
import Foundation
import GRDB

/// The one place the sandbox creates orders (spec §5.10). Cart completion uses it now; checkout
/// completion (next issue) hands it the checkout's lines, address and totals the same way, so numbering,
/// customer linking, stock and sales counts behave identically for both.
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
        /// The shipping address as JSON, kept for the checkout issue; `nil` for cart orders.
        let shippingAddressJSON: String?
    }

    /// Writes the order and its lines, takes the shop's next order number (1001 upwards), decrements tracked
    /// inventory (never below 0) and raises sales counts. Runs inside the caller's transaction.
    static func create(_ db: Database, _ draft: Draft, now: Date) throws -> OrderRecord {
        let number = try Int64.fetchOne(db, sql: "SELECT next_order_number FROM storefront_shops WHERE id = ?",
                                        arguments: [draft.shopID]) ?? 1001
        try db.execute(sql: "UPDATE storefront_shops SET next_order_number = ? WHERE id = ?", arguments: [number + 1, draft.shopID])
        let customerID = try draft.associatedCustomerID
            ?? CustomerRecord.find(db, email: draft.email, shopID: draft.shopID)?.id
        try db.execute(sql: """
            INSERT INTO storefront_orders (shop_id, order_number, token, order_key, customer_id, email, phone, currency,
                subtotal_cents, shipping_cents, tax_cents, duties_cents, total_cents, shipping_address, processed_at)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """, arguments: [draft.shopID, number, RandomToken.hex(32), RandomToken.hex(32), customerID, draft.email, draft.phone,
                             draft.currency, draft.subtotalCents, draft.shippingCents, draft.taxCents, draft.dutiesCents,
                             draft.totalCents, draft.shippingAddressJSON, now.timeIntervalSince1970])
        let orderID = db.lastInsertedRowID
        for (index, line) in draft.lines.enumerated() {
            try db.execute(sql: """
                INSERT INTO storefront_order_lines (order_id, position, variant_id, title, quantity, unit_price_cents)
                VALUES (?,?,?,?,?,?)
                """, arguments: [orderID, index + 1, line.variantID, line.title, line.quantity, line.unitPriceCents])
            guard let variantID = line.variantID else { continue }
            try db.execute(sql: "UPDATE storefront_variants SET inventory = MAX(inventory - ?, 0) WHERE id = ? AND inventory IS NOT NULL",
                           arguments: [line.quantity, variantID])
            try db.execute(sql: """
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

/// Turning a cart into an order (spec §5.11 `POST /sandbox/storefront/carts/{token}/complete`), the way a
/// web checkout would: no shipping, tax or duties (a 2021-10 cart has no address), the variant's current
/// price, stock checked like K4.
enum CartCompletion {
    /// Why a cart cannot become an order: an entry of the 422 answer's `errors` list.
    struct Problem: Error, Equatable {
        let code: String
        let field: [String]
        let message: String

        var json: JSONValue {
            ["code": .string(code), "field": .array(field.map(JSONValue.string)), "message": .string(message)]
        }
    }

    /// The email an order from a cart without `buyerIdentity.email` gets.
    static let fallbackEmail = "cart@example.com"

    /// Creates the order and deletes the cart (a completed cart is gone, like a checked-out cart on a real
    /// shop, so completing it twice cannot create two orders). `nil` when the cart is unknown or expired.
    static func complete(_ db: Database, token: String, now: Date) throws -> Result<OrderRecord, Problems>? {
        guard let shopID = try Int64.fetchOne(db, sql: "SELECT shop_id FROM storefront_carts WHERE token = ?", arguments: [token]),
              let shop = try ShopRecord.find(db, id: shopID),
              let cart = try CartRecord.find(db, token: token, shopID: shopID, now: now) else { return nil }
        let catalog = try CatalogSnapshot.load(db, shopID: shopID)
        var problems: [Problem] = []
        if cart.lines.isEmpty { problems.append(Problem(code: "EMPTY", field: ["lines"], message: "Cart has no lines")) }
        var lines: [OrderLineRecord] = []
        var wanted: [Int64: Int64] = [:]
        for (index, line) in cart.lines.enumerated() {
            guard let variant = catalog.variantsByID[line.variantID], let product = catalog.productsByID[variant.productID] else {
                problems.append(Problem(code: "INVALID", field: ["lines", String(index), "merchandiseId"],
                                        message: "The merchandise with id \(GlobalID("ProductVariant", line.variantID).encoded) does not exist"))
                continue
            }
            wanted[variant.id, default: 0] += line.quantity
            if let inventory = variant.inventory, wanted[variant.id, default: 0] > inventory {
                problems.append(Problem(code: "NOT_ENOUGH_IN_STOCK", field: ["lines", String(index), "quantity"],
                                        message: "Only \(inventory) items are available"))
            }
            lines.append(OrderLineRecord(position: Int64(index + 1), variantID: variant.id, title: product.title,
                                         quantity: line.quantity, unitPriceCents: variant.priceCents))
        }
        guard problems.isEmpty else { return .failure(Problems(entries: problems)) }
        let subtotal = lines.reduce(Int64(0)) { $0 + $1.totalCents }
        let order = try OrderWriter.create(db, OrderWriter.Draft(
            shopID: shopID, email: cart.buyerEmail ?? fallbackEmail, phone: cart.buyerPhone, currency: shop.currency,
            associatedCustomerID: cart.customerID, lines: lines, subtotalCents: subtotal, shippingCents: 0, taxCents: 0,
            dutiesCents: nil, totalCents: subtotal, shippingAddressJSON: nil), now: now)
        try db.execute(sql: "DELETE FROM storefront_cart_lines WHERE cart_token = ?", arguments: [token])
        try db.execute(sql: "DELETE FROM storefront_carts WHERE token = ?", arguments: [token])
        return .success(order)
    }

    /// Every reason a cart was refused, in line order.
    struct Problems: Error {
        let entries: [Problem]
    }
}
