import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of Cart API carts and their lines (spec §5.11). Every function runs inside the caller's
/// transaction.
enum StorefrontCartStore {
    /// The shop a cart belongs to, for pages that know only the token.
    static func shopID(_ db: Database, token: String) throws -> Int64? {
        try StorefrontCartRecord.filter(key: token).select({ $0.shopId }, as: Int64.self).fetchOne(db)
    }

    /// The shop's cart with its lines, unless it is unknown or was last changed more than
    /// ``CartRecord/lifetime`` ago.
    static func cart(_ db: Database, token: String, shopID: Int64, now: Date) throws -> CartRecord? {
        guard let record = try StorefrontCartRecord.filter({ $0.token == token && $0.shopId == shopID }).fetchOne(db),
            now.timeIntervalSince(Date(timeIntervalSince1970: record.updatedAt)) <= CartRecord.lifetime
        else { return nil }
        let lines = try StorefrontCartLineRecord.filter { $0.cartToken == token }.order { $0.position }.fetchAll(db)
            .map { line throws(CorruptRow) in try line.line() }
        return try record.cart(lines: lines)
    }

    /// Writes the cart and replaces its lines (numbered 1… in their order).
    static func save(_ db: Database, _ cart: CartRecord) throws {
        let record = try StorefrontCartRecord(cart)
        if try record.exists(db) {
            // The shop and creation time stay as first stored.
            try record.update(db, columns: StorefrontCartRecord.Columns.changing)
        } else {
            try record.insert(db)
        }
        try StorefrontCartLineRecord.filter { $0.cartToken == cart.token }.deleteAll(db)
        for (index, line) in cart.lines.enumerated() {
            try StorefrontCartLineRecord(
                token: line.token, cartToken: cart.token, position: Int64(index + 1), variantId: line.variantID,
                quantity: line.quantity, attributes: StorefrontJSONColumn.text(line.attributes)
            ).insert(db)
        }
    }

    /// Deletes the cart and its lines (a completed cart is gone).
    static func delete(_ db: Database, token: String) throws {
        try StorefrontCartLineRecord.filter { $0.cartToken == token }.deleteAll(db)
        try StorefrontCartRecord.deleteOne(db, key: token)
    }

    /// Carts of every shop, most recently changed first, with line and item counts (the console's page).
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try StorefrontCartRecord.fetchCount(db)
        let carts = try StorefrontCartRecord.order { [$0.updatedAt.desc, Column.rowID.desc] }
            .limit(page.limit, offset: page.offset).fetchAll(db)
        let tokens = carts.map(\.token)
        var counts: [String: (lines: Int64, quantity: Int64)] = [:]
        for line in try StorefrontCartLineRecord.filter({ tokens.contains($0.cartToken) }).fetchAll(db) {
            let count = counts[line.cartToken] ?? (0, 0)
            counts[line.cartToken] = (count.lines + 1, count.quantity + line.quantity)
        }
        let items: [JSONValue] = carts.map { cart in
            let count = counts[cart.token] ?? (0, 0)
            return [
                "token": .string(cart.token), "shop": .integer(cart.shopId), "lines": .integer(count.lines),
                "quantity": .integer(count.quantity), "buyerEmail": .from(cart.buyerEmail),
                "createdAt": .string(StorefrontFormat.dateTime(Date(timeIntervalSince1970: cart.createdAt))),
                "updatedAt": .string(StorefrontFormat.dateTime(Date(timeIntervalSince1970: cart.updatedAt))),
            ]
        }
        return (items, total)
    }

    /// Carts of every shop still open at `now` (changed within ``CartRecord/lifetime``), most recently changed
    /// first, with their lines: the console's list of carts to pay through the hosted checkout.
    static func openCarts(_ db: Database, _ page: ControlPage, now: Date) throws -> (carts: [CartRecord], total: Int) {
        let open = StorefrontCartRecord.filter { $0.updatedAt >= now.timeIntervalSince1970 - CartRecord.lifetime }
        let total = try open.fetchCount(db)
        let records = try open.order { [$0.updatedAt.desc, Column.rowID.desc] }.limit(page.limit, offset: page.offset)
            .fetchAll(db)
        let tokens = records.map(\.token)
        var lines: [String: [CartLineRecord]] = [:]
        for line in try StorefrontCartLineRecord.filter({ tokens.contains($0.cartToken) }).order({ $0.position })
            .fetchAll(db)
        {
            lines[line.cartToken, default: []].append(try line.line())
        }
        let carts = try records.map { record throws(CorruptRow) in try record.cart(lines: lines[record.token] ?? []) }
        return (carts, total)
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontCartRecord.deleteAll(db)
        try StorefrontCartLineRecord.deleteAll(db)
        try deleteAllAttempts(db)
    }
}
