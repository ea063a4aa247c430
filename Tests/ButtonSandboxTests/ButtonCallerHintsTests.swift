import CommerceCore
import Foundation
import GRDB
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// The remembered caller stands in for the key lookup on the writer only while no organisation or key has
/// changed since it was read there (`ButtonCallerHints`, `TableChangeCounter`).
@Suite struct ButtonCallerHintsTests {
    /// A new window on the organisation dates the very next create, and a key that worked a moment ago and was
    /// then deleted (a reset removes created organisations) is refused at once.
    @Test func accountChangesReachTheNextCreate() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let organization = try await sandbox.call(.post, "/sandbox/button/organizations", json: [:])
        let key = try #require(organization.object["api_key"]?.stringValue)
        let orgId = try #require(organization.object["organization_id"]?.stringValue)
        for id in ["h-1", "h-2"] {
            let created = try await sandbox.call(.post, "/v1/order", json: ButtonSandboxHarness.order(id), key: key)
            #expect(created.object["finalization_date"] == "2017-07-31T12:00:00Z")
        }
        let patched = try await sandbox.call(
            .patch, "/sandbox/button/organizations/\(orgId)", json: ["finalization_window_days": 7])
        #expect(patched.status == 200)
        let weekly = try await sandbox.call(.post, "/v1/order", json: ButtonSandboxHarness.order("h-3"), key: key)
        #expect(weekly.object["finalization_date"] == "2017-07-08T12:00:00Z")
        try await sandbox.call(.post, "/sandbox/button/reset")
        let refused = try await sandbox.call(.post, "/v1/order", json: ButtonSandboxHarness.order("h-4"), key: key)
        #expect(refused.status == 401)
    }

    /// The counter moves once per committed transaction that changed a watched table, reports no settled
    /// generation while such a change is pending, and ignores changes undone with their savepoint, rolled back
    /// transactions and other tables.
    @Test func theCounterFollowsCommittedChangesOnly() async throws {
        let database = try SandboxDatabase()
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE watched (v INTEGER); CREATE TABLE other (v INTEGER)")
        }
        let counter = TableChangeCounter(tables: ["watched"], database: database)
        #expect(counter.generation == 0)
        try await database.write { db in
            try db.execute(sql: "INSERT INTO other VALUES (1)")
            #expect(counter.settledGeneration == 0)
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO watched VALUES (1)")
                return .rollback
            }
            #expect(counter.settledGeneration == 0)
            try db.execute(sql: "INSERT INTO watched VALUES (2)")
            #expect(counter.settledGeneration == nil)
        }
        #expect(counter.generation == 1)
        #expect(counter.settledGeneration == 1)
        await #expect(throws: CancellationError.self) {
            try await database.writer.write { db in
                try db.execute(sql: "INSERT INTO watched VALUES (3)")
                #expect(counter.settledGeneration == nil)
                throw CancellationError()
            }
        }
        #expect(counter.generation == 1)
        #expect(counter.settledGeneration == 1)
    }
}
