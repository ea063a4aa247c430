import CommerceCore
import GRDB

/// Counts committed transactions that changed any of a set of tables, for caches of what those tables say.
///
/// Every write goes through the database's one writer, whatever route made it (control routes, a reset, the
/// Order API), so an observer on the writer sees every change. A cached value is reused only while the count is
/// the one it was read under.
///
/// GRDB holds back the events of a savepoint until it is released, and drops them if it is rolled back, so a
/// change is seen once it can no longer be undone alone: after that, ``settledGeneration`` is `nil` until the
/// transaction ends, since a value read on the writer now may show a change that is still rolled back.
package final class TableChangeCounter: TransactionObserver, Sendable {
    private let tables: Set<String>
    private let state = Locked((generation: UInt64(0), changed: false))

    /// Observes `tables` on `database`'s writer from now on.
    package init(tables: Set<String>, database: SandboxDatabase) {
        self.tables = tables
        database.writer.add(transactionObserver: self)
    }

    /// The count of committed transactions that changed one of the tables.
    package var generation: UInt64 { state.withLock { $0.generation } }

    /// The count, unless the writer's current transaction has changed one of the tables (then `nil`). Read on the
    /// writer, it says whether a value read there is committed state.
    package var settledGeneration: UInt64? { state.withLock { $0.changed ? nil : $0.generation } }

    package func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        tables.contains(eventKind.tableName)
    }

    package func databaseDidChange(with event: DatabaseEvent) { databaseDidChange() }

    /// Also what GRDB calls for changes it could not see row by row (`Database.notifyChanges(in:)`).
    package func databaseDidChange() {
        state.withLock { $0.changed = true }
        // One change is enough to know; skip the rest of this transaction's events.
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    package func databaseDidCommit(_ db: Database) {
        state.withLock { state in
            if state.changed { state.generation += 1 }
            state.changed = false
        }
    }

    package func databaseDidRollback(_ db: Database) {
        state.withLock { $0.changed = false }
    }
}
