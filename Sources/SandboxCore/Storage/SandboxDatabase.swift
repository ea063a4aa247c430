import Foundation
import GRDB

/// The sandbox's single SQLite database. A file in the data directory (WAL mode, so readers never wait for
/// the writer) or, with `--in-memory`, a private in-memory database. Each service adds its own migrations.
package final class SandboxDatabase: Sendable {
    package let writer: any DatabaseWriter
    /// The database file, or `nil` in memory.
    package let fileURL: URL?
    private let groupCommit: GroupCommit

    /// Opens (creating when needed) `<directory>/commercekit-sandbox.sqlite`.
    package init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("commercekit-sandbox.sqlite")
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try WALCheckpointer.disableAutomaticCheckpoints(db)
        }
        self.writer = try DatabasePool(path: url.path, configuration: configuration)
        self.fileURL = url
        let checkpointer = WALCheckpointer(path: url.path, configuration: configuration)
        self.groupCommit = GroupCommit(writer: writer, afterCommit: checkpointer.batchCommitted)
    }

    /// A database that lives only as long as this object.
    package init(inMemory: Void = ()) throws {
        self.writer = try DatabaseQueue(configuration: Configuration())
        self.fileURL = nil
        self.groupCommit = GroupCommit(writer: writer)
    }

    /// Runs every registered migration that has not run yet. Migrations are named `<service>-<n>-<what>`.
    package func migrate(_ register: (inout DatabaseMigrator) -> Void) throws {
        var migrator = DatabaseMigrator()
        register(&migrator)
        try migrator.migrate(writer)
    }

    package func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.read(body)
    }

    /// Runs `body` atomically and returns once it is committed. Concurrent writes share one transaction
    /// (``GroupCommit``), each in its own savepoint, so a failing one changes nothing and the others commit.
    package func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await groupCommit.write(body)
    }
}
