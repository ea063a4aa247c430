import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite struct FaultInjectorTests {
    private static let render: FaultInjector.Renderer = { status, body in
        .json(body ?? ["error": "fault"], status: status)
    }

    private static func counting(_ handled: Locked<Int>) -> () async throws -> SandboxResponse {
        {
            handled.withLock { $0 += 1 }
            return .json(["ok": true], status: 201)
        }
    }

    @Test func dropAfterCommitRunsTheHandlerAndMarksItsAnswerLost() async throws {
        let faults = FaultInjector()
        try faults.add(FaultRule(method: .post, path: .exact("/api/thing"), count: 1, drop: .afterCommit))
        let request = SandboxRequest(method: .post, rawPath: "/api/thing")
        let handled = Locked(0)
        let lost = try await faults.apply(to: request, render: Self.render, handler: Self.counting(handled))
        #expect(lost.dropsConnection)
        #expect(lost.status == 201)  // the committed answer, not a fault status
        #expect(handled.current == 1)
        let next = try await faults.apply(to: request, render: Self.render, handler: Self.counting(handled))
        #expect(!next.dropsConnection)
        #expect(handled.current == 2)
    }

    @Test func dropBeforeLosesTheRequestUnprocessed() async throws {
        let faults = FaultInjector()
        try faults.add(FaultRule(method: nil, path: .prefix("/api/"), count: 1, drop: .before))
        let handled = Locked(0)
        let lost = try await faults.apply(
            to: SandboxRequest(method: .get, rawPath: "/api/thing"), render: Self.render,
            handler: Self.counting(handled))
        #expect(lost.dropsConnection)
        #expect(handled.current == 0)
    }

    @Test func afterTimingCommitsThenAnswersTheFaultStatus() async throws {
        let faults = FaultInjector()
        try faults.add(FaultRule(method: .post, path: .exact("/v1/order"), count: 1, timing: .after, status: 502))
        let handled = Locked(0)
        let answer = try await faults.apply(
            to: SandboxRequest(method: .post, rawPath: "/v1/order"), render: Self.render,
            handler: Self.counting(handled))
        #expect(answer.status == 502)
        #expect(handled.current == 1)
    }

    @Test func aDelayOnlyRuleIsLatencyThenTheRealAnswer() async throws {
        let faults = FaultInjector()
        try faults.add(FaultRule(method: .get, path: .prefix("/v1/"), count: 1, delayMilliseconds: 30))
        let handled = Locked(0)
        let started = ContinuousClock.now
        let answer = try await faults.apply(
            to: SandboxRequest(method: .get, rawPath: "/v1/order/1"), render: Self.render,
            handler: Self.counting(handled))
        #expect(answer.status == 201)
        #expect(handled.current == 1)
        #expect(ContinuousClock.now - started >= .milliseconds(30))
    }

    @Test func methodPathAndScopeAllHaveToMatch() async throws {
        let faults = FaultInjector()
        try faults.add(FaultRule(method: .post, path: .exact("/v1/order"), count: 5, status: 503))
        try faults.add(FaultRule(method: nil, path: .prefix("/api/"), count: 5, scope: "shop:1", status: 429))
        let handled = Locked(0)
        for request in [
            SandboxRequest(method: .get, rawPath: "/v1/order"), SandboxRequest(method: .post, rawPath: "/v1/order/x"),
            SandboxRequest(method: .post, rawPath: "/api/2021-10/graphql"),
        ] {
            #expect(
                try await faults.apply(to: request, render: Self.render, handler: Self.counting(handled)).status == 201)
        }
        let scoped = try await faults.apply(
            to: SandboxRequest(method: .post, rawPath: "/api/2021-10/graphql"), scope: "shop:1",
            render: Self.render, handler: Self.counting(handled))
        #expect(scoped.status == 429)
        #expect(handled.current == 3)
    }

    @Test func pathPatternsReadTheWayEachRouteDocuments() {
        #expect(PathPattern.prefixOrGlob("/v1/order").matches("/v1/order/abc"))
        #expect(PathPattern.exactOrGlob("/v1/order").matches("/v1/order/abc") == false)
        #expect(PathPattern.exactOrGlob("/v1/app/*").matches("/v1/app/order"))
        #expect(
            PathPattern.glob("/rest/*/guest/accountInformation.json").matches(
                "/rest/25.33/guest/accountInformation.json"))
        #expect(
            PathPattern.glob("/rest/*/guest/accountInformation.json").matches("/rest/25.33/guest/other.json") == false)
        #expect(PathPattern.glob("*").matches(""))
    }

    @Test func onlyDropRulesReportTheDropInTheirJSON() {
        #expect(
            FaultRule(method: .post, path: .exact("/x"), count: 1, drop: .afterCommit).json["drop"] == "afterCommit")
        let plain = FaultRule(method: .post, path: .exact("/v1/app/order"), count: 1, status: 503)
        #expect(plain.json.objectValue?.keys.contains("drop_connection") == false)
        #expect(plain.json.objectValue?.keys.contains("drop") == false)
    }

    @Test func storedRulesSurviveARestartWithTheirRemainingCount() async throws {
        let directory = TestDirectories.path("faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let database = try SandboxDatabase(directory: directory)
            try database.migrate { FaultStore.registerMigrations(&$0) }
            let faults = try FaultInjector(database: database)
            try faults.add(
                FaultRule(
                    method: nil, path: .glob("/rest/*"), count: 3, scope: "s", status: 500,
                    body: ["x": 1], survivesRestart: true, origin: ["count": 3]))
            try faults.add(FaultRule(method: .get, path: .prefix("/v1/"), count: 1, status: 503))  // memory only
            _ = try faults.consume(for: SandboxRequest(method: .post, rawPath: "/rest/a"), scope: "s")
        }
        let database = try SandboxDatabase(directory: directory)
        try database.migrate { FaultStore.registerMigrations(&$0) }
        let reloaded = try FaultInjector(database: database).all
        #expect(reloaded.count == 1)
        #expect(reloaded.first?.remaining == 2)
        #expect(reloaded.first?.path == .glob("/rest/*"))
        #expect(reloaded.first?.body == ["x": 1])
        #expect(reloaded.first?.method == nil)
    }

    /// A stored body that is not JSON is reported at load, naming the rule, instead of firing without its body;
    /// a JSON `null` body (an answer with no body) comes back as `null`, not as no body at all.
    @Test func aStoredRuleWithAnUnreadableBodyIsReportedNotFiredBare() throws {
        let database = try SandboxDatabase()
        try database.migrate { FaultStore.registerMigrations(&$0) }
        let faults = try FaultInjector(database: database)
        let empty = FaultRule(
            method: nil, path: .prefix("/a/"), count: 1, status: 500, body: .null, survivesRestart: true)
        let broken = FaultRule(
            method: nil, path: .prefix("/b/"), count: 1, status: 500, body: ["x": 1], survivesRestart: true)
        try faults.add(empty)
        #expect(try FaultInjector(database: database).all.first?.body == .null)
        try faults.add(broken)
        try database.writer.write { db in
            try db.execute(sql: "UPDATE sandbox_faults SET body = '{not json' WHERE id = ?", arguments: [broken.id])
        }
        #expect {
            _ = try FaultInjector(database: database)
        } throws: { error in
            "\(error)" == "sandbox_faults row \(broken.id) holds an unreadable value in body"
        }
    }
}
