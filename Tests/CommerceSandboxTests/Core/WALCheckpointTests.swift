import CommerceSandbox
import CommerceTestSupport
import Foundation
import GRDB
import Testing

@testable import SandboxCore

/// A file-backed sandbox checkpoints its WAL in the background rather than inside a commit. What a user must be
/// able to rely on: under a steady stream of writes the WAL file stays bounded (it does not grow with every order
/// ever written), and every committed row is still there after the database is closed and opened again.
@Suite struct WALCheckpointTests {
    @Test func theWALStaysBoundedUnderSustainedWritesAndNothingIsLost() async throws {
        let directory = TestDirectories.path("wal-checkpoint")
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = 4_000
        var largestWAL = 0
        do {
            let database = try SandboxDatabase(directory: directory)
            try database.migrate { migrator in
                migrator.registerMigration("test-1-orders") { db in
                    try db.execute(sql: "CREATE TABLE orders (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
                }
            }
            let wal = directory.appendingPathComponent("commercekit-sandbox.sqlite-wal").path
            // One commit per row, three 4 KiB frames each (a new leaf page, its parent, the table's root): without
            // a checkpoint that lets SQLite start the WAL over, it would grow to about 50 MB.
            let payload = Data(repeating: 0x5A, count: 3_000)
            for id in 1...rows {
                try await database.write { db in
                    try db.execute(sql: "INSERT INTO orders (id, payload) VALUES (?, ?)", arguments: [id, payload])
                }
                if id % 100 == 0 {
                    let size = ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int) ?? 0
                    largestWAL = max(largestWAL, size)
                }
            }
        }
        // The WAL starts over every 1,024 writes (about 12.7 MB of these rows), or as soon as a background
        // checkpoint running at that moment has finished (measured: a few hundred writes later).
        #expect(largestWAL > 0)
        #expect(largestWAL < 35_000_000, "WAL reached \(largestWAL) bytes")
        let reopened = try SandboxDatabase(directory: directory)
        let count = try await reopened.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM orders") }
        #expect(count == rows)
    }
}
