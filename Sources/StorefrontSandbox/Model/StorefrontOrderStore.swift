import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of placed orders and their lines (spec §5.10). ``OrderWriter`` is the only caller that inserts.
/// Every function runs inside the caller's transaction.
enum StorefrontOrderStore {
    static func orders(_ db: Database, customerID: Int64) throws -> [OrderRecord] {
        try withLines(db, StorefrontOrderRecord.filter { $0.customerId == customerID }.order { $0.id }.fetchAll(db))
    }

    static func orders(_ db: Database, shopID: Int64) throws -> [OrderRecord] {
        try withLines(db, StorefrontOrderRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db))
    }

    static func order(_ db: Database, id: Int64, shopID: Int64) throws -> OrderRecord? {
        try withLines(db, StorefrontOrderRecord.filter { $0.id == id && $0.shopId == shopID }.fetchAll(db)).first
    }

    /// The order behind a status page link (`/<shop>/orders/<token>/authenticate?key=<key>`).
    static func order(_ db: Database, token: String, shopID: Int64) throws -> OrderRecord? {
        try withLines(
            db, StorefrontOrderRecord.filter { $0.token == token && $0.shopId == shopID }.order { $0.id }.fetchAll(db)
        ).first
    }

    /// `node(id:)`: the order when the ID's `key` matches (§5.4: a wrong key makes the ID unknown).
    static func order(_ db: Database, gid: GlobalID, shopID: Int64) throws -> OrderRecord? {
        guard let number = gid.number, let order = try order(db, id: number, shopID: shopID),
            gid.queryValue("key") == order.key
        else { return nil }
        return order
    }

    /// Writes the order and its lines (numbered 1… in their order); returns the order's id.
    static func insert(_ db: Database, _ order: StorefrontOrderRecord, lines: [OrderLineRecord]) throws -> Int64 {
        var record = order
        try record.insert(db)
        let orderID = record.id ?? db.lastInsertedRowID
        for (index, line) in lines.enumerated() {
            var row = StorefrontOrderLineRecord(
                id: nil, orderId: orderID, position: Int64(index + 1), variantId: line.variantID, title: line.title,
                quantity: line.quantity, unitPriceCents: line.unitPriceCents)
            try row.insert(db)
        }
        return orderID
    }

    /// Orders of every shop, newest first, in the shape the per-shop control route lists them: the console's page.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try StorefrontOrderRecord.fetchCount(db)
        let orders = try withLines(
            db, StorefrontOrderRecord.order { $0.id.desc }.limit(page.limit, offset: page.offset).fetchAll(db))
        let items: [JSONValue] = orders.map { order in
            guard
                case .object(var object) = order.controlJSON(
                    customerGID: order.customerID.map { GlobalID("Customer", $0).encoded })
            else { return .null }
            object["shop"] = .integer(order.shopID)
            return .object(object)
        }
        return (items, total)
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontOrderRecord.deleteAll(db)
        try StorefrontOrderLineRecord.deleteAll(db)
    }

    /// The orders with their lines attached, in position order.
    private static func withLines(_ db: Database, _ records: [StorefrontOrderRecord]) throws -> [OrderRecord] {
        let ids = records.compactMap(\.id)
        guard !ids.isEmpty else { return [] }
        var lines: [Int64: [OrderLineRecord]] = [:]
        for line in try StorefrontOrderLineRecord.filter({ ids.contains($0.orderId) })
            .order({ [$0.orderId, $0.position] }).fetchAll(db)
        {
            lines[line.orderId, default: []].append(line.line)
        }
        return records.map { $0.order(lines: lines[$0.id ?? 0] ?? []) }
    }
}
