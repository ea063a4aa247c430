import CommerceCore
import Foundation
import GRDB

/// Which index answered a triggered-zones query.
enum GeozoneAnswerPath: Sendable, Equatable {
    /// The in-memory ``GeozoneGrid``, current with the query's own read transaction.
    case grid
    /// SQLite's R*Tree: the grid was missing, being built, or behind the table.
    case rtree
}

/// Holds the newest ``GeozoneGrid`` of one database and builds the next one in the background.
///
/// A query asks for the grid of the change count its own read transaction sees; it gets one only when the
/// grid was built from exactly that state. Otherwise the query answers from the R*Tree, and this starts a
/// build unless one is running. No query ever waits for a build: a million zones take about a second to
/// read, and the R*Tree answers meanwhile.
final class GeozoneGridCache: Sendable {
    private struct State {
        var grid: GeozoneGrid?
        var build: Task<Void, Never>?
        var answers: [GeozoneAnswerPath: Int] = [:]
        var builds = 0
        /// A state the grid cannot show (see ``GeozoneGrid/init(_:changeCount:)``): not read again.
        var declined: Int64?
    }

    private let reader: any DatabaseReader
    private let state = Locked(State())

    /// A cache over `reader`, which builds read through (a pool's reader, or the in-memory queue).
    init(reader: any DatabaseReader) {
        self.reader = reader
    }

    /// The grid of the state `changeCount` names, or `nil` (then a build starts, unless one is running or
    /// the grid is newer than the caller's snapshot).
    func grid(matching changeCount: Int64) -> GeozoneGrid? {
        state.withLock { state in
            if let grid = state.grid {
                if grid.changeCount == changeCount { return grid }
                // A reader that began before the grid's state: leave the grid for newer queries.
                if grid.changeCount > changeCount { return nil }
                // Counts only grow, so this grid can never be current again: free it now.
                state.grid = nil
            }
            if state.build == nil && state.declined != changeCount {
                state.build = Task.detached(priority: .utility) { [self] in await self.build() }
            }
            return nil
        }
    }

    /// Counts an answer, so tests can tell which index served a query.
    func record(_ path: GeozoneAnswerPath) {
        state.withLock { $0.answers[path, default: 0] += 1 }
    }

    /// How many queries each index answered.
    var answers: [GeozoneAnswerPath: Int] { state.withLock { $0.answers } }

    /// How many builds have finished (kept or not).
    var finishedBuilds: Int { state.withLock { $0.builds } }

    /// The grid now held, current or not.
    var latestGrid: GeozoneGrid? { state.withLock { $0.grid } }

    /// Waits until no build is running (for tests and the benchmark; queries never call this).
    func settle() async {
        while let build = state.withLock({ $0.build }) { await build.value }
    }

    /// Reads the zones and, unless the table changed meanwhile, keeps their grid. Errors and unsuitable data
    /// leave the R*Tree answering; the next query whose count does not match tries again.
    private func build() async {
        let snapshot = try? await GeozoneGridRows.read(reader)
        let built = snapshot.flatMap { GeozoneGrid($0.rows, changeCount: $0.changeCount) }
        state.withLock { state in
            if let built {
                if built.changeCount > state.grid?.changeCount ?? .min { state.grid = built }
            } else if let snapshot {
                state.declined = snapshot.changeCount
            }
            state.build = nil
            state.builds += 1
        }
    }
}
