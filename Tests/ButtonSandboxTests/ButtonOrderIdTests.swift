import CommerceCore
import Foundation
import GRDB
import SandboxTestSupport
import Testing

@testable import ButtonSandbox
@testable import CommerceSandbox

/// Button order ids as enciphered sequence numbers (`ButtonOrderIdCipher`), and the migration that brought
/// them in without breaking ids issued before it.
@Suite struct ButtonOrderIdTests {
    private static let key = Data((0..<32).map { UInt8($0) })

    /// Every number gives a well-formed id that deciphers back to it, and no two numbers share an id.
    @Test func idsAreWellFormedUniqueAndLeadBackToTheirNumber() {
        let cipher = ButtonOrderIdCipher(key: Self.key)
        let numbers: [Int64] = Array(1...5_000) + [Int64(Int32.max), 1 << 40, Int64.max]
        var seen = Set<String>()
        for number in numbers {
            let id = cipher.id(forSequence: number)
            #expect(id.hasPrefix("btnorder-") && id.utf8.count == 25)
            #expect(id.dropFirst(9).allSatisfy { "0123456789abcdef".contains($0) })
            #expect(cipher.sequence(forId: id) == number)
            seen.insert(id)
        }
        #expect(seen.count == numbers.count)
    }

    /// Consecutive orders get ids with nothing in common a client could see: each hex position takes every
    /// digit about equally often, and neighbours differ in about half their bits.
    @Test func consecutiveIdsLookRandom() {
        let cipher = ButtonOrderIdCipher(key: Self.key)
        let values = (1...4_096).map { number -> UInt64 in
            UInt64(cipher.id(forSequence: Int64(number)).dropFirst(9), radix: 16) ?? 0
        }
        for position in 0..<16 {
            var counts = [Int](repeating: 0, count: 16)
            for value in values { counts[Int((value >> UInt64(4 * position)) & 0xF)] += 1 }
            // 256 expected per digit; a chi-square over 15 degrees of freedom stays far below 60 by chance.
            let chiSquare = counts.reduce(0.0) { $0 + pow(Double($1) - 256, 2) / 256 }
            #expect(chiSquare < 60, "position \(position): \(counts)")
        }
        let distances = zip(values, values.dropFirst()).map { ($0 ^ $1).nonzeroBitCount }
        let mean = Double(distances.reduce(0, +)) / Double(distances.count)
        #expect(abs(mean - 32) < 1.5)
    }

    /// Another key gives other ids, and an id from one key does not lead to the same number under another.
    @Test func theKeyDecides() {
        let one = ButtonOrderIdCipher(key: Self.key)
        let other = ButtonOrderIdCipher(key: ButtonOrderIdCipher.newKey())
        let ids = (1...100).map { one.id(forSequence: Int64($0)) }
        #expect(Set(ids).isDisjoint(with: (1...100).map { other.id(forSequence: Int64($0)) }))
        #expect(ids.enumerated().allSatisfy { other.sequence(forId: $1) != Int64($0 + 1) })
    }

    /// Text that is not `btnorder-` plus 16 lowercase hex digits deciphers to nothing.
    @Test(arguments: [
        "", "btnorder-", "btnorder-0123456789abcde", "btnorder-0123456789abcdef0", "btnorder-0123456789ABCDEF",
        "btnorder-0123456789abcdeg", "BTNORDER-0123456789abcdef", "btnorder_0123456789abcdef",
        "btnorder-0123456789abcdé", "1989",
    ])
    func malformedIdsDecipherToNothing(_ id: String) {
        #expect(ButtonOrderIdCipher(key: Self.key).sequence(forId: id) == nil)
    }

    /// Through the Order API: an order is found by its Button id, another organisation's id is not, and after a
    /// reset the first new order (number 1 again) gets an id that was never given before.
    @Test func theOrderAPIFindsOrdersByTheirIdAndAResetDrawsANewKey() async throws {
        let sandbox = try ButtonSandboxHarness()
        let created = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("k-1"))
        let id = try #require(created.object["button_order_id"]?.stringValue)
        #expect(try await sandbox.api(.get, "/v1/order/\(id)").object["order_id"] == "k-1")
        try await sandbox.call(.post, "/sandbox/button/reset")
        let again = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("k-1"))
        #expect(again.status == 200)
        let newId = try #require(again.object["button_order_id"]?.stringValue)
        #expect(newId != id)
        #expect(try await sandbox.api(.get, "/v1/order/\(id)").status == 404)
        #expect(try await sandbox.api(.get, "/v1/order/\(newId)").object["order_id"] == "k-1")
    }

    /// A database written before `button-2-order-storage`: its random ids still find their orders, versions keep
    /// their order as numbers 1, 2, …, and new orders are numbered after the old ones with enciphered ids.
    @Test func theMigrationKeepsOrdersStoredBeforeIt() throws {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        ButtonSchema.register(&migrator)
        try migrator.migrate(queue, upTo: "button-1-schema")
        try queue.write { db in
            for (seq, orderId, buttonId) in [
                (3, "old-1", "btnorder-aaaaaaaaaaaaaaaa"), (7, "old-2", "btnorder-0000000000000001"),
            ] {
                try db.execute(
                    sql: """
                        INSERT INTO button_orders (seq, org, order_id, button_order_id, current, status,
                            finalization_date, created_at, updated_at)
                        VALUES (?, 'org-sandbox', ?, ?, '{}', 'open', 0, 0, 0)
                        """, arguments: [seq, orderId, buttonId])
            }
            for (seq, kind) in [(7, "create"), (3, "create"), (7, "update"), (7, "update")] {
                try db.execute(
                    sql: """
                        INSERT INTO button_order_versions (order_seq, kind, body, ignored_fields, api_version, received_at)
                        VALUES (?, ?, '{}', '[]', '2018-02-13', 0)
                        """, arguments: [seq, kind])
            }
        }
        try migrator.migrate(queue)
        try queue.write { db in
            let old = try ButtonOrderStore.find(db, org: "org-sandbox", id: "btnorder-aaaaaaaaaaaaaaaa")
            #expect(old?.orderId == "old-1")
            #expect(try ButtonOrderStore.find(db, org: "org-other", id: "btnorder-aaaaaaaaaaaaaaaa") == nil)
            #expect(try ButtonOrderStore.find(db, org: "org-sandbox", id: "btnorder-0000000000000001")?.seq == 7)
            let versions = try Row.fetchAll(
                db, sql: "SELECT number, kind FROM button_order_versions WHERE order_seq = 7 ORDER BY number")
            #expect(versions.map { $0["number"] as Int64 } == [1, 2, 3])
            #expect(versions.map { $0["kind"] as String } == ["create", "update", "update"])
            let (sequence, buttonOrderId) = try ButtonOrderStore.nextIdentity(db)
            #expect(sequence == 8)
            #expect(try ButtonOrderStore.idCipher(db).sequence(forId: buttonOrderId) == 8)
        }
    }
}
