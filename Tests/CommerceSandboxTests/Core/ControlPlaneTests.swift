import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// The one control plane: `/sandbox/faults`, `/sandbox/requests`, `/sandbox/clock`, `/sandbox/reset`, and the
/// services' own routes as aliases of it.
@Suite struct ControlPlaneTests {
    @discardableResult
    private func call(
        _ sandbox: ButtonSandboxHarness, _ method: HTTPMethod, _ path: String, json: JSONValue? = nil,
        headers: HTTPHeaders = [:]
    ) async throws -> RouterTestRig.Reply {
        try await sandbox.call(method, path, json: json, headers: headers)
    }

    @Test func aGeneralFaultAnswersInTheOwningServicesEnvelope() async throws {
        let sandbox = try ButtonSandboxHarness()
        let added = try await call(
            sandbox, .post, "/sandbox/faults", json: ["method": "POST", "path": "/v1/order", "count": 1, "status": 503])
        #expect(added.status == 201)
        #expect(added.json["path"] == "/v1/order")
        let failed = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("cp-1"))
        #expect(failed.status == 503)
        #expect(failed.json["meta"]?["status"] == "error")
        #expect(failed.json["error"]?["type"] == "sandbox_fault")
        #expect(try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("cp-1")).status == 200)

        try await call(sandbox, .post, "/sandbox/faults", json: ["path": "/rest/*/guest/*", "status": 502])
        let paytronix = try await call(sandbox, .get, "/rest/25.33/guest/accountInformation.json?merchantId=777777")
        #expect(paytronix.status == 502)
        #expect(paytronix.json["errorCode"] == "sandbox.fault")
    }

    @Test func aBadRuleNamesEveryFieldAndAddsNothing() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await call(
            sandbox, .post, "/sandbox/faults",
            json: ["path": "v1", "count": 0, "status": 700, "drop": "sometimes", "colour": "red"])
        #expect(reply.status == 400)
        let fields = Set((reply.json["error"]?["fields"]?.arrayValue ?? []).compactMap { $0["field"]?.stringValue })
        #expect(fields == ["path", "count", "status", "drop", "colour"])
        #expect(
            try await call(sandbox, .post, "/sandbox/faults", json: ["path": "/v1/order"]).json["error"]?["fields"]?[
                0]?["field"] == "status")
        #expect(try await sandbox.call(.post, "/sandbox/faults", raw: "[1]").status == 400)
        #expect(try await call(sandbox, .get, "/sandbox/faults").json["faults"] == [])
    }

    @Test func rulesAreListedAndRemovedOneByOneOrAll() async throws {
        let sandbox = try ButtonSandboxHarness()
        let first = try await call(sandbox, .post, "/sandbox/faults", json: ["path": "/v1/app/", "delay_ms": 10])
        try await call(sandbox, .post, "/sandbox/faults", json: ["path": "/rest/", "drop": "afterCommit", "count": 2])
        #expect(try await call(sandbox, .get, "/sandbox/faults").json["faults"]?.arrayValue?.count == 2)
        // Each service's alias lists only its own rules.
        #expect(try await call(sandbox, .get, "/sandbox/button/faults").json["objects"]?.arrayValue?.count == 1)
        let id = try #require(first.json["id"]?.stringValue)
        #expect(try await call(sandbox, .delete, "/sandbox/faults/\(id)").json["removed"] == 1)
        #expect(try await call(sandbox, .delete, "/sandbox/faults/\(id)").status == 404)
        #expect(try await call(sandbox, .delete, "/sandbox/faults").json["removed"] == 1)
    }

    @Test func theJournalListsEveryServiceNewestFirstWithSecretsRedacted() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("j-1"))
        try await sandbox.api(.get, "/v1/order/missing")
        try await call(
            sandbox, .post, "/rest/25.33/oauth/requestGuestToken.json",
            json: ["grant_type": "password", "username": "sam", "password": "hunter22", "client_id": "sandbox-ios"],
            headers: ["Authorization": RouterTestRig.basic("sandbox-ios", password: "sandbox-ios-secret")])
        try await call(sandbox, .get, "/sandbox/health")  // control routes are not journaled

        let all = try await call(sandbox, .get, "/sandbox/requests").json["requests"]?.arrayValue ?? []
        #expect(all.map { $0["service"] } == ["paytronix", "button", "button"])
        #expect(
            all.map { $0["path"] } == ["/rest/25.33/oauth/requestGuestToken.json", "/v1/order/missing", "/v1/order"])
        let paytronix = try #require(all.first)
        #expect(paytronix["request"]?["body"]?["password"] == "***")
        #expect(paytronix["request"]?["body"]?["username"] == "sam")
        #expect(paytronix["request"]?["headers"]?["Authorization"] == "Basic ***")
        #expect(paytronix["response"]?["body"] != nil)

        let missing = try await call(sandbox, .get, "/sandbox/requests?service=button&status=4xx").json["requests"]?
            .arrayValue
        #expect(missing?.map { $0["path"] } == ["/v1/order/missing"])
        #expect(
            try await call(sandbox, .get, "/sandbox/requests?path=/v1/&limit=1").json["requests"]?.arrayValue?.count
                == 1)
        let bad = try await call(sandbox, .get, "/sandbox/requests?status=9xx&service=nope&limit=0")
        #expect(bad.status == 400)
        #expect(
            Set((bad.json["error"]?["fields"]?.arrayValue ?? []).compactMap { $0["field"]?.stringValue }) == [
                "status", "service", "limit",
            ])
    }

    @Test func movingTheClockAnywhereRunsButtonsFinalizationSweep() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2026-01-01T00:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("clock-1"))
        let moved = try await call(sandbox, .post, "/sandbox/clock", json: ["advance_days": 31])
        #expect(moved.status == 200)
        #expect(moved.json["finalized"] == ["clock-1"])
        #expect(moved.json["now"] == "2026-02-01T00:00:00Z")
        #expect(try await sandbox.api(.get, "/v1/order/clock-1").json["object"]?["status"] == "finalized")

        // ATH Móvil's own clock alias moves the same clock and runs the same hooks.
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("clock-2"))
        try await call(sandbox, .post, "/sandbox/athmovil/clock/advance", json: ["seconds": .integer(31 * 86_400)])
        #expect(try await sandbox.api(.get, "/v1/order/clock-2").json["object"]?["status"] == "finalized")
    }

    @Test func clockRequestsAreValidatedAndFreezeAndRealWork() async throws {
        let sandbox = try ButtonSandboxHarness()
        #expect(
            try await call(sandbox, .post, "/sandbox/clock", json: ["advance_days": -1]).json["error"]?["fields"]?[0]?[
                "field"] == "advance_days")
        #expect(
            try await call(sandbox, .post, "/sandbox/clock", json: ["now": "yesterday"]).json["error"]?["fields"]?[0]?[
                "field"] == "now")
        #expect(try await call(sandbox, .post, "/sandbox/clock", json: ["speed": 2]).status == 400)
        #expect(try await call(sandbox, .post, "/sandbox/clock", json: ["frozen": true]).json["frozen"] == true)
        // Exactly 60 s later across a real round trip: a running clock would add the round trip's own time.
        // (SandboxClockTests moves an injected wall clock to show a frozen clock ignores it.)
        let first = sandbox.context.clock.now()
        #expect(try await call(sandbox, .post, "/sandbox/clock/advance", json: ["seconds": 60]).json["frozen"] == true)
        #expect(sandbox.context.clock.now() == first.addingTimeInterval(60))
        let real = try await call(sandbox, .delete, "/sandbox/clock")
        #expect(real.json["frozen"] == false)
        #expect(real.json["offset_seconds"]?.doubleValue == 0)
    }

    @Test func resetClearsEveryServiceFaultAndJournalButNotTheClock() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2026-03-01T00:00:00Z")
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("reset-1"))
        try await call(sandbox, .post, "/sandbox/faults", json: ["path": "/v1/app/", "status": 500])
        let reply = try await call(sandbox, .post, "/sandbox/reset")
        #expect(reply.json["reset"]?.arrayValue?.contains("button") == true)
        #expect(try await sandbox.api(.get, "/v1/order/reset-1").status == 404)
        #expect(try await call(sandbox, .get, "/sandbox/faults").json["faults"] == [])
        #expect(sandbox.context.journal.entries().count == 1)  // only the GET just made
        #expect(sandbox.context.clock.now() == ISO8601.parse("2026-03-01T00:00:00Z"))
        let unknown = try await call(sandbox, .post, "/sandbox/reset?service=nope")
        #expect(unknown.status == 404)
        #expect(unknown.json["error"]?["fields"]?[0]?["field"] == "service")
    }

    @Test func storefrontFailNextIsAScopedRuleOfTheSameInjector() async throws {
        let sandbox = try ButtonSandboxHarness()
        let report = try await call(
            sandbox, .put, "/sandbox/storefront/shops/1/simulation", json: ["failNext": ["count": 2, "status": 503]])
        #expect(report.json["failNext"] == ["count": 2, "status": 503])
        let rules = try await call(sandbox, .get, "/sandbox/faults").json["faults"]?.arrayValue ?? []
        #expect(rules.count == 1)
        #expect(rules.first?["scope"] == "storefront-shop:1")
        try await call(sandbox, .put, "/sandbox/storefront/shops/1/simulation", json: ["failNext": nil])
        #expect(try await call(sandbox, .get, "/sandbox/faults").json["faults"] == [])
    }
}

