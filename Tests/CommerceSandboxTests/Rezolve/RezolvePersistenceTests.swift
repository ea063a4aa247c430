import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

/// State survives a restart of a file-backed sandbox (spec §5.10); reset restores the seed.
@Suite struct RezolvePersistenceTests {
    @Test func customersOrdersAndKeysSurviveARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ck-rezolve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        let session: RezolveRig.Session
        let records: (phone: String, address: String, card: String)
        let orderId: String
        do {
            let rig = try RezolveRig(options)
            session = try await rig.session("persisted")
            records = try await rig.records(session)
            let (_, checkout) = try await rig.checkout(session, line: RezolveRig.line(7), shipping: ["type": "flatrate",
                                                       "address_id": .string(records.address)], payment: "spgateway")
            orderId = try RigError.string(checkout.json["id"], checkout)
            let bought = try await rig.call(session, .post, session.b3 + "/merchant/12/buy/\(orderId)",
                                            json: try rig.cardPayment(session, card: records.card, phone: records.phone))
            #expect(bought.status == 200)
        }
        let restarted = try RezolveRig(options)
        #expect(try await restarted.call(session, .get, session.b3 + "/order/\(orderId)").json["status"] == "pending")
        #expect(try await restarted.call(session, .get, session.b1 + "/publickey").json["public_key"] == .string(session.publicKeyPEM))
        // The stored private key still decrypts what the client encrypts for the public key.
        let card = try await restarted.call(session, .post, session.b1 + "/wallet",
                                            json: try restarted.cardBody(session, pan: "5555555555554444", addressId: records.address))
        #expect(card.status == 201)
        // Seeding ran once; the order counter continues.
        #expect(try await restarted.call(.get, "/sandbox/rezolve/partners").json["partners"]?.arrayValue?.count == 1)
        let (_, next) = try await restarted.checkout(session, line: RezolveRig.line(7), shipping: ["type": "flatrate",
                                                     "address_id": .string(records.address)], payment: "spgateway")
        #expect(next.json["id"] == .string(String((Int(orderId) ?? 0) + 1)))
    }

    @Test func resetStateRemovesCustomersAndRestoresTheSeed() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        _ = try await rig.call(.post, "/sandbox/rezolve/partners", json: ["name": "Temporary"])
        let service = RezolveService(context: rig.context)
        try await rig.context.database.write { db in try service.resetState(db) }
        #expect(try await rig.call(session, .get, session.b1 + "/profile").status == 403)
        #expect(try await rig.call(.get, "/sandbox/rezolve/partners").json["partners"]?.arrayValue?.map { $0["partner_id"] } == ["317"])
        let fresh = try await rig.session()
        #expect(try await rig.call(fresh, .get, fresh.b1 + "/merchant").json.arrayValue?.count == 3)
    }

    @Test func errorEnvelopeForInjectedStatuses() throws {
        let rig = try RezolveRig()
        let service = RezolveService(context: rig.context)
        let unavailable = service.errorEnvelope(status: 503, message: "ignored")
        #expect(unavailable["errors"]?[0]?["code"] == "7")
        #expect(unavailable["errors"]?[0]?["type"] == "Service Unavailable")
        #expect(unavailable["errors"]?[0]?["message"]?.stringValue?.hasPrefix("Our apologies for the temporary inconvenience.") == true)
        #expect(service.errorEnvelope(status: 500, message: "Injected failure") ==
            ["errors": [["type": "Bad Request", "code": "6", "message": "Injected failure"]]])
        #expect(RezolveService.pathPrefixes == ["/api/v1/", "/api/v2/", "/api/v3/", "/api/v4/"])
    }
}
