import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// A create judged before the writer is taken (`ButtonOrderDraft`) answers exactly like one judged inside it.
@Suite struct ButtonOrderDraftTests {
    /// The envelope around a stored state's text is byte for byte the one rendered from the value.
    @Test func envelopeAroundStoredTextMatchesTheRenderedOne() throws {
        let object: JSONValue = [
            "button_order_id": "btnorder-0123456789abcdef", "order_id": "o/1 \"quoted\"", "total": 5000,
            "line_items": [["identifier": "sku-1", "total": 5000]], "btn_ref": .null, "status": "open",
        ]
        let rendered = ButtonEnvelope.object(object, headers: ["X-Button-API-Version": "2018-02-13"])
        let wrapped = ButtonEnvelope.object(
            serialized: object.serialized(), headers: ["X-Button-API-Version": "2018-02-13"])
        #expect(wrapped.body == rendered.body)
        #expect(wrapped.status == rendered.status)
        #expect(wrapped.headers == rendered.headers)
    }

    /// The table's unique keys tell a taken merchant id from a taken Button id, and a refused insert leaves the
    /// transaction usable (the route then answers 409, or draws another Button id).
    @Test func insertTellsWhichIdIsTaken() async throws {
        let rig = try RouterTestRig()
        let outcomes = try await rig.context.database.write { db -> [ButtonOrderStore.Insertion] in
            func order(_ orderId: String, _ buttonOrderId: String) -> ButtonStoredOrder {
                ButtonStoredOrder(
                    org: ButtonService.seedOrganization, orderId: orderId, buttonOrderId: buttonOrderId,
                    current: "{}", status: "open", finalizationDate: 0, btnRef: nil, attribution: nil,
                    attributionApp: nil, ignoredFields: "[]", createdAt: 0, updatedAt: 0)
            }
            var orders = [
                order("d-1", "btnorder-00000000000000a1"),
                order("d-1", "btnorder-00000000000000a2"),  // the merchant id again
                order("d-2", "btnorder-00000000000000a1"),  // the Button id again
                order("d-3", "btnorder-00000000000000a3"),
            ]
            var outcomes: [ButtonOrderStore.Insertion] = []
            for index in orders.indices { outcomes.append(try ButtonOrderStore.insertNew(db, &orders[index])) }
            return outcomes
        }
        #expect(outcomes == [.inserted, .orderIdTaken, .buttonOrderIdTaken, .inserted])
        let stored = try await rig.context.database.read { db in
            try String.fetchAll(db, sql: "SELECT order_id FROM button_orders ORDER BY seq")
        }
        #expect(stored == ["d-1", "d-3"])
    }

    /// A second request with another requested API version is judged for that version, not for the hint the
    /// first one left: without `purchase_date`, 2018-02-13 refuses the body and 2017-06-01 stores it.
    @Test func theRequestedVersionIsPartOfTheHint() async throws {
        let sandbox = try ButtonSandbox()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        func withoutPurchaseDate(_ id: String) -> JSONValue {
            guard case .object(var object) = ButtonSandbox.order(id) else { return .null }
            object["purchase_date"] = nil
            return .object(object)
        }
        let pinned = try await sandbox.api(.post, "/v1/order", json: withoutPurchaseDate("h-1"))
        #expect(pinned.status == 400)
        #expect(pinned.errorField == "purchase_date")
        let older = try await sandbox.api(
            .post, "/v1/order", json: withoutPurchaseDate("h-1"), headers: ["X-Button-API-Version": "2017-06-01"])
        #expect(older.status == 200)
        #expect(older.object["purchase_date"] == "2017-07-01T12:00:00Z")
        let pinnedAgain = try await sandbox.api(.post, "/v1/order", json: withoutPurchaseDate("h-2"))
        #expect(pinnedAgain.status == 400)
        #expect(pinnedAgain.errorField == "purchase_date")
    }
}
