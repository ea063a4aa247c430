import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Carts, option sessions and orders of one customer.
enum RezolveCommerceStore {
    static func openCart(entityId: String, merchantId: String, _ db: Database) throws -> RZCart? {
        try RZCart.filter(RZCart.Columns.entityId == entityId && RZCart.Columns.merchantId == merchantId).fetchOne(db)
    }

    static func carts(entityId: String, _ db: Database) throws -> [RZCart] {
        try RZCart.filter(RZCart.Columns.entityId == entityId).order(RZCart.Columns.dateCreated).fetchAll(db)
    }

    /// A non-empty cart of that customer and merchant, else 404 `Cart not found`.
    static func cart(_ id: String, entityId: String, merchantId: String, _ db: Database) throws -> RZCart {
        guard let cart = try RezolveCustomerStore.owned(RZCart.self, id: id, entityId: entityId, db),
            cart.merchantId == merchantId, !cart.lines.isEmpty
        else { throw RezolveFailure.cartNotFound }
        return cart
    }

    /// A live option session of that customer and merchant, else 404 `Unable to find options session`.
    static func session(
        _ id: String, entityId: String, merchantId: String, cartId: String?, now: Date,
        _ db: Database
    ) throws -> RZOptionSession {
        let ttl = Double(try settings(db).optionSessionTtlSeconds)
        guard let session = try RezolveCustomerStore.owned(RZOptionSession.self, id: id, entityId: entityId, db),
            session.merchantId == merchantId, session.cartId == cartId,
            now.timeIntervalSince1970 < session.createdAt + ttl
        else { throw RezolveFailure.optionsSessionNotFound }
        return session
    }

    static func settings(_ db: Database) throws -> RZSettings {
        try RZSettings.fetchOne(db, key: 1) ?? .defaults
    }

    static func save(_ settings: RZSettings, _ db: Database) throws {
        try settings.save(db)
    }

    /// Any customer's order that the order list shows (not `created` or `abandoned`), for the control routes.
    static func listedOrder(_ id: Int64, _ db: Database) throws -> RZOrder? {
        guard let order = try orderRow(id, db), order.isListed else { return nil }
        return order
    }

    /// The order with this id, whoever's; one whose lines no longer decode is a `CorruptRow`.
    static func orderRow(_ id: Int64, _ db: Database) throws -> RZOrder? {
        try CorruptRow.reporting(table: RZOrder.databaseTableName, id: String(id), column: RZOrder.Columns.lines.name) {
            try RZOrder.fetchOne(db, key: id)
        }
    }

    static func update(_ order: RZOrder, _ db: Database) throws {
        try order.update(db)
    }

    static func externalPayment(_ id: String, _ db: Database) throws -> RZExternalPayment? {
        try RZExternalPayment.fetchOne(db, key: id)
    }

    /// The next order id: one counter from 1501.
    static func nextOrderId(_ db: Database) throws -> Int64 {
        let highest = try RZOrder.select(max(RZOrder.Columns.id), as: Int64.self).fetchOne(db) ?? 0
        return max(highest + 1, RZOrder.firstId)
    }

    /// An order of that customer, else 404 `message`.
    static func order(_ id: Int64?, entityId: String, _ db: Database, notFound: RezolveFailure) throws -> RZOrder {
        guard let id, let order = try orderRow(id, db), order.entityId == entityId else { throw notFound }
        return order
    }

    /// Marks the earlier unpaid orders of an option session abandoned (a new checkout replaces them).
    static func abandonCreatedOrders(optionId: String, _ db: Database) throws {
        try RZOrder.filter(RZOrder.Columns.optionId == optionId && RZOrder.Columns.state == "created")
            .updateAll(db, RZOrder.Columns.state.set(to: "abandoned"))
    }

    static func listedOrders(entityId: String, _ db: Database) throws -> [RZOrder] {
        try RZOrder.filter(
            RZOrder.Columns.entityId == entityId && !["created", "abandoned"].contains(RZOrder.Columns.state)
        )
        .order(RZOrder.Columns.id).fetchAll(db)
    }

    /// Applies external-payment callbacks whose delay has passed (§5.8 `callbackApplyDelayMs`).
    static func settleDueCallbacks(now: Date, _ db: Database) throws {
        let due = try RZExternalPayment.filter(
            RZExternalPayment.Columns.pendingAction != nil
                && RZExternalPayment.Columns.appliesAt <= now.timeIntervalSince1970
        )
        .fetchAll(db)
        for payment in due { try RezolveExternalPayments.apply(payment, db) }
    }
}

// MARK: - Paged listings for the console

extension RezolveCommerceStore {
    /// Carts newest first, with line and item counts.
    static func cartsPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try RZCart.fetchCount(db)
        let carts = try RZCart.order(RZCart.Columns.dateUpdated.desc, RZCart.Columns.id).limit(
            page.limit, offset: page.offset
        )
        .fetchAll(db)
        let items: [JSONValue] = carts.map { cart in
            [
                "id": .string(cart.id), "entityId": .string(cart.entityId), "merchantId": .string(cart.merchantId),
                "lines": .integer(Int64(cart.lines.count)),
                "quantity": .integer(Int64(cart.lines.reduce(0) { $0 + $1.qty })),
                "updatedAt": .string(ISO8601.format(Date(timeIntervalSince1970: cart.dateUpdated))),
            ]
        }
        return (items, total)
    }

    /// Orders newest first, including ones not yet placed (their internal state says so).
    static func ordersPage(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try RZOrder.fetchCount(db)
        let orders = try RZOrder.order(RZOrder.Columns.id.desc).limit(page.limit, offset: page.offset).fetchAll(db)
        let items: [JSONValue] = orders.map { order in
            [
                "id": .integer(order.id), "entityId": .string(order.entityId), "merchantId": .string(order.merchantId),
                "state": .string(order.state), "paymentType": .string(order.paymentType),
                "paymentStatus": .from(order.paymentStatus), "totalMinor": .integer(order.finalMinor),
                "createdAt": .string(ISO8601.format(Date(timeIntervalSince1970: order.createdAt))),
            ]
        }
        return (items, total)
    }
}
