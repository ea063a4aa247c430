import CommerceCore
import Foundation
import GRDB

/// Keeps WAL checkpoints off the commit path. SQLite's automatic checkpoint runs inside whichever commit takes
/// the WAL past 1,000 pages, and with `synchronous = NORMAL` a checkpoint syncs the WAL and then the database
/// file: that one write waits for the disk, which set the create-order tail latency. Instead, the writer's
/// automatic checkpoint is off (``disableAutomaticCheckpoints(_:)``), and after every ``batchesPerCheckpoint``
/// committed batches (unless one is still running) a passive checkpoint runs on a connection of its own, away
/// from the writer's queue.
/// A passive checkpoint never waits for readers or the writer, so neither waits for it.
///
/// Under a steady stream of writes a background checkpoint never catches up with the WAL's last frame, and
/// SQLite only starts the WAL over once every frame is in the database file. So after ``writesPerRestart``
/// writes, one checkpoint runs on the writer's queue between batches (once its callers have been answered): it
/// copies what the background ones left, and the next write starts the WAL from the beginning.
final class WALCheckpointer: Sendable {
    /// Small on purpose: a background checkpoint costs the writer nothing, and the more of the WAL they have
    /// copied, the less the writer's own restarting checkpoint has to copy while callers wait. Measured under
    /// wrk (8 connections): create-order p99 6.3–6.9 ms with 128, 4.0–4.6 ms with 16–32, 2.3 ms with 4.
    static let batchesPerCheckpoint = 4
    /// About 12 MB of WAL for typical orders (three pages each): the WAL's ceiling under sustained writes,
    /// one short writer pause per thousand writes instead of a full checkpoint per thousand pages.
    static let writesPerRestart = 1_024

    private struct State {
        var batchesSinceCheckpoint = 0
        var writesSinceRestart = 0
        var running = false
        var connection: DatabaseQueue?
    }

    private let path: String
    private let configuration: Configuration
    private let state = Locked(State())

    init(path: String, configuration: Configuration) {
        self.path = path
        self.configuration = configuration
    }

    /// For every connection of the pool: SQLite no longer checkpoints inside a commit.
    static func disableAutomaticCheckpoints(_ db: Database) throws {
        try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
    }

    private enum Next { case nothing, background, restart }

    /// Called on the writer's queue after each committed batch: starts a background checkpoint when one is
    /// due, or runs the restarting one here when that is due and no background checkpoint holds SQLite's
    /// checkpoint lock (it would make this one give up; the next batch tries again).
    func batchCommitted(_ db: Database, writes: Int) {
        let next: Next = state.withLock { state in
            state.batchesSinceCheckpoint += 1
            state.writesSinceRestart += writes
            guard !state.running else { return .nothing }
            if state.writesSinceRestart >= Self.writesPerRestart { return .restart }
            guard state.batchesSinceCheckpoint >= Self.batchesPerCheckpoint else { return .nothing }
            state.batchesSinceCheckpoint = 0
            state.running = true
            return .background
        }
        switch next {
        case .nothing:
            break
        case .background:
            DispatchQueue.global(qos: .utility).async { self.checkpointInBackground() }
        case .restart:
            // A failure leaves the WAL longer; the count is not reset, so the next batch tries again.
            if let wal = try? db.checkpoint(.passive), wal.checkpointedFrameCount == wal.walFrameCount {
                state.withLock {
                    $0.writesSinceRestart = 0
                    $0.batchesSinceCheckpoint = 0
                }
            }
        }
    }

    /// Copies committed WAL frames into the database file. A failure only leaves the WAL longer until the next
    /// checkpoint (SQLite also checkpoints when the last connection closes), so it is not reported to anyone.
    private func checkpointInBackground() {
        defer { state.withLock { $0.running = false } }
        do {
            let connection = try state.withLock { state in
                if let connection = state.connection { return connection }
                let opened = try DatabaseQueue(path: path, configuration: configuration)
                state.connection = opened
                return opened
            }
            try connection.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
        } catch {}
    }
}
