import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// A Cart API cart (spec §5.11) with its lines in position order.
struct CartRecord: GraphValue {
    var graphQLTypeName: String { "Cart" }
    let token: String
    let shopID: Int64
    var note: String?
    var attributes: [(key: String, value: String)]
    var discountCodes: [String]
    var buyerEmail: String?
    var buyerPhone: String?
    var buyerCountry: String?
    var customerID: Int64?
    let createdAt: Date
    var updatedAt: Date
    var lines: [CartLineRecord] = []

    /// Carts are forgotten 10 days after their last change.
    static let lifetime: TimeInterval = 10 * 86_400

    var gid: GlobalID { GlobalID("Cart", token) }

    /// The shop a cart belongs to, for pages that know only the token.
    static func shopID(_ db: Database, token: String) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT shop_id FROM storefront_carts WHERE token = ?", arguments: [token])
    }

    static func find(_ db: Database, token: String, shopID: Int64, now: Date) throws -> CartRecord? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM storefront_carts WHERE token = ? AND shop_id = ?",
                arguments: [token, shopID])
        else { return nil }
        let updatedAt = Date(timeIntervalSince1970: row["updated_at"])
        guard now.timeIntervalSince(updatedAt) <= lifetime else { return nil }
        var cart = CartRecord(
            token: token, shopID: shopID, note: row["note"], attributes: decodeAttributes(row["attributes"]),
            discountCodes: (try? JSONValue.parse(row["discount_codes"] as String))?.arrayValue?.compactMap(
                \.stringValue) ?? [],
            buyerEmail: row["buyer_email"], buyerPhone: row["buyer_phone"], buyerCountry: row["buyer_country"],
            customerID: row["customer_id"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            updatedAt: updatedAt)
        cart.lines = try Row.fetchAll(
            db, sql: "SELECT * FROM storefront_cart_lines WHERE cart_token = ? ORDER BY position",
            arguments: [token]
        ).map { line in
            CartLineRecord(
                token: line["token"], cartToken: token, position: line["position"], variantID: line["variant_id"],
                quantity: line["quantity"], attributes: decodeAttributes(line["attributes"]))
        }
        return cart
    }

    /// Writes the cart and replaces its lines.
    func save(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO storefront_carts (token, shop_id, note, attributes, discount_codes, buyer_email, buyer_phone,
                    buyer_country, customer_id, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)
                ON CONFLICT(token) DO UPDATE SET note = excluded.note, attributes = excluded.attributes,
                    discount_codes = excluded.discount_codes, buyer_email = excluded.buyer_email, buyer_phone = excluded.buyer_phone,
                    buyer_country = excluded.buyer_country, customer_id = excluded.customer_id, updated_at = excluded.updated_at
                """,
            arguments: [
                token, shopID, note, Self.encodeAttributes(attributes),
                JSONValue.array(discountCodes.map(JSONValue.string)).serialized(), buyerEmail, buyerPhone,
                buyerCountry, customerID, createdAt.timeIntervalSince1970, updatedAt.timeIntervalSince1970,
            ])
        try db.execute(sql: "DELETE FROM storefront_cart_lines WHERE cart_token = ?", arguments: [token])
        for (index, line) in lines.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO storefront_cart_lines (token, cart_token, position, variant_id, quantity, attributes) VALUES (?,?,?,?,?,?)
                    """,
                arguments: [
                    line.token, token, index + 1, line.variantID, line.quantity, Self.encodeAttributes(line.attributes),
                ])
        }
    }

    static func encodeAttributes(_ attributes: [(key: String, value: String)]) -> String {
        JSONValue.array(attributes.map { ["key": .string($0.key), "value": .string($0.value)] }).serialized()
    }

    static func decodeAttributes(_ text: String?) -> [(key: String, value: String)] {
        guard let text, let items = (try? JSONValue.parse(text))?.arrayValue else { return [] }
        return items.compactMap { item in
            guard let key = item["key"]?.stringValue else { return nil }
            return (key, item["value"]?.stringValue ?? "")
        }
    }
}

/// One line of a cart: a variant, a quantity and attributes.
struct CartLineRecord: GraphValue {
    var graphQLTypeName: String { "CartLine" }
    let token: String
    let cartToken: String
    var position: Int64
    var variantID: Int64
    var quantity: Int64
    var attributes: [(key: String, value: String)]

    var gid: GlobalID { GlobalID("CartLine", token, query: [("cart", cartToken)]) }

    /// Same merchandise and same attributes: the lines merge.
    func sameItem(variantID other: Int64, attributes otherAttributes: [(key: String, value: String)]) -> Bool {
        variantID == other
            && attributes.map { "\($0.key)=\($0.value)" } == otherAttributes.map { "\($0.key)=\($0.value)" }
    }
}

// MARK: - Paged listing for the console

extension CartRecord {
    /// Carts of every shop, most recently changed first, with line and item counts.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM storefront_carts") ?? 0
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT c.token, c.shop_id, c.buyer_email, c.created_at, c.updated_at,
                       (SELECT COUNT(*) FROM storefront_cart_lines l WHERE l.cart_token = c.token) AS line_count,
                       (SELECT COALESCE(SUM(quantity), 0) FROM storefront_cart_lines l WHERE l.cart_token = c.token) AS quantity
                FROM storefront_carts c ORDER BY c.updated_at DESC, c.rowid DESC LIMIT ? OFFSET ?
                """, arguments: [page.limit, page.offset])
        let items: [JSONValue] = rows.map { row in
            [
                "token": .string(row["token"]), "shop": .integer(row["shop_id"]), "lines": .integer(row["line_count"]),
                "quantity": .integer(row["quantity"]), "buyerEmail": .from(row["buyer_email"] as String?),
                "createdAt": .string(StorefrontFormat.dateTime(Date(timeIntervalSince1970: row["created_at"]))),
                "updatedAt": .string(StorefrontFormat.dateTime(Date(timeIntervalSince1970: row["updated_at"]))),
            ]
        }
        return (items, total)
    }
}
