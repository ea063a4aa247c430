import CommerceCore
import Foundation
import GRDB

/// Keeps WAL checkpoints off the commit path. SQLite's automatic checkpoint runs inside whichever commit takes
/// the WAL past 1,000 pages, and with `synchronous = NORMAL` a checkpoint syncs the WAL and then the database
/// file: that one write waits for the disk, which set the create-order tail latency. Instead, the writer's
/// automatic checkpoint is off (``disableAutomaticCheckpoints(_:)``), and after every ``batchesPerCheckpoint``
/// committed batches a passive checkpoint runs on a connection of its own, away from the writer's queue.
/// A passive checkpoint never waits for readers or the writer, so neither waits for it.
///
/// Under a steady stream of writes a background checkpoint never catches up with the WAL's last frame, and
/// SQLite only starts the WAL over once every frame is in the database file. So when the WAL has passed
/// ``restartFrames``, one checkpoint also runs on the writer's queue, between batches: it copies the few frames
/// the background one left, and the next write starts the WAL from the beginning.
final class WALCheckpointer: Sendable {
    /// Enough commits to make a checkpoint worth its syncs; few enough that the WAL stays a few megabytes.
    static let batchesPerCheckpoint = 128
    /// 16 MiB of 4 KiB pages: the WAL's ceiling under sustained writes, reached far less often than SQLite's
    /// own 1,000-page automatic checkpoint would stall a commit.
    static let restartFrames = 4_096

    private struct State {
        var batchesSinceCheckpoint = 0
        var running = false
        var connection: DatabaseQueue?
    }

    private let writer: any DatabaseWriter
    private let path: String
    private let configuration: Configuration
    private let state = Locked(State())

    init(writer: any DatabaseWriter, path: String, configuration: Configuration) {
        self.writer = writer
        self.path = path
        self.configuration = configuration
    }

    /// For every connection of the pool: SQLite no longer checkpoints inside a commit.
    static func disableAutomaticCheckpoints(_ db: Database) throws {
        try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    }

    /// Called by the writer after each committed batch; starts a checkpoint in the background when one is due
    /// and none is running.
    func batchCommitted() {
        let due = state.withLock { state in
            state.batchesSinceCheckpoint += 1
            guard state.batchesSinceCheckpoint >= Self.batchesPerCheckpoint, !state.running else { return false }
            state.batchesSinceCheckpoint = 0
            state.running = true
            return true
        }
        if due { DispatchQueue.global(qos: .utility).async { self.checkpoint() } }
    }

    /// Copies committed WAL frames into the database file. A failure only leaves the WAL longer until the next
    /// checkpoint (SQLite also checkpoints when the last connection closes), so it is not reported to anyone.
    func checkpoint() {
        var finishesOnWriter = false
        defer { if !finishesOnWriter { finish() } }
        do {
            let connection = try state.withLock { state in
                if let connection = state.connection { return connection }
                let opened = try DatabaseQueue(path: path, configuration: configuration)
                state.connection = opened
                return opened
            }
            let wal = try connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
            if wal.walFrameCount >= Self.restartFrames {
                // Still counted as running, so no background checkpoint holds SQLite's checkpoint lock (which
                // would make this one give up) while it waits for its turn on the writer's queue.
                finishesOnWriter = true
                writer.asyncWriteWithoutTransaction { db in
                    _ = try? db.checkpoint(.passive)
                    self.finish()
                }
            }
        } catch {}
    }

    private func finish() {
        state.withLock { $0.running = false }
    }
}
