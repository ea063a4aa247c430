import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

@Suite("Button seed replay and lifecycle (§6.7, J2)")
struct ButtonSeedReplayTests {
    @Test func seedReplay() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        let created = try await sandbox.api(.post, "/v1/order", raw: ButtonSandboxHarness.seedCreateBody)
        #expect(created.status == 200)
        #expect(created.object["status"] == "open")
        #expect(created.object["finalization_date"] == "2017-08-02T19:26:08Z")
        #expect(created.object["btn_ref"] == "srctok-XXX")
        #expect(created.object["line_items"]?[0]?["amount"] == 2000)
        #expect(
            created.object["customer"]?["email_sha256"]
                == "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514")

        let updated = try await sandbox.api(.post, "/v1/order/1989", raw: ButtonSandboxHarness.seedUpdateBody)
        #expect(updated.status == 200)
        #expect(updated.object["total"] == 8000)
        #expect(updated.object["line_items"]?.arrayValue?.map { $0["identifier"] } == ["sku-789", "sku-012"])
        #expect(updated.object["btn_ref"] == "srctok-XXX")
        let inspected = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/1989")
        #expect(inspected.object["versions"]?.arrayValue?.map { $0["kind"] } == ["create", "update"])

        // Partial return: one line item left.
        let partial = try await sandbox.api(
            .post, "/v1/order/1989",
            json: [
                "total": 5000, "currency": "USD", "purchase_date": "2017-07-01T00:00:00Z",
                "line_items": [["identifier": "sku-789", "total": 5000]],
            ])
        #expect(partial.object["line_items"]?.arrayValue?.count == 1)
        #expect(partial.object["customer"] == .null)

        let deleted = try await sandbox.api(.delete, "/v1/order/1989")
        #expect(deleted.text == #"{"meta":{"status":"ok"},"object":null}"#)
        #expect(try await sandbox.api(.get, "/v1/order/1989").object["status"] == "deleted")
        #expect(try await sandbox.api(.delete, "/v1/order/1989").status == 200)
        let afterDelete = try await sandbox.api(.post, "/v1/order/1989", json: ["total": 1])
        #expect(afterDelete.status == 409)
        #expect(afterDelete.errorType == "order_deleted")
        #expect(afterDelete.errorMessage == "Order 1989 has been deleted")
        let recreate = try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order("1989"))
        #expect(recreate.status == 409)
        #expect(recreate.errorMessage == "Order 1989 already exists")
        let byRef = try await sandbox.api(.get, "/v1/order/btn-ref/srctok-XXX")
        #expect(byRef.status == 200)
        #expect(byRef.objects.count == 1)
        #expect(byRef.objects.first?["status"] == "deleted")
        #expect(
            try await sandbox.api(.get, "/v1/order/btn-ref/srctok-none").text
                == #"{"meta":{"status":"ok"},"objects":[]}"#)
        #expect(try await sandbox.api(.get, "/v1/order/btn-ref/").text == #"{"meta":{"status":"ok"},"objects":[]}"#)
    }

    @Test func seedLiteralBodyIsInvalidJSON() async throws {
        let sandbox = try ButtonSandboxHarness()
        let literal = ButtonSandboxHarness.seedCreateBody.replacingOccurrences(
            of: "\"amount\": 2000,", with: "\"amount\": 2000")
        let reply = try await sandbox.api(.post, "/v1/order", raw: literal)
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Request body is not valid JSON")
    }
}
