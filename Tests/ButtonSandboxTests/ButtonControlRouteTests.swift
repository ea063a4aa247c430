import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Button control routes: organisations and applications (§5.2, §5.4)")
struct ButtonControlRouteTests {
    /// A sandbox whose seeded organisation uses a 7-day window, as `--button-finalization-days 7` sets it.
    static func sandboxWithSevenDaySeed() throws -> ButtonSandboxHarness {
        var options = SandboxOptions.testing
        options.buttonFinalizationDays = 7
        return try ButtonSandboxHarness(options)
    }

    @Test func newOrganisationsDefaultToThirtyDaysWhateverTheSeedWindow() async throws {
        let sandbox = try Self.sandboxWithSevenDaySeed()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let seeded = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox")
        #expect(seeded.object["finalization_window_days"] == 7)

        let created = try await sandbox.call(.post, "/sandbox/button/organizations", json: ["name": "Default window"])
        #expect(created.status == 200)
        #expect(created.object["finalization_window_days"] == 30)
        let key = try #require(created.object["api_key"]?.stringValue)
        let order = try await sandbox.call(.post, "/v1/order", json: ButtonSandboxHarness.order("w-1"), key: key)
        #expect(order.object["finalization_date"] == "2017-07-31T12:00:00Z")
        // The seeded organisation keeps the flag's window.
        let seededOrder = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("w-1"))
        #expect(seededOrder.object["finalization_date"] == "2017-07-08T12:00:00Z")
        // An explicit window still wins.
        let weekly = try await sandbox.call(
            .post, "/sandbox/button/organizations", json: ["finalization_window_days": 14])
        #expect(weekly.object["finalization_window_days"] == 14)
    }

    @Test func patchChangesTheWindowForNewOrdersOnly() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let before = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("p-old"))
        #expect(before.object["finalization_date"] == "2017-07-31T12:00:00Z")

        let patched = try await sandbox.call(
            .patch, "/sandbox/button/organizations/org-sandbox",
            json: ["finalization_window_days": 7])
        #expect(patched.status == 200)
        #expect(patched.object["organization_id"] == "org-sandbox")
        #expect(patched.object["finalization_window_days"] == 7)
        #expect(
            try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox").object["finalization_window_days"]
                == 7)

        // Existing orders are not re-dated, not even by a later update that omits finalization_date.
        #expect(try await sandbox.api(.get, "/v1/order/p-old").object["finalization_date"] == "2017-07-31T12:00:00Z")
        let updated = try await sandbox.api(
            .post, "/v1/order/p-old", json: ButtonSandboxHarness.order("p-old", total: 4000))
        #expect(updated.object["finalization_date"] == "2017-07-31T12:00:00Z")
        let after = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("p-new"))
        #expect(after.object["finalization_date"] == "2017-07-08T12:00:00Z")

        // Seven days on, only the new order is finalized.
        let advanced = try await sandbox.call(.post, "/sandbox/button/clock/advance", json: ["days": 7])
        #expect(advanced.object["finalized"] == ["p-new"])
        #expect(try await sandbox.api(.get, "/v1/order/p-old").object["status"] == "open")
        #expect(
            try await sandbox.call(
                .patch, "/sandbox/button/organizations/org-nope",
                json: ["finalization_window_days": 7]
            ).status == 404)
    }

    @Test func createApplication() async throws {
        let sandbox = try ButtonSandboxHarness()
        let named = try await sandbox.call(
            .post, "/sandbox/button/applications",
            json: ["organization_id": "org-sandbox", "application_id": "app-second"])
        #expect(named.status == 200)
        #expect(named.object["application_id"] == "app-second")
        #expect(named.object["organization_id"] == "org-sandbox")
        // Asking again for the same organisation is harmless.
        #expect(
            try await sandbox.call(
                .post, "/sandbox/button/applications",
                json: ["organization_id": "org-sandbox", "application_id": "app-second"]
            ).status == 200)

        let generated = try await sandbox.call(
            .post, "/sandbox/button/applications", json: ["organization_id": "org-sandbox"])
        let generatedId = try #require(generated.object["application_id"]?.stringValue)
        #expect(generatedId.wholeMatch(of: /app-[0-9a-f]{16}/) != nil)

        let org = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox")
        let apps = org.object["applications"]?.arrayValue?.compactMap { $0["application_id"]?.stringValue } ?? []
        #expect(Set(apps).isSuperset(of: ["app-sandbox", "app-second", generatedId]))
        #expect(
            org.object["applications"]?.arrayValue?.first { $0["application_id"] == "app-second" }?["auto_registered"]
                == false)
        // The new application is known to the control routes that require one.
        let token = try await sandbox.call(
            .post, "/sandbox/button/attribution-tokens", json: ["application_id": "app-second"])
        #expect(token.status == 200)

        let unknownOrg = try await sandbox.call(
            .post, "/sandbox/button/applications",
            json: ["organization_id": "org-nope", "application_id": "app-third"])
        #expect(unknownOrg.status == 404)
        #expect(unknownOrg.errorMessage == "Organization org-nope not found")

        let other = try await sandbox.call(.post, "/sandbox/button/organizations", json: ["name": "Other"])
        let otherId = try #require(other.object["organization_id"]?.stringValue)
        let taken = try await sandbox.call(
            .post, "/sandbox/button/applications",
            json: ["organization_id": .string(otherId), "application_id": "app-second"])
        #expect(taken.status == 409)
        #expect(taken.errorType == "application_exists")
        #expect(taken.errorMessage == "Application app-second belongs to another organization")

        let missing = try await sandbox.call(.post, "/sandbox/button/applications", json: ["application_id": "app-x"])
        #expect(missing.status == 400)
        #expect(missing.errorField == "organization_id")
        let malformed = try await sandbox.call(
            .post, "/sandbox/button/applications",
            json: ["organization_id": "org-sandbox", "application_id": "not-an-app"])
        #expect(malformed.status == 400)
        #expect(malformed.errorField == "application_id")
    }
}
