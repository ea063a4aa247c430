import CommerceCore
import Foundation
import GRDB

/// The `sandbox_faults` table: the fault rules that must survive a restart (``FaultRule/survivesRestart``).
/// Rules created without `survivesRestart` live in memory only.
package enum FaultStore {
    /// One stored rule. `seq` keeps insertion order: the first matching rule is the one that fires.
    struct Row: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "sandbox_faults"
        var seq: Int64?
        var id: String
        var method: String?
        var pathKind: String
        var path: String
        var remaining: Int
        var scope: String?
        var mode: String
        var status: Int?
        var delayMs: Int
        var body: String?
        var drop: String?
        var origin: String?

        static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
        static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

        init(_ rule: FaultRule) {
            id = rule.id
            method = rule.method?.rawValue
            pathKind = rule.path.kind
            path = rule.path.text
            remaining = rule.remaining
            scope = rule.scope
            mode = rule.timing.rawValue
            status = rule.status
            delayMs = rule.delayMilliseconds
            body = rule.body?.serialized()
            drop = rule.drop?.rawValue
            origin = rule.origin?.serialized()
        }

        /// `nil` for a row this build cannot read (an unknown kind or mode: a later build's), which is then skipped.
        /// A body or origin that is not JSON was never written by any build: a ``CorruptRow`` naming the rule.
        func rule() throws(CorruptRow) -> FaultRule? {
            guard let pattern = PathPattern(kind: pathKind, text: path), let timing = FaultRule.Timing(rawValue: mode)
            else { return nil }
            return FaultRule(
                id: id, method: method.map(HTTPMethod.init(rawValue:)), path: pattern, count: remaining, scope: scope,
                timing: timing, status: status, body: try json(body, "body"), delayMilliseconds: delayMs,
                drop: drop.flatMap(FaultRule.Drop.init(rawValue:)), survivesRestart: true,
                origin: try json(origin, "origin"))
        }

        /// A stored JSON column; NULL is `nil` (no body), while the text `null` is JSON null (an empty answer).
        private func json(_ text: String?, _ column: String) throws(CorruptRow) -> JSONValue? {
            guard let text else { return nil }
            return try CorruptRow.json(text, table: Self.databaseTableName, id: id, column: column)
        }
    }

    package static func registerMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("core-2-faults") { db in
            try db.execute(
                sql: "CREATE TABLE sandbox_faults (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE)")
        }
        // One rule shape for every service. Stored faults are short-lived test set-up, so the old table is
        // replaced rather than converted.
        migrator.registerMigration("core-3-fault-rules") { db in
            try db.drop(table: "sandbox_faults")
            try db.create(table: "sandbox_faults") { table in
                table.autoIncrementedPrimaryKey("seq")
                table.column("id", .text).notNull().unique()
                table.column("method", .text)
                table.column("path_kind", .text).notNull()
                table.column("path", .text).notNull()
                table.column("remaining", .integer).notNull()
                table.column("scope", .text)
                table.column("mode", .text).notNull()
                table.column("status", .integer)
                table.column("delay_ms", .integer).notNull()
                table.column("body", .text)
                table.column("drop", .text)
                table.column("origin", .text)
            }
        }
    }

    /// Every stored rule, oldest first. Throws ``CorruptRow`` for a rule whose body or origin does not parse.
    static func load(_ database: SandboxDatabase) throws -> [FaultRule] {
        try database.writer.read { db in try Row.order(Column("seq")).fetchAll(db).compactMap { try $0.rule() } }
    }

    static func insert(_ rule: FaultRule, _ database: SandboxDatabase) throws {
        try database.writer.write { db in try Row(rule).insert(db) }
    }

    /// Stores a rule's remaining count, deleting it once used up.
    static func saveRemaining(of rule: FaultRule, _ database: SandboxDatabase) throws {
        try database.writer.write { db in
            let row = Row.filter(Column("id") == rule.id)
            if rule.remaining > 0 {
                try row.updateAll(db, Column("remaining").set(to: rule.remaining))
            } else {
                try row.deleteAll(db)
            }
        }
    }

    static func delete(ids: [String], _ database: SandboxDatabase) throws {
        guard !ids.isEmpty else { return }
        try database.writer.write { db in _ = try Row.filter(ids.contains(Column("id"))).deleteAll(db) }
    }
}
