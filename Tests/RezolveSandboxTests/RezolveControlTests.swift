import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// The `/sandbox/rezolve/...` routes of part 1 (spec §5.11) and the partner isolation they give tests.
@Suite struct RezolveControlTests {
    @Test func aCreatedPartnerHasItsOwnCustomersOnTheSharedCatalogue() async throws {
        let rig = try RezolveRig()
        let created = try await rig.call(.post, "/sandbox/rezolve/partners", json: ["name": "Journey Partner"])
        #expect(created.status == 201)
        let pid = try RigError.string(created.json["partner_id"], created)
        let apiKey = try RigError.string(created.json["api_key"], created)
        let authKey = try RigError.string(created.json["auth_key"], created)
        #expect(apiKey.count == 36)
        #expect(pid != "317")
        #expect(try await rig.call(.get, "/sandbox/rezolve/partners").json["partners"]?.arrayValue?.count == 2)

        let now = rig.nowSeconds
        let registered = try await rig.call(
            .post, "/api/v1/authentication/register", json: ["email": "j@example.com"],
            headers: [
                "x-rezolve-partner-apikey": apiKey,
                "Authorization": "Bearer " + RezolveRig.registrationToken("j-1", exp: now + 600, key: authKey),
            ])
        #expect(registered.status == 201)
        #expect(registered.json["partner_id"] == .string(pid))
        let entity = try RigError.string(registered.json["entity_id"], registered)
        let token = RezolveRig.loginToken(entity, "j-1", exp: now + 600, key: authKey)
        let merchants = try await rig.call(
            .get, "/api/v1/partner/\(pid)/customer/\(entity)/merchant",
            headers: [
                "x-rezolve-partner-apikey": apiKey, "Authorization": "Bearer \(token)",
                "x-rezolve-device-id": RezolveRig.device,
            ])
        #expect(merchants.json.arrayValue?.map { $0["id"] } == ["12", "2", "79"])
        #expect(merchants.json[0]?["partner_name"] == "Journey Partner")
        // The seeded partner's key cannot reach this customer, even with a token signed by the right key.
        let crossed = try await rig.call(
            .get, "/api/v1/partner/\(pid)/customer/\(entity)/merchant",
            headers: [
                "x-rezolve-partner-apikey": RezolveRig.apiKey, "Authorization": "Bearer \(token)",
                "x-rezolve-device-id": RezolveRig.device,
            ])
        #expect(crossed.status == 403)
    }

    @Test func controlRoutesNameTheBadField() async throws {
        let rig = try RezolveRig()
        #expect(
            try await rig.call(.post, "/sandbox/rezolve/customers", json: ["email": "a@example.com"]).json
                == ["error": "partnerEntityId: is required"])
        #expect(
            try await rig.call(.post, "/sandbox/rezolve/customers", json: ["partnerEntityId": "p", "email": "nope"])
                .json
                == ["error": "email: must be an e-mail address"])
        let first = try await rig.call(
            .post, "/sandbox/rezolve/customers",
            json: ["entityId": "e1", "partnerEntityId": "p", "email": "a@example.com"])
        #expect(first.status == 201)
        #expect(
            try await rig.call(
                .post, "/sandbox/rezolve/customers",
                json: ["entityId": "e1", "partnerEntityId": "q", "email": "a@example.com"]
            ).status == 409)
        let settings = try await rig.call(.put, "/sandbox/rezolve/settings", json: ["optionSessionTTLSeconds": -1])
        #expect(settings.status == 400)
        #expect(settings.json["error"]?.stringValue?.hasPrefix("optionSessionTTLSeconds:") == true)
        #expect(try await rig.call(.get, "/sandbox/rezolve/payments/nope").json == ["error": "not found"])
        #expect(try await rig.call(.get, "/sandbox/rezolve/nothing").json == ["error": "not found"])
        #expect(
            try await rig.call(.get, "/sandbox/rezolve/settings").json == [
                "callbackApplyDelayMs": 0, "optionSessionTTLSeconds": 1800,
            ])
    }

    @Test func shorterOptionSessionsThroughSettings() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        _ = try await rig.call(.put, "/sandbox/rezolve/settings", json: ["optionSessionTTLSeconds": 60])
        let options = try await rig.call(session, .post, session.b4 + "/merchant/2/options", json: RezolveRig.line(9))
        let optionId = try RigError.string(options.json["id"], options)
        try await rig.context.clock.advance(by: 61)
        let reply = try await rig.call(
            session, .post, session.b3 + "/merchant/2/checkout/\(optionId)", json: ["payment_method": ["type": "free"]])
        #expect(RezolveRig.error(reply).2 == "Unable to find options session")
    }

    @Test func keyStillBeingProcessedIsRefused() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let path = session.b3 + "/merchant/12/buy/1501"
        let body = #"{"payment_method":{"type":"spgateway"}}"#
        // A first request with this key that has claimed it but not finished (as while it runs).
        var request = SandboxRequest(method: .post, rawPath: path, body: Data(body.utf8))
        request.headers["Content-Type"] = "application/json"
        let hash = RezolveIdempotency.requestHash(request)
        let running = RZIdempotency(
            partnerId: "317", entityId: session.entityId, key: "busy", requestHash: hash, status: nil,
            body: nil, createdAt: rig.context.clock.now().timeIntervalSince1970)
        try await rig.context.database.write { db in try running.insert(db) }
        let reply = try await rig.call(session, .post, path, raw: body, headers: ["Idempotency-Key": "busy"])
        #expect(reply.status == 400)
        #expect(RezolveRig.error(reply).2 == "A request with this Idempotency-Key is still being processed.")
    }

    @Test func appVersionNeedsOnlyTheAPIKey() async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(
            .get, "/api/v1/device/appversion", headers: ["x-rezolve-partner-apikey": RezolveRig.apiKey])
        #expect(reply.json == ["minimum_version": "1.0.0", "current_version": "2.0.11.2"])
        #expect(try await rig.call(.get, "/api/v1/device/appversion").status == 403)
    }
}