@Suite struct JournalRedactionTests {
    @Test func cardNumbersKeepOnlyTheirLastFourDigits() {
        #expect(JournalRedaction.maskingCardNumbers("card 4242424242424242 ok") == "card ************4242 ok")
        // Not a Luhn number: an order id, left alone.
        #expect(JournalRedaction.maskingCardNumbers("order 1234567890123456") == "order 1234567890123456")
    }

    @Test func secretFieldsAndCredentialsAreMasked() {
        let body = JournalRedaction.redacted([
            "user": ["password": "p", "Client_Secret": "s", "cvv": "123", "name": "Ana"],
            "cards": [["number": "4111111111111111"]],
        ])
        #expect(
            body == [
                "user": ["password": "***", "Client_Secret": "***", "cvv": "***", "name": "Ana"],
                "cards": [["number": "************1111"]],
            ])
        #expect(
            JournalRedaction.redactedHeader(name: "Authorization", value: "Bearer abcdefgh1234") == "Bearer ***1234")
        #expect(JournalRedaction.redactedHeader(name: "authorization", value: "Basic dXNlcjpwYXNz") == "Basic ***")
        #expect(
            JournalRedaction.redactedForm("username=sam&password=x%20y&pin=1234") == "username=sam&password=***&pin=***"
        )
        #expect(JournalRedaction.body(Data([0xff, 0xfe]), contentType: nil) == ["binary_bytes": 2])
    }
}
