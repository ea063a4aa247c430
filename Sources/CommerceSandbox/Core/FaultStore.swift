import CommerceCore
import Foundation
import GRDB

/// The `sandbox_faults` table: faults that must survive a restart (ATH Móvil's, spec athmovil §5.8).
/// Button's spec keeps its faults in memory only, so each fault says whether it is stored.
enum FaultStore {
    static func registerMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("core-2-faults") { db in
            // `seq` keeps insertion order: the first matching fault is the one that fires.
            try db.execute(sql: """
                CREATE TABLE sandbox_faults (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, method TEXT NOT NULL,
                    path TEXT NOT NULL, remaining INTEGER NOT NULL, mode TEXT NOT NULL, status INTEGER,
                    delay_ms INTEGER NOT NULL, body TEXT NOT NULL, drops_connection INTEGER NOT NULL)
                """)
        }
    }

    /// Every stored fault, oldest first. A row this build cannot read (an unknown mode) is skipped.
    static func load(_ database: SandboxDatabase) throws -> [FaultInjector.Fault] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM sandbox_faults ORDER BY seq").compactMap { row in
                let modeName: String = row["mode"]
                guard let mode = FaultInjector.Mode(rawValue: modeName) else { return nil }
                let bodyText: String = row["body"]
                return FaultInjector.Fault(
                    id: row["id"], method: HTTPMethod(rawValue: row["method"]), path: row["path"], count: row["remaining"],
                    mode: mode, status: row["status"], delayMilliseconds: row["delay_ms"],
                    body: (try? JSONValue.parse(bodyText)) ?? .null, dropsConnection: row["drops_connection"],
                    survivesRestart: true)
            }
        }
    }

    static func insert(_ fault: FaultInjector.Fault, _ database: SandboxDatabase) throws {
        try database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO sandbox_faults (id, method, path, remaining, mode, status, delay_ms, body, drops_connection)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [fault.id, fault.method.rawValue, fault.path, fault.remaining, fault.mode.rawValue,
                                 fault.status, fault.delayMilliseconds, fault.body.serialized(), fault.dropsConnection])
        }
    }

    /// Stores a fault's remaining count, deleting it once used up.
    static func saveRemaining(of fault: FaultInjector.Fault, _ database: SandboxDatabase) throws {
        try database.writer.write { db in
            if fault.remaining > 0 {
                try db.execute(sql: "UPDATE sandbox_faults SET remaining = ? WHERE id = ?", arguments: [fault.remaining, fault.id])
            } else {
                try db.execute(sql: "DELETE FROM sandbox_faults WHERE id = ?", arguments: [fault.id])
            }
        }
    }

    static func delete(pathPrefix: String, _ database: SandboxDatabase) throws {
        try database.writer.write { db in
            try db.execute(sql: "DELETE FROM sandbox_faults WHERE substr(path, 1, ?) = ?",
                           arguments: [pathPrefix.count, pathPrefix])
        }
    }
}
