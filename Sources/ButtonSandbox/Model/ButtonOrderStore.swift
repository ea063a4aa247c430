import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Every read and write of Button's order tables (`button_orders`, `button_order_versions`, `button_app_orders`,
/// `button_order_id_key`, `button_order_legacy_ids`), and the finalization sweep (§3.1.3, §5.3.1, §5.5). Each
/// function runs inside the caller's transaction.
///
/// Queries go through the records' typed `Columns`. The raw SQL left is speed machinery on create-order, the
/// benchmarked route (Documentation/Benchmarks.md): statements every create runs, kept as cached statements
/// (`cachedStatement`, compiled once per connection) where the query interface would build and compile its SQL on
/// every request. Each says so where it stands.
enum ButtonOrderStore {
    /// Finalizes every open order whose date has come (rule 5.3.1). Returns `(organisation, order_id)` pairs.
    @discardableResult
    static func sweep(_ db: Database, now: Date) throws -> [(org: String, orderId: String)] {
        let stamp = now.timeIntervalSince1970
        // Cached statement (speed machinery): every Order API request, every create included, runs this first.
        let due = try ButtonStoredOrder.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT * FROM button_orders WHERE status = 'open' AND finalization_date <= ? ORDER BY seq
                    """), arguments: [stamp])
        guard !due.isEmpty else { return [] }
        try ButtonStoredOrder.due(at: stamp).updateAll(
            db, ButtonStoredOrder.Columns.status.set(to: "finalized"),
            ButtonStoredOrder.Columns.finalizedAt.set(to: stamp))
        return due.map { (org: $0.org, orderId: $0.orderId) }
    }

    /// Whether any open order's finalization date has passed: when not, a read needs no write transaction.
    static func hasDueOrders(_ db: Database, now: Date) throws -> Bool {
        try !ButtonStoredOrder.due(at: now.timeIntervalSince1970).isEmpty(db)
    }

    // MARK: Orders

    /// The order of `org` with this merchant id, else (for `btnorder-` + 16 hex) with this Button id.
    static func find(_ db: Database, org: String, id: String) throws -> ButtonStoredOrder? {
        if let order = try ButtonStoredOrder.filter({ $0.org == org && $0.orderId == id }).fetchOne(db) {
            return order
        }
        if let sequence = try idCipher(db).sequence(forId: id),
            let order = try ButtonStoredOrder.filter({
                $0.seq == sequence && $0.org == org && $0.buttonOrderId == id
            }).fetchOne(db)
        {
            return order
        }
        // An id drawn at random before button-2-order-storage.
        guard let legacy = try ButtonLegacyOrderId.fetchOne(db, key: id) else { return nil }
        return try ButtonStoredOrder.filter { $0.seq == legacy.seq && $0.org == org }.fetchOne(db)
    }

    static func exists(_ db: Database, org: String, orderId: String) throws -> Bool {
        try !ButtonStoredOrder.filter { $0.org == org && $0.orderId == orderId }.isEmpty(db)
    }

    // MARK: Button order ids

    /// The cipher under this database's key (see ``ButtonOrderIdCipher``).
    static func idCipher(_ db: Database) throws -> ButtonOrderIdCipher {
        guard let row = try ButtonOrderIdKey.fetchOne(db, key: 1) else {
            throw DatabaseError(message: "button_order_id_key has no key")
        }
        return ButtonOrderIdCipher(key: row.key)
    }

    /// Draws a new cipher key: at creation, and after a reset, so that numbers used again give new ids. Raw SQL
    /// because migration `button-2-order-storage` runs it, and a migration must not change with a record.
    static func replaceIdKey(_ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO button_order_id_key (id, key) VALUES (1, ?)",
            arguments: [ButtonOrderIdCipher.newKey()])
    }

    /// The sequence number and Button order id of the next order. The number is one past the highest stored
    /// (the single writer is the only one inserting); one whose id a legacy order already has is skipped. One
    /// cached statement reads the key, the number and whether any legacy id exists, as every create runs this
    /// (speed machinery, as is the cached legacy-id lookup).
    static func nextIdentity(_ db: Database) throws -> (sequence: Int64, buttonOrderId: String) {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT key, (SELECT IFNULL(MAX(seq), 0) + 1 FROM button_orders),
                            EXISTS (SELECT 1 FROM button_order_legacy_ids)
                        FROM button_order_id_key
                        """))
        else { throw DatabaseError(message: "button_order_id_key has no key") }
        let cipher = ButtonOrderIdCipher(key: row[0])
        var sequence: Int64 = row[1]
        let hasLegacyIds: Bool = row[2]
        while true {
            let id = cipher.id(forSequence: sequence)
            guard hasLegacyIds,
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT 1 FROM button_order_legacy_ids WHERE button_order_id = ?"),
                    arguments: [id]) != nil
            else { return (sequence, id) }
            sequence += 1
        }
    }

    /// What storing a new order found.
    enum Insertion {
        case inserted
        /// The organisation already has an order with this merchant id (S2).
        case orderIdTaken
    }

    /// Stores a new order (its `seq` and Button order id from ``nextIdentity(_:)``) unless the organisation
    /// already has its merchant id. The table's unique key decides, so the common case costs no lookup before
    /// the insert. Speed machinery: create-order is the benchmarked route, so this keeps one cached statement fed
    /// from the record rather than encoding it and building the INSERT on every request.
    static func insertNew(_ db: Database, _ order: ButtonStoredOrder) throws -> Insertion {
        do {
            try db.cachedStatement(
                sql: """
                    INSERT INTO button_orders (seq, org, order_id, button_order_id, current, status, finalization_date,
                        btn_ref, attribution, attribution_app, ignored_fields, created_at, updated_at, finalized_at,
                        deleted_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                order.seq, order.org, order.orderId, order.buttonOrderId, order.current, order.status,
                order.finalizationDate, order.btnRef, order.attribution, order.attributionApp,
                order.ignoredFields, order.createdAt, order.updatedAt, order.finalizedAt, order.deletedAt,
            ])
            return .inserted
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // The failed statement alone is undone (SQLite's ABORT): the transaction goes on.
            if try exists(db, org: order.org, orderId: order.orderId) { return .orderIdTaken }
            throw error
        }
    }

    /// Writes back an order read with ``find(_:org:id:)`` and changed.
    static func save(_ db: Database, _ order: ButtonStoredOrder) throws {
        try order.update(db)
    }

    /// Orders of `org` carrying this attribution token, oldest first.
    static func orders(_ db: Database, org: String, btnRef: String) throws -> [ButtonStoredOrder] {
        try ButtonStoredOrder.filter { $0.org == org && $0.btnRef == btnRef }.order { $0.seq }.fetchAll(db)
    }

    /// Orders of `org`, oldest first, optionally only those in `status`.
    static func orders(_ db: Database, org: String, status: String?) throws -> [ButtonStoredOrder] {
        var request = ButtonStoredOrder.filter { $0.org == org }
        if let status { request = request.filter { $0.status == status } }
        return try request.order { $0.seq }.fetchAll(db)
    }

    /// Keeps a body an order was created or updated with as the order's next version number (a cached statement,
    /// speed machinery for the same reason as ``insertNew(_:_:)``; the number is counted in the same statement).
    static func recordVersion(_ db: Database, _ version: ButtonOrderVersion) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO button_order_versions (order_seq, number, kind, body, ignored_fields, api_version, received_at)
                VALUES (?1, (SELECT IFNULL(MAX(number), 0) + 1 FROM button_order_versions WHERE order_seq = ?1), ?2, ?3, ?4, ?5, ?6)
                """
        ).execute(arguments: [
            version.orderSeq, version.kind, version.body, version.ignoredFields, version.apiVersion,
            version.receivedAt,
        ])
    }

    /// How a token is attributed (rule 5.3.3): `test`, `sandbox` (issued here, with the issuing app) or `unknown`.
    static func classify(_ db: Database, btnRef: String?) throws -> (attribution: String?, application: String?) {
        guard let btnRef else { return (nil, nil) }
        if ButtonFormats.isTestToken(btnRef) { return ("test", nil) }
        if let app = try ButtonAccountStore.tokenApplication(db, btnRef: btnRef) {
            return ("sandbox", app)
        }
        return ("unknown", nil)
    }

    // MARK: App order signals

    /// Rule 5.3.4: one signal per (application, order id); a repeat replaces the token and body, keeps when the
    /// first came and counts.
    static func recordAppOrder(_ db: Database, appId: String, orderId: String, btnRef: String?, body: String, now: Date)
        throws
    {
        let stamp = now.timeIntervalSince1970
        let signal = ButtonAppOrder(
            appId: appId, orderId: orderId, btnRef: btnRef, body: body, reportCount: 1, firstReceivedAt: stamp,
            receivedAt: stamp)
        _ = try signal.upsertAndFetch(db) { _ in
            [ButtonAppOrder.Columns.reportCount += 1, ButtonAppOrder.Columns.firstReceivedAt.noOverwrite]
        }
    }

    /// Signals oldest first, narrowed to an application and/or an order id when given.
    static func appOrders(_ db: Database, appId: String?, orderId: String?) throws -> [ButtonAppOrder] {
        var request = ButtonAppOrder.all()
        if let appId { request = request.filter { $0.appId == appId } }
        if let orderId { request = request.filter { $0.orderId == orderId } }
        return try request.order { [$0.receivedAt, $0.appId, $0.orderId] }.fetchAll(db)
    }

    // MARK: Inspection

    /// The order plus sandbox metadata, for the control routes (§5.4).
    static func inspect(_ db: Database, _ order: ButtonStoredOrder) throws -> JSONValue {
        var object = try order.state()
        object["status"] = .string(order.status)
        object["organization_id"] = .string(order.org)
        object["attribution"] = .from(order.attribution)
        object["attribution_application_id"] = .from(order.attributionApp)
        object["created_at"] = ButtonColumn.date(order.createdAt)
        object["updated_at"] = ButtonColumn.date(order.updatedAt)
        object["finalized_at"] = ButtonColumn.date(order.finalizedAt)
        object["deleted_at"] = ButtonColumn.date(order.deletedAt)
        let versions = try ButtonOrderVersion.filter { $0.orderSeq == order.seq }.order { $0.number }.fetchAll(db)
        object["versions"] = .array(
            try versions.enumerated().map { index, version in try version.inspectionObject(number: index + 1) })
        object["ignored_fields"] = try order.ignoredFieldList()
        // The latest signal any of the organisation's apps sent for this order id.
        let apps = try ButtonAccountStore.applications(db, organizationId: order.org).map(\.appId)
        let signal = try ButtonAppOrder.filter { apps.contains($0.appId) && $0.orderId == order.orderId }
            .order { $0.receivedAt.desc }.fetchOne(db)
        object["app_signal"] = try signal?.inspectionObject() ?? .null
        return .object(object)
    }
}

