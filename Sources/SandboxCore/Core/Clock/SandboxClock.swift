import CommerceCore
import Foundation
import GRDB

/// The one clock of a sandbox instance: wall time shifted by a persisted offset, or a persisted frozen
/// instant. Every time-based behaviour of every service (order finalization, payment expiry, token
/// lifetimes) reads it, so a test that moves it moves them all.
public final class SandboxClock: Sendable {
    public struct State: Sendable, Equatable {
        public var offset: TimeInterval
        public var frozenAt: Date?
    }

    private let database: SandboxDatabase
    private let wallClock: @Sendable () -> Date
    private let state: Locked<State>

    package init(database: SandboxDatabase, wallClock: @escaping @Sendable () -> Date = { Date() }) throws {
        self.database = database
        self.wallClock = wallClock
        let stored = try database.writer.read { db in
            guard
                let row = try Row.fetchOne(db, sql: "SELECT offset_seconds, frozen_at FROM sandbox_clock WHERE id = 1")
            else {
                return State(offset: 0, frozenAt: nil)
            }
            let frozen: Double? = row["frozen_at"]
            return State(offset: row["offset_seconds"] ?? 0, frozenAt: frozen.map(Date.init(timeIntervalSince1970:)))
        }
        state = Locked(stored)
    }

    package static func registerMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("core-1-clock") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sandbox_clock (id INTEGER PRIMARY KEY CHECK (id = 1), offset_seconds REAL NOT NULL, frozen_at REAL)
                    """)
        }
    }

    /// The sandbox's current time.
    public func now() -> Date {
        let current = state.current
        return current.frozenAt ?? wallClock().addingTimeInterval(current.offset)
    }

    public var currentState: State { state.current }

    /// The largest single move the control routes accept: 100 years is past every expiry and finalization
    /// window, and keeps each date the sandbox prints within four-digit years.
    package static let maximumMove: TimeInterval = 36_525 * 86_400

    /// Whether `seconds` is a forward move the control routes accept: more than zero, at most ``maximumMove``.
    package static func isAcceptableMove(_ seconds: TimeInterval) -> Bool {
        seconds > 0 && seconds <= maximumMove
    }

    /// Sets the clock to `instant`, optionally frozen there.
    public func set(_ instant: Date, frozen: Bool) async throws {
        let offset = instant.timeIntervalSince(wallClock())
        try await save(State(offset: offset, frozenAt: frozen ? instant : nil))
    }

    /// Moves the clock forward; a frozen clock stays frozen at the new instant.
    public func advance(by seconds: TimeInterval) async throws {
        let current = currentState
        try await save(State(offset: current.offset + seconds, frozenAt: current.frozenAt?.addingTimeInterval(seconds)))
    }

    /// Back to wall time.
    public func reset() async throws {
        try await save(State(offset: 0, frozenAt: nil))
    }

    private func save(_ newState: State) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sandbox_clock (id, offset_seconds, frozen_at) VALUES (1, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET offset_seconds = excluded.offset_seconds, frozen_at = excluded.frozen_at
                    """, arguments: [newState.offset, newState.frozenAt?.timeIntervalSince1970])
        }
        state.set(newState)
    }

    /// The clock as JSON: `now`, `offset_seconds`, `frozen`.
    package func json() -> JSONValue {
        let current = currentState
        return [
            "now": .string(ISO8601.format(now(), fraction: .millisecondsWhenNonZero)),
            "offset_seconds": .double(current.offset.rounded()),
            "frozen": .bool(current.frozenAt != nil),
        ]
    }
}
