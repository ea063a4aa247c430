import CommerceCore
import Foundation
import GRDB

/// Group commit: writes that arrive while another batch is committing wait and then run together, each in
/// its own savepoint, inside one transaction on the single writer. A closure that throws rolls back only its
/// savepoint; a caller hears of success only after the batch's transaction committed. Under concurrent load
/// this trades many writer hand-offs and commits for one per batch; alone, a write is one batch of one.
final class GroupCommit: Sendable {
    /// One queued write: runs inside the batch (in its own savepoint when it shares the transaction; `run`
    /// says whether it succeeded), then learns whether the batch committed.
    private struct Job {
        let run: @Sendable (_ db: Database, _ sharesTransaction: Bool) -> Bool
        let committed: @Sendable (Result<Void, any Error>) -> Void
    }

    private let writer: any DatabaseWriter
    /// Told, on the writer's queue, after each batch that committed and after its callers were answered,
    /// with the number of writes in it (the WAL checkpointer counts them).
    private let afterCommit: @Sendable (_ db: Database, _ writes: Int) -> Void
    /// Writes waiting for a batch, and whether a drain is scheduled or running on the writer's queue.
    private let queue = Locked<(pending: [Job], draining: Bool)>(([], false))
    /// Enough to amortise the commit; small enough that one batch never holds the writer for long.
    static let maximumBatch = 64
    /// Batches committed in one visit to the writer queue before other writers get a turn.
    static let maximumBatchesPerVisit = 16

    init(
        writer: any DatabaseWriter,
        afterCommit: @escaping @Sendable (_ db: Database, _ writes: Int) -> Void = { _, _ in }
    ) {
        self.writer = writer
        self.afterCommit = afterCommit
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = Outcome<T>()
            let job = Job(
                run: { db, sharesTransaction in
                    do {
                        if sharesTransaction {
                            try BatchStatements.inSavepoint(db) { outcome.value = .success(try body(db)) }
                        } else {
                            outcome.value = .success(try body(db))
                        }
                        return true
                    } catch {
                        outcome.value = .failure(error)
                        return false
                    }
                },
                committed: { commit in
                    switch (commit, outcome.value) {
                    case (.failure(let error), _): continuation.resume(throwing: error)
                    case (.success, .success(let value)?): continuation.resume(returning: value)
                    case (.success, .failure(let error)?): continuation.resume(throwing: error)
                    case (.success, nil): continuation.resume(throwing: DatabaseError(message: "write did not run"))
                    }
                })
            enqueue(job)
        }
    }

    private func enqueue(_ job: Job) {
        let startsDrain = queue.withLock { queue in
            queue.pending.append(job)
            guard !queue.draining else { return false }
            queue.draining = true
            return true
        }
        if startsDrain { writer.asyncWriteWithoutTransaction { db in self.drain(db) } }
    }

    /// Commits batches on the writer's own queue until nothing is waiting, so a busy writer picks up the next
    /// batch without a thread hand-off. After ``maximumBatchesPerVisit`` it yields the queue to other writers
    /// (migrations, control routes) and schedules itself again.
    private func drain(_ db: Database) {
        for _ in 0..<Self.maximumBatchesPerVisit {
            let batch: [Job] = queue.withLock { queue in
                let taken = Array(queue.pending.prefix(Self.maximumBatch))
                queue.pending.removeFirst(taken.count)
                if taken.isEmpty { queue.draining = false }
                return taken
            }
            guard !batch.isEmpty else { return }
            let result: Result<Void, any Error>
            do {
                // A batch of one owns its transaction, so a failure rolls that back and no savepoint is needed.
                try BatchStatements.inTransaction(db) {
                    if let only = batch.first, batch.count == 1 { return only.run(db, false) }
                    for job in batch { _ = job.run(db, true) }
                    return true
                }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            for job in batch { job.committed(result) }
            if case .success = result { afterCommit(db, batch.count) }
        }
        writer.asyncWriteWithoutTransaction { db in self.drain(db) }
    }

    /// Where one job keeps its closure's result until the batch commits.
    // @unchecked: only the writer's queue touches it, `run` then `committed` of one job, one after the other.
    private final class Outcome<T>: @unchecked Sendable {
        var value: Result<T, any Error>?
    }
}

/// The transaction and savepoint statements of a batch, as cached statements. GRDB's `inTransaction` and
/// `inSavepoint` compile their `BEGIN`, `SAVEPOINT`, `RELEASE` and `COMMIT` text on every call, and the writer
/// runs them once per batch and once per write in it: compiling them was about a tenth of the writer's time.
/// The statements and their order are the ones GRDB uses.
private enum BatchStatements {
    /// Runs `body` in a transaction, committed when it returns `true` and rolled back when it returns `false` or
    /// throws (the error is rethrown).
    static func inTransaction(_ db: Database, _ body: () throws -> Bool) throws {
        try run(db, "BEGIN IMMEDIATE TRANSACTION")
        let commits: Bool
        do {
            commits = try body()
        } catch {
            try? rollBack(db)
            throw error
        }
        guard commits else { return try rollBack(db) }
        do {
            try run(db, "COMMIT TRANSACTION")
        } catch {
            try? rollBack(db)
            throw error
        }
    }

    /// Runs `body` in a savepoint of the open transaction; a throw undoes only what `body` did.
    static func inSavepoint(_ db: Database, _ body: () throws -> Void) throws {
        try run(db, "SAVEPOINT job")
        do {
            try body()
        } catch {
            try? run(db, "ROLLBACK TRANSACTION TO SAVEPOINT job")
            try? run(db, "RELEASE SAVEPOINT job")
            throw error
        }
        try run(db, "RELEASE SAVEPOINT job")
    }

    private static func rollBack(_ db: Database) throws {
        // A failed COMMIT may already have ended the transaction.
        if db.isInsideTransaction { try run(db, "ROLLBACK TRANSACTION") }
    }

    private static func run(_ db: Database, _ sql: String) throws { try db.cachedStatement(sql: sql).execute() }
}
