import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of checkouts (spec §5.8): each is one JSON document, read and written whole. Every function
/// runs inside the caller's transaction.
enum StorefrontCheckoutStore {
    /// The shop a checkout belongs to, for routes that know only the token.
    static func shopID(_ db: Database, token: String) throws -> Int64? {
        try StorefrontCheckoutRecord.filter(key: token).select({ $0.shopId }, as: Int64.self).fetchOne(db)
    }

    static func checkout(_ db: Database, token: String, shopID: Int64) throws -> CheckoutRecord? {
        try StorefrontCheckoutRecord.filter { $0.token == token && $0.shopId == shopID }.fetchOne(db)?.checkout()
    }

    /// The checkout a Checkout ID names; the `key` must match when the ID carries one.
    static func checkout(_ db: Database, id: String?, shopID: Int64) throws -> CheckoutRecord? {
        guard let id, let gid = GlobalID.decode(id), gid.type == "Checkout",
            let checkout = try checkout(db, token: gid.id, shopID: shopID)
        else { return nil }
        if let key = gid.queryValue("key"), key != checkout.key { return nil }
        return checkout
    }

    static func save(_ db: Database, _ checkout: CheckoutRecord) throws {
        let record = try StorefrontCheckoutRecord(checkout)
        if try record.exists(db) {
            // Token, shop and creation time stay as first stored.
            try record.update(
                db, columns: [StorefrontCheckoutRecord.Columns.state, StorefrontCheckoutRecord.Columns.body])
        } else {
            try record.insert(db)
        }
    }

    /// Checkouts of every shop, newest first, summarised (state, totals, order once completed): the console's page.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try StorefrontCheckoutRecord.fetchCount(db)
        let records = try StorefrontCheckoutRecord.order { [$0.createdAt.desc, Column.rowID.desc] }
            .limit(page.limit, offset: page.offset).fetchAll(db)
        let items: [JSONValue] = try records.map { record throws(CorruptRow) in
            let checkout = try record.checkout()
            return [
                "token": .string(checkout.token), "shop": .integer(checkout.shopID),
                "status": .string(checkout.status.rawValue),
                "email": .from(checkout.email), "lines": .integer(Int64(checkout.lines.count)),
                "totalPrice": .string(StorefrontFormat.decimal(cents: checkout.totals.totalCents)),
                "orderId": .from(checkout.orderID.map { GlobalID("Order", $0).encoded }),
                "updatedAt": .string(StorefrontFormat.dateTime(checkout.updatedAt)),
            ]
        }
        return (items, total)
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontCheckoutRecord.deleteAll(db)
    }
}
