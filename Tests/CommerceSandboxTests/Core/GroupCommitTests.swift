import CommerceSandbox
import CommerceTestSupport
import Foundation
import GRDB
import Testing

@testable import SandboxCore

/// `SandboxDatabase.write` batches concurrent writes into one transaction (group commit). What a caller must be
/// able to rely on: a write that throws leaves nothing behind, alone or in a batch, and never takes its
/// neighbours' changes with it.
@Suite struct GroupCommitTests {
    struct Planned: Error, Equatable { let number: Int }

    private func database(fileBacked: Bool) throws -> SandboxDatabase {
        let database =
            fileBacked
            ? try SandboxDatabase(
                directory: TestDirectories.path("group-commit"))
            : try SandboxDatabase()
        try database.migrate { migrator in
            migrator.registerMigration("test-1-numbers") { db in
                try db.execute(sql: "CREATE TABLE numbers (value INTEGER NOT NULL)")
            }
        }
        return database
    }

    private func stored(_ database: SandboxDatabase) async throws -> [Int] {
        try await database.read { db in try Int.fetchAll(db, sql: "SELECT value FROM numbers ORDER BY value") }
    }

    @Test(arguments: [false, true])
    func aLoneFailingWriteLeavesNothingBehind(fileBacked: Bool) async throws {
        let database = try database(fileBacked: fileBacked)
        await #expect(throws: Planned(number: 1)) {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO numbers (value) VALUES (1)")
                throw Planned(number: 1)
            }
        }
        #expect(try await stored(database) == [])
        try await database.write { db in try db.execute(sql: "INSERT INTO numbers (value) VALUES (2)") }
        #expect(try await stored(database) == [2])
    }

    @Test(arguments: [false, true])
    func failingWritesInABatchRollBackOnlyTheirOwnChanges(fileBacked: Bool) async throws {
        let database = try database(fileBacked: fileBacked)
        // Every fifth write inserts its row and then fails; all 60 are in flight together, so most share batches.
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for number in 1...60 {
                group.addTask {
                    do {
                        let answer = try await database.write { db -> Int in
                            try db.execute(sql: "INSERT INTO numbers (value) VALUES (?)", arguments: [number])
                            if number % 5 == 0 { throw Planned(number: number) }
                            return number
                        }
                        return (number, answer == number)
                    } catch {
                        return (number, (error as? Planned) == Planned(number: number) ? false : true)
                    }
                }
            }
            var all: [Int: Bool] = [:]
            for await (number, succeeded) in group { all[number] = succeeded }
            return all
        }
        #expect(outcomes.filter(\.value).keys.sorted() == (1...60).filter { $0 % 5 != 0 })
        #expect(try await stored(database) == (1...60).filter { $0 % 5 != 0 })
    }
}