// MARK: - Paged listings for the console

extension ButtonOrderStore {
    /// Newest first across every organization: the order object plus who owns it and when it finalizes.
    static func page(_ db: Database, _ page: ControlPage) throws -> (items: [JSONValue], total: Int) {
        let total = try ButtonStoredOrder.fetchCount(db)
        let orders = try ButtonStoredOrder.order { $0.seq.desc }.limit(page.limit, offset: page.offset).fetchAll(db)
        let items: [JSONValue] = try orders.map { order in
            var object = try order.state()
            object["status"] = .string(order.status)
            object["organization_id"] = .string(order.org)
            object["created_at"] = ButtonColumn.date(order.createdAt)
            object["finalization_date"] = ButtonColumn.date(order.finalizationDate)
            object["finalized_at"] = ButtonColumn.date(order.finalizedAt)
            return .object(object)
        }
        return (items, total)
    }
}

// MARK: - Reset

extension ButtonOrderStore {
    /// Empties the order tables and draws a new Button order id key.
    static func deleteAll(_ db: Database) throws {
        _ = try ButtonOrderVersion.deleteAll(db)
        _ = try ButtonStoredOrder.deleteAll(db)
        _ = try ButtonAppOrder.deleteAll(db)
        _ = try ButtonLegacyOrderId.deleteAll(db)
        try replaceIdKey(db)
    }
}

extension ButtonStoredOrder {
    /// Open orders whose finalization date (epoch seconds) is at or before `stamp` (rule 5.3.1).
    static func due(at stamp: Double) -> QueryInterfaceRequest<ButtonStoredOrder> {
        filter { $0.status == "open" && $0.finalizationDate <= stamp }
    }
}
