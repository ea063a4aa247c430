import CommerceCore
import Foundation
import GRDB
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// A JSON column that no longer parses (a hand-edited database, a bug in an older build) is reported, naming the
/// row, instead of reading as an empty act, an engagement without a product, a submission without answers or a
/// cart that changed.
@Suite("Rezolve rows with unreadable JSON")
struct RezolveCorruptRowTests {
    private func bearer(_ rig: RezolveRig) async throws -> HTTPHeaders {
        let reply = try await rig.call(.post, "/v1/OAuthProxy/token", json: SspRouteTests.credentials)
        let token = try RigError.string(reply.json["bearerToken"], reply)
        return ["Authorization": "Bearer \(token)"]
    }

    private func corrupt(_ rig: RezolveRig, _ sql: String) async throws {
        try await rig.context.database.writer.write { db in try db.execute(sql: sql) }
    }

    /// The sandbox's own 500 in the core's envelope, naming table, row and column.
    private func expectReported(_ reply: RezolveRig.Reply, _ row: String) {
        #expect(reply.status == 500, "\(reply.text)")
        #expect(reply.json["error"]?.stringValue?.contains(row) == true, "\(reply.text)")
    }

    @Test func anActWithAnUnreadableBodyIsReportedNotEmptied() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        #expect(try await rig.call(.get, "/v1/Engagements/act/act-1", headers: auth).status == 200)

        try await corrupt(rig, "UPDATE rz_act SET body = '{not json' WHERE id = 'act-1'")
        let reply = try await rig.call(.get, "/v1/Engagements/act/act-1", headers: auth)
        expectReported(reply, "rz_act row act-1 holds an unreadable value in body")
    }

    @Test func anEngagementWithAnUnreadableProductIsReportedNotHidden() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        let path = "/v1/resolver/400/api/v2/payoffcpm/eng-product-6"
        let before = try await rig.call(.post, path, json: [:], headers: auth)
        #expect(before.json["rezolveCustomPayload"]?["product"]?.objectValue != nil, "\(before.text)")

        try await corrupt(rig, "UPDATE rz_engagement SET product = '{not json' WHERE id = 'eng-product-6'")
        let reply = try await rig.call(.post, path, json: [:], headers: auth)
        expectReported(reply, "rz_engagement row eng-product-6 holds an unreadable value in product")
    }

    @Test func aSubmissionWithAnUnreadableBodyIsReportedNotListedWithoutAnswers() async throws {
        let rig = try RezolveRig()
        let auth = try await bearer(rig)
        let submitted = try await rig.call(
            .post, "/v1/submissions/act/act-1/answers",
            json: ["entityId": "E1", "answers": [["questionId": "q-email", "answer": "ana@example.com"]]],
            headers: auth)
        #expect(submitted.status == 201, "\(submitted.text)")
        let id = try RigError.string(submitted.json["id"], submitted)
        #expect(try await rig.call(.get, "/v1/submissions?entityId=E1", headers: auth).status == 200)

        try await corrupt(rig, "UPDATE rz_act_submission SET body = '[{not json'")
        let listed = try await rig.call(.get, "/v1/submissions?entityId=E1", headers: auth)
        expectReported(listed, "rz_act_submission row \(id) holds an unreadable value in body")
        // The control route reads the same column through the same accessor.
        let control = try await rig.call(.get, "/sandbox/rezolve/acts/act-1/submissions")
        expectReported(control, "rz_act_submission row \(id) holds an unreadable value in body")
    }

    @Test func aCartWithUnreadableLinesIsReportedNotTakenForAChangedCart() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let records = try await rig.records(session)
        let (cartId, optionId) = try await rig.cartWithOption(session)

        try await corrupt(rig, "UPDATE rz_cart SET lines = '[{not json' WHERE id = '\(cartId)'")
        let checkout = try await rig.checkoutCart(
            session, cartId: cartId, optionId: optionId, addressId: records.address)
        expectReported(checkout, "rz_cart row \(cartId) holds an unreadable value in lines")
    }
}
