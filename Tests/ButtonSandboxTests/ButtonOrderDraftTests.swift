import CommerceCore
import Foundation
import GRDB
import SandboxTestSupport
import Testing

@testable import ButtonSandbox
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

    /// A merchant id the organisation already used is refused by the table's unique key, and the refused insert
    /// leaves the transaction usable: the next order is stored in it, with the next number and its own id.
    @Test func aTakenMerchantIdIsRefusedAndTheBatchGoesOn() async throws {
        let rig = try RouterTestRig()
        let outcomes = try await rig.context.database.write { db -> [ButtonOrderStore.Insertion] in
            try ["d-1", "d-1", "d-2"].map { orderId in
                let (sequence, buttonOrderId) = try ButtonOrderStore.nextIdentity(db)
                return try ButtonOrderStore.insertNew(
                    db,
                    ButtonStoredOrder(
                        seq: sequence, org: ButtonService.seedOrganization, orderId: orderId,
                        buttonOrderId: buttonOrderId, current: "{}", status: "open", finalizationDate: 0, btnRef: nil,
                        attribution: nil, attributionApp: nil, ignoredFields: "[]", createdAt: 0, updatedAt: 0))
            }
        }
        #expect(outcomes == [.inserted, .orderIdTaken, .inserted])
        let stored = try await rig.context.database.read { db in
            try Row.fetchAll(db, sql: "SELECT seq, order_id, button_order_id FROM button_orders ORDER BY seq").map {
                row -> (Int64, String, String) in (row["seq"], row["order_id"], row["button_order_id"])
            }
        }
        #expect(stored.map(\.0) == [1, 2])
        #expect(stored.map(\.1) == ["d-1", "d-2"])
        #expect(Set(stored.map(\.2)).count == 2)
    }

    /// The state a draft leaves for the writer, with the id put in front, is byte for byte the whole state
    /// serialized: what a create stores and answers does not depend on where the id was given.
    @Test func theSplicedStateIsTheWholeStateSerialized() throws {
        let body: JSONObject = [
            "order_id": "o/1 \"quoted\" \\ x", "total": 5000, "currency": "USD",
            "purchase_date": "2026-01-01T00:00:00Z", "btn_ref": "srctok-0123456789abcdef",
            "line_items": [["identifier": "sku-é", "total": 5000, "quantity": 1]],
            "customer": ["id": "c-1"], "advertising_id": "ifa-1",
        ]
        let organization = ButtonOrganization(
            id: ButtonService.seedOrganization, name: nil, windowDays: 30, apiVersion: "2018-02-13", createdAt: 0)
        let caller = ButtonCaller(organization: organization, apiVersion: "2018-02-13")
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let draft = ButtonOrderDraft(body: body, caller: caller, now: now)
        #expect(draft.failures.isEmpty)
        let id = "btnorder-0f1e2d3c4b5a6978"
        let whole = ButtonService.orderState(
            body, previous: nil, buttonOrderId: id, orderId: "o/1 \"quoted\" \\ x", btnRef: draft.btnRef,
            finalizationDate: draft.finalizationDate, now: now)
        #expect(draft.stateText(buttonOrderId: id) == JSONValue.object(whole).serialized())
        #expect(try JSONValue.parse(Data(draft.stateText(buttonOrderId: id).utf8)) == .object(whole))
    }

    /// A second request with another requested API version is judged for that version, not for the hint the
    /// first one left: without `purchase_date`, 2018-02-13 refuses the body and 2017-06-01 stores it.
    @Test func theRequestedVersionIsPartOfTheHint() async throws {
        let sandbox = try ButtonSandboxHarness()
        try await sandbox.setClock("2017-07-01T12:00:00Z")
        func withoutPurchaseDate(_ id: String) -> JSONValue {
            guard case .object(var object) = ButtonSandboxHarness.order(id) else { return .null }
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
