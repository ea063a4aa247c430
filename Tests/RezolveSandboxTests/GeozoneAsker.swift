import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// Which index a test wants the triggered-zones query answered by.
enum GeozoneIndex: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A grid built (in the background, then awaited) from the table as it is now.
    case grid
    /// The R*Tree, as while the grid is behind.
    case rtree

    var testDescription: String { rawValue }
}

/// Asks the triggered-zones query through one index and fails the test if the other one answered.
struct GeozoneAsker {
    let index: GeozoneIndex
    let database: SandboxDatabase
    let grids: GeozoneGridCache?

    /// For `.grid`, builds a grid of the zones now in `rig`'s database; make it after the last write.
    init(_ index: GeozoneIndex, _ rig: RezolveRig) async throws {
        self.index = index
        database = rig.context.database
        guard index == .grid else {
            grids = nil
            return
        }
        let grids = GeozoneGridCache(reader: rig.context.database.writer)
        try await Self.makeCurrent(grids, database)
        self.grids = grids
    }

    /// Starts a build as a query would and waits for it; fails unless the grid is then current.
    static func makeCurrent(_ grids: GeozoneGridCache, _ database: SandboxDatabase) async throws {
        let changeCount = try #require(try await database.read { db in try GeozoneGridRows.changeCount(db) })
        _ = grids.grid(matching: changeCount)
        await grids.settle()
        #expect(grids.grid(matching: changeCount) != nil, "the grid must be current after its build")
    }

    func callAsFunction(_ query: GeozoneQuery, now: Double) async throws -> GeozoneMatches {
        let answer = try await database.read { [grids] db in
            try RezolveGeozoneStore.answer(query, now: now, grids: grids, db)
        }
        #expect(answer.path == (index == .grid ? .grid : .rtree), "query \(query)")
        return answer.matches
    }
}
