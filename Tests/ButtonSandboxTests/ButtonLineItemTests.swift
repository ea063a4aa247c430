import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

@Suite("Button line items and tokens (§6.4, §6.5)")
struct ButtonLineItemTests {
    func create(_ sandbox: ButtonSandboxHarness, _ items: JSONValue, id: String = "li") async throws
        -> ButtonSandboxHarness.Reply
    {
        try await sandbox.api(.post, "/v1/order", json: ButtonSandboxHarness.order(id, extra: ["line_items": items]))
    }

    @Test func arithmetic() async throws {
        let sandbox = try ButtonSandboxHarness()
        let reply = try await create(
            sandbox,
            [
                ["identifier": "a", "total": 1000, "quantity": 3],
                ["identifier": "b", "total": 1001, "quantity": 2],
                ["identifier": "c", "amount": 250, "quantity": 4],
                ["identifier": "d", "total": 2000, "amount": 1, "quantity": 1],
            ])
        #expect(reply.status == 200)
        let items = reply.object["line_items"]?.arrayValue ?? []
        #expect(items.map { $0["amount"] } == [333, 501, 250, 2000])
        #expect(items.map { $0["total"] } == [1000, 1001, 1000, 2000])
        #expect(items.map { $0["quantity"] } == [3, 2, 4, 1])
    }

    @Test func rules() async throws {
        let sandbox = try ButtonSandboxHarness()
        let zero = try await create(sandbox, [["identifier": "a", "total": 1, "quantity": 0]])
        #expect(zero.status == 400)
        #expect(zero.errorField == "line_items[0].quantity")
        #expect(zero.errorMessage == "line_items[0].quantity must be an integer of at least 1")
        #expect(
            try await create(sandbox, [["identifier": "a", "total": 1, "upc": "400000000001"]], id: "upc-ok").status
                == 200)
        let upc = try await create(sandbox, [["identifier": "a", "total": 1, "upc": "40000000001"]])
        #expect(upc.errorField == "line_items[0].upc")
        let eight: JSONValue = .array((1...8).map { .string("c\($0)") })
        let seven: JSONValue = .array((1...7).map { .string("c\($0)") })
        #expect(
            try await create(sandbox, [["identifier": "a", "total": 1, "category": eight]]).errorField
                == "line_items[0].category")
        #expect(
            try await create(sandbox, [["identifier": "a", "total": 1, "category": seven]], id: "cat-ok").status == 200)
        let duplicate = try await create(
            sandbox,
            [
                ["identifier": "sku-1", "total": 1], ["identifier": "sku-2", "total": 1],
                ["identifier": "sku-1", "total": 1],
            ])
        #expect(duplicate.status == 400)
        #expect(duplicate.errorField == "line_items[2].identifier")
        #expect(duplicate.errorMessage == "line_items[2].identifier duplicates line_items[0].identifier")
    }

    @Test func testTokens() async throws {
        let sandbox = try ButtonSandboxHarness()
        func create(_ id: String, _ token: String) async throws -> ButtonSandboxHarness.Reply {
            try await sandbox.api(
                .post, "/v1/order", json: ButtonSandboxHarness.order(id, extra: ["btn_ref": .string(token)]))
        }
        func attribution(_ id: String) async throws -> JSONValue? {
            try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/\(id)").object["attribution"]
        }
        #expect(try await create("t-1", "fakesrctok-abcdef0123456789").status == 200)
        #expect(try await attribution("t-1") == "test")
        let upper = try await create("t-2", "fakesrctok-ABCDEF0123456789")
        #expect(upper.status == 400)
        #expect(upper.errorMessage == "test tokens must match ^fakesrctok-[a-f0-9]{16}$")
        #expect(try await create("t-3", "fakesrctok-abc").errorField == "btn_ref")
        #expect(try await create("t-4", "srctok-XXX").status == 200)
        #expect(try await attribution("t-4") == "unknown")
        let space = try await create("t-5", "srctok-a b")
        #expect(space.errorMessage == "btn_ref must be a URL-safe string of at most 255 characters")
        // A token issued by a control route is attributed "sandbox", with its application.
        let issued = try await sandbox.call(
            .post, "/sandbox/button/attribution-tokens",
            json: ["application_id": "app-sandbox", "url": "https://shop.example/p?x=1#top"])
        let token = try #require(issued.object["btn_ref"]?.stringValue)
        #expect(token.hasPrefix("srctok-") && token.count == 23)
        #expect(issued.object["url"] == .string("https://shop.example/p?x=1&btn_ref=\(token)#top"))
        #expect(try await create("t-6", token).status == 200)
        let inspected = try await sandbox.call(.get, "/sandbox/button/organizations/org-sandbox/orders/t-6")
        #expect(inspected.object["attribution"] == "sandbox")
        #expect(inspected.object["attribution_application_id"] == "app-sandbox")
        #expect(
            try await sandbox.call(.post, "/sandbox/button/attribution-tokens", json: ["application_id": "app-nope"])
                .status == 404)
    }
}
