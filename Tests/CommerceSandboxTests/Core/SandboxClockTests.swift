import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite struct SandboxClockTests {
    @Test func frozenClockStaysPutAndAdvancesExactly() async throws {
        let database = try SandboxDatabase()
        try database.migrate { SandboxClock.registerMigrations(&$0) }
        let clock = try SandboxClock(database: database)
        let instant = try #require(ISO8601.parse("2025-01-15T12:00:00Z"))
        try await clock.set(instant, frozen: true)
        #expect(clock.now() == instant)
        try await clock.advance(by: 30 * 86_400)
        #expect(ISO8601.format(clock.now()) == "2025-02-14T12:00:00Z")
        try await clock.reset()
        #expect(abs(clock.now().timeIntervalSinceNow) < 5)
    }

    @Test func aFrozenClockIgnoresWallTimeAndARunningOneFollowsIt() async throws {
        let database = try SandboxDatabase()
        try database.migrate { SandboxClock.registerMigrations(&$0) }
        let start = try #require(ISO8601.parse("2025-01-15T12:00:00Z"))
        let wall = Locked(start)
        let clock = try SandboxClock(database: database, wallClock: { wall.current })
        let instant = try #require(ISO8601.parse("2030-06-01T00:00:00Z"))
        try await clock.set(instant, frozen: true)
        wall.withLock { $0 += 3600 }
        #expect(clock.now() == instant)
        try await clock.set(instant, frozen: false)
        wall.withLock { $0 += 3600 }
        #expect(clock.now() == instant.addingTimeInterval(3600))
    }

    @Test func offsetSurvivesARestart() async throws {
        let directory = TestDirectories.path("ck-clock")
        let instant = try #require(ISO8601.parse("2030-06-01T00:00:00Z"))
        do {
            let database = try SandboxDatabase(directory: directory)
            try database.migrate { SandboxClock.registerMigrations(&$0) }
            try await SandboxClock(database: database).set(instant, frozen: true)
        }
        let reopened = try SandboxDatabase(directory: directory)
        try reopened.migrate { SandboxClock.registerMigrations(&$0) }
        #expect(try SandboxClock(database: reopened).now() == instant)
    }

    @Test func faultsAnswerBeforeTheHandlerAndCountDown() async throws {
        let faults = FaultInjector()
        try faults.add(FaultRule(method: .post, path: .exactOrGlob("/v1/app/*"), count: 2, status: 503))
        let request = SandboxRequest(method: .post, rawPath: "/v1/app/order")
        let handled = Locked(0)
        for expected in [503, 503, 200] {
            let response = try await faults.apply(
                to: request, render: { status, _ in .json(["error": "Injected fault"], status: status) }
            ) {
                handled.withLock { $0 += 1 }
                return .json(["ok": true])
            }
            #expect(response.status == expected)
        }
        #expect(handled.current == 1)
        #expect(faults.all.isEmpty)
    }
}
