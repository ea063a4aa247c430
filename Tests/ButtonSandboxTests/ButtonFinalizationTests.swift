import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import ButtonSandbox
@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Button finalization and capping (§6.3)")
struct ButtonFinalizationTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let now: String
        let window: Int
        let requested: String?
        let stored: String?
        var testDescription: String { "\(now) +\(window)d \(requested ?? "absent")" }
    }

    static let rows: [Row] = [
        Row(now: "2017-07-01T12:00:00Z", window: 30, requested: nil, stored: "2017-07-31T12:00:00Z"),
        Row(now: "2017-07-01T12:00:00Z", window: 7, requested: nil, stored: "2017-07-08T12:00:00Z"),
        Row(now: "2017-07-01T12:00:00Z", window: 30, requested: "2017-08-02T19:26:08Z", stored: "2017-08-02T19:26:08Z"),
        Row(now: "2017-07-01T12:00:00Z", window: 30, requested: "2019-01-01T00:00:00Z", stored: "2018-07-01T12:00:00Z"),
        Row(now: "2024-02-29T00:00:00Z", window: 30, requested: "2030-01-01T00:00:00Z", stored: "2025-02-28T00:00:00Z"),
        Row(now: "2025-01-15T12:00:00Z", window: 30, requested: "2017-08-02T19:26:08Z", stored: nil),
    ]

    @Test(arguments: rows)
    func table(_ row: Row) async throws {
        var options = SandboxOptions.testing
        options.buttonFinalizationDays = row.window
        let sandbox = try ButtonSandboxHarness(options)
        try await sandbox.setClock(row.now)
        var extra: JSONObject = [:]
        if let requested = row.requested { extra["finalization_date"] = .string(requested) }
        let reply = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("f-1", extra: extra))
        if let stored = row.stored {
            #expect(reply.status == 200)
            #expect(reply.object["finalization_date"] == .string(stored))
            #expect(reply.object["status"] == "open")
        } else {
            #expect(reply.status == 400)
            #expect(reply.errorField == "finalization_date")
            #expect(reply.errorMessage == "finalization_date must be in the future")
        }
    }

    @Test func updateCapsAFinalizationDateLikeCreate() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2024-02-29T00:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("cap"))
        let updated = try await sandbox.api(
            .post, "/v1/order/cap",
            json: ButtonSandboxHarness.order("cap", extra: ["finalization_date": "2030-01-01T00:00:00Z"]))
        #expect(updated.status == 200)
        #expect(updated.object["finalization_date"] == "2025-02-28T00:00:00Z")
        let past = try await sandbox.api(
            .post, "/v1/order/cap",
            json: ButtonSandboxHarness.order("cap", extra: ["finalization_date": "2017-08-02T19:26:08Z"]))
        #expect(past.errorField == "finalization_date")
        #expect(try await sandbox.api(.get, "/v1/order/cap").object["finalization_date"] == "2025-02-28T00:00:00Z")
    }

    @Test func advancingFinalizes() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("f-1"))
        try await sandbox.api(
            .post, "/v1/order",
            json: ButtonSandboxHarness.order("f-2", extra: ["finalization_date": "2017-09-01T00:00:00Z"]))
        let advanced = try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["days": 30])
        #expect(advanced.object["now"] == "2017-07-31T12:00:00Z")
        #expect(advanced.object["finalized"] == ["f-1"])
        #expect(advanced.object["frozen"] == true)
        #expect(try await sandbox.api(.get, "/v1/order/f-1").object["status"] == "finalized")
        #expect(try await sandbox.api(.get, "/v1/order/f-2").object["status"] == "open")
        let update = try await sandbox.api(.post, "/v1/order/f-1", json: ButtonSandboxHarness.order("f-1"))
        #expect(update.status == 409)
        #expect(update.errorType == "order_finalized")
        #expect(update.errorMessage == "Order f-1 is finalized and can no longer be changed")
        let delete = try await sandbox.api(.delete, "/v1/order/f-1")
        #expect(delete.status == 409)
        #expect(delete.errorType == "order_finalized")
        // Moving the clock back never re-opens an order.
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        #expect(try await sandbox.api(.get, "/v1/order/f-1").object["status"] == "finalized")
        let listed = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders?status=finalized")
        #expect(listed.objects.map { $0["order_id"] } == ["f-1"])
    }

    @Test func lazyFinalizationWithoutSweep() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("lazy"))
        // Move the shared clock directly (as another service would): the next read finalizes first.
        try await sandbox.context.clock.advance(by: 30 * 86_400)
        #expect(
            try await sandbox.api(.post, "/v1/order/lazy", json: ButtonSandboxHarness.order("lazy")).errorType
                == "order_finalized")
    }

    @Test func clockRoutes() async throws {
        let sandbox = try ButtonSandboxHarness()
        let set = try await sandbox.call(
            .post, "/sandbox/button/clock", json: ["now": "2025-01-15T12:00:00.500Z", "frozen": true])
        #expect(set.object["now"] == "2025-01-15T12:00:00.500Z")
        #expect(try await sandbox.call(.get, "/sandbox/button/clock").object["frozen"] == true)
        #expect(try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["seconds": 0]).status == 400)
        // A move too large to print is refused and leaves the clock where it was.
        let huge = try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["seconds": 1e19])
        #expect(huge.status == 400)
        #expect(huge.errorField == "seconds")
        #expect(
            try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["days": 40_000]).errorField == "days")
        #expect(try await sandbox.call(.get, "/sandbox/button/clock").object["now"] == "2025-01-15T12:00:00.500Z")
        #expect(try await sandbox.call(.post, "/sandbox/button/clock", json: ["now": "tomorrow"]).errorField == "now")
        let reset = try await sandbox.call(.delete, "/sandbox/button/clock")
        #expect(reset.object["frozen"] == false)
        #expect(reset.object["offset_seconds"] == 0)
    }

    @Test func oneYearArithmetic() {
        let leap = ISO8601.parse("2024-02-29T06:30:00.250Z")!
        #expect(
            ISO8601.format(ButtonDates.oneYearAfter(leap), fraction: .millisecondsWhenNonZero)
                == "2025-02-28T06:30:00.250Z")
        let plain = ISO8601.parse("2023-12-31T23:59:59Z")!
        #expect(ButtonDates.oneYearAfter(plain).iso8601 == "2024-12-31T23:59:59Z")
    }
}
