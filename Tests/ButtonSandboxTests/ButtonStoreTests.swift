import CommerceCore
import Foundation
import GRDB
import SandboxTestSupport
import Testing

@testable import ButtonSandbox

/// The Button stores' queries on a bare migrated database: what the typed-column queries must keep answering.
@Suite struct ButtonStoreTests {
    private func migrated() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        ButtonSchema.register(&migrator)
        try migrator.migrate(queue)
        return queue
    }

    /// Rule 5.3.4: a repeated signal replaces the token and body, keeps when the first came and counts.
    @Test func aRepeatedAppOrderSignalKeepsItsFirstTimeAndCounts() throws {
        let queue = try migrated()
        try queue.write { db in
            let first = Date(timeIntervalSince1970: 1_000)
            let second = Date(timeIntervalSince1970: 2_000)
            try ButtonOrderStore.recordAppOrder(db, appId: "app-1", orderId: "o-1", btnRef: nil, body: "{}", now: first)
            try ButtonOrderStore.recordAppOrder(
                db, appId: "app-1", orderId: "o-1", btnRef: "srctok-1", body: #"{"n":2}"#, now: second)
            try ButtonOrderStore.recordAppOrder(
                db, appId: "app-2", orderId: "o-1", btnRef: nil, body: "{}", now: second)
            let signals = try ButtonOrderStore.appOrders(db, appId: "app-1", orderId: nil)
            #expect(signals.count == 1)
            let signal = try #require(signals.first)
            #expect(signal.reportCount == 2)
            #expect(signal.firstReceivedAt == 1_000)
            #expect(signal.receivedAt == 2_000)
            #expect(signal.btnRef == "srctok-1")
            #expect(signal.body == #"{"n":2}"#)
            #expect(try ButtonOrderStore.appOrders(db, appId: nil, orderId: "o-1").map(\.appId) == ["app-1", "app-2"])
        }
    }

    /// Rule 5.3.1: the sweep finalizes open orders whose date has come, and only those.
    @Test func theSweepFinalizesOnlyOpenOrdersThatAreDue() throws {
        let queue = try migrated()
        try queue.write { db in
            for (orderId, finalization, status) in [
                ("due", 100.0, "open"), ("later", 300.0, "open"), ("gone", 50.0, "deleted"),
            ] {
                let (sequence, buttonOrderId) = try ButtonOrderStore.nextIdentity(db)
                let order = ButtonStoredOrder(
                    seq: sequence, org: "org-1", orderId: orderId, buttonOrderId: buttonOrderId, current: "{}",
                    status: status, finalizationDate: finalization, btnRef: nil, attribution: nil,
                    attributionApp: nil, ignoredFields: "[]", createdAt: 0, updatedAt: 0)
                #expect(try ButtonOrderStore.insertNew(db, order) == .inserted)
            }
            let now = Date(timeIntervalSince1970: 200)
            #expect(try ButtonOrderStore.hasDueOrders(db, now: now))
            let finalized = try ButtonOrderStore.sweep(db, now: now)
            #expect(finalized.map(\.orderId) == ["due"])
            #expect(try !ButtonOrderStore.hasDueOrders(db, now: now))
            let due = try #require(try ButtonOrderStore.find(db, org: "org-1", id: "due"))
            #expect(due.status == "finalized")
            #expect(due.finalizedAt == 200)
            #expect(try ButtonOrderStore.orders(db, org: "org-1", status: "open").map(\.orderId) == ["later"])
            #expect(
                try ButtonOrderStore.orders(db, org: "org-1", status: nil).map(\.orderId) == ["due", "later", "gone"])
        }
    }

    /// A stored order object that no longer parses is the sandbox's 500 naming the row, not an order of `null`, and
    /// an update does not rebuild the order from nothing.
    @Test func anOrderWhoseStoredStateDoesNotParseIsReportedNotAnsweredAsNull() async throws {
        let sandbox = try ButtonSandboxHarness()
        let created = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("broken-1"))
        let buttonOrderId = try #require(created.json["object"]?["button_order_id"]?.stringValue)
        try await sandbox.context.database.writer.write { db in
            try db.execute(sql: "UPDATE button_orders SET current = '{not json' WHERE order_id = 'broken-1'")
        }
        let row = "button_orders row \(buttonOrderId) holds an unreadable value in current"
        for reply in [
            try await sandbox.api(.get, "/v1/order/broken-1"),
            try await sandbox.api(.post, "/v1/order/broken-1", json: ButtonSandboxHarness.order("broken-1")),
            try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/broken-1"),
        ] {
            #expect(reply.status == 500, "\(reply.text)")
            #expect(reply.json["error"]?.stringValue?.contains(row) == true, "\(reply.text)")
        }
    }
}
