import CommerceCore
import CommerceTestSupport
import Foundation
import SandboxTestSupport
import Testing
import _CryptoExtras

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// State survives a restart of a file-backed sandbox (spec §5.10); reset restores the seed and keeps partners.
@Suite struct RezolvePersistenceTests {
    @Test func customersOrdersAndKeysSurviveARestart() async throws {
        let directory = TestDirectories.path("ck-rezolve")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        let session: RezolveRig.Session
        let records: (phone: String, address: String, card: String)
        let orderId: String
        do {
            let rig = try RezolveRig(options)
            session = try await rig.session("persisted")
            records = try await rig.records(session)
            let (_, checkout) = try await rig.checkout(
                session, line: RezolveRig.line(7),
                shipping: [
                    "type": "flatrate",
                    "address_id": .string(records.address),
                ], payment: "spgateway")
            orderId = try RigError.string(checkout.json["id"], checkout)
            let bought = try await rig.call(
                session, .post, session.b3 + "/merchant/12/buy/\(orderId)",
                json: try rig.cardPayment(session, card: records.card, phone: records.phone))
            #expect(bought.status == 200)
        }
        let restarted = try RezolveRig(options)
        #expect(try await restarted.call(session, .get, session.b3 + "/order/\(orderId)").json["status"] == "pending")
        #expect(
            try await restarted.call(session, .get, session.b1 + "/publickey").json["public_key"]
                == .string(session.publicKeyPEM))
        // The stored private key still decrypts what the client encrypts for the public key.
        let card = try await restarted.call(
            session, .post, session.b1 + "/wallet",
            json: try restarted.cardBody(session, pan: "5555555555554444", addressId: records.address))
        #expect(card.status == 201)
        // Seeding ran once; the order counter continues.
        #expect(try await restarted.call(.get, "/sandbox/rezolve/partners").json["partners"]?.arrayValue?.count == 1)
        let (_, next) = try await restarted.checkout(
            session, line: RezolveRig.line(7),
            shipping: [
                "type": "flatrate",
                "address_id": .string(records.address),
            ], payment: "spgateway")
        #expect(next.json["id"] == .string(String((Int(orderId) ?? 0) + 1)))
    }

    @Test func resetRemovesCustomersAndRestoresTheSeed() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        #expect(try await rig.call(.post, "/sandbox/rezolve/reset").json["reset"] == true)
        #expect(try await rig.call(session, .get, session.b1 + "/profile").status == 403)
        let fresh = try await rig.session()
        #expect(try await rig.call(fresh, .get, fresh.b1 + "/merchant").json.arrayValue?.count == 3)
    }

    /// Spec §5.11: reset keeps partners, including one made through the control route; its customers go. Both
    /// the Rezolve alias and the sandbox-wide reset behave so.
    @Test(arguments: ["/sandbox/rezolve/reset", "/sandbox/reset", "/sandbox/reset?service=rezolve"])
    func resetKeepsPartnersMadeThroughTheControlRoute(_ resetPath: String) async throws {
        let rig = try RezolveRig()
        let made = try await rig.call(.post, "/sandbox/rezolve/partners", json: ["name": "Kept"])
        let partnerId = try RigError.string(made.json["partner_id"], made)
        let apiKey = try RigError.string(made.json["api_key"], made)
        let authKey = try RigError.string(made.json["auth_key"], made)

        func register(_ partnerEntityId: String) async throws -> RezolveRig.Reply {
            try await rig.call(
                .post, "/api/v1/authentication/register", json: ["email": "kept@example.com"],
                headers: [
                    "x-rezolve-partner-apikey": apiKey,
                    "Authorization": "Bearer "
                        + RezolveRig.registrationToken(partnerEntityId, exp: rig.nowSeconds + 600, key: authKey),
                ])
        }
        func profile(_ entity: String, _ partnerEntityId: String) async throws -> RezolveRig.Reply {
            try await rig.call(
                .get, "/api/v1/partner/\(partnerId)/customer/\(entity)/profile",
                headers: [
                    "x-rezolve-partner-apikey": apiKey, "x-rezolve-device-id": RezolveRig.device,
                    "Authorization": "Bearer "
                        + RezolveRig.loginToken(entity, partnerEntityId, exp: rig.nowSeconds + 600, key: authKey),
                ])
        }
        let first = try await register("kept-1")
        let before = try RigError.string(first.json["entity_id"], first)
        #expect(try await profile(before, "kept-1").status == 200)

        #expect(try await rig.call(.post, resetPath).status == 200)

        let partners = try await rig.call(.get, "/sandbox/rezolve/partners").json["partners"]?.arrayValue ?? []
        #expect(partners.map { $0["partner_id"] } == ["317", .string(partnerId)])
        #expect(try await profile(before, "kept-1").status == 403, "the partner's customers are gone")
        let again = try await register("kept-1")
        #expect(again.status == 201, "registered anew, since reset deleted the customer")
        let after = try RigError.string(again.json["entity_id"], again)
        #expect(try await profile(after, "kept-1").status == 200)
    }

    @Test func faultsThroughRezolvesAliasAnswerInItsEnvelope() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        let added = try await rig.call(
            .post, "/sandbox/rezolve/faults",
            json: ["pathPrefix": .string(session.b1 + "/profile"), "method": "GET", "count": 1, "status": 503])
        #expect(added.status == 201)
        let unavailable = try await rig.call(session, .get, session.b1 + "/profile")
        #expect(unavailable.status == 503)
        #expect(unavailable.json["errors"]?[0]?["code"] == "7")
        #expect(unavailable.json["errors"]?[0]?["type"] == "Service Unavailable")
        #expect(try await rig.call(session, .get, session.b1 + "/profile").status == 200)

        try await rig.call(.post, "/sandbox/rezolve/faults", json: ["pathPrefix": "/api/v1/", "status": 500])
        #expect(try await rig.call(session, .get, session.b1 + "/profile").json["errors"]?[0]?["code"] == "6")
        // The alias lists Rezolve's rules only and names a bad field in Rezolve's control envelope.
        #expect(try await rig.call(.get, "/sandbox/rezolve/faults").json["faults"]?.arrayValue?.count == 0)
        #expect(
            try await rig.call(.post, "/sandbox/rezolve/faults", json: ["pathPrefix": "v1"]).json["error"]?.stringValue?
                .hasPrefix("pathPrefix:") == true)
        #expect(RezolveService.pathPrefixes == ["/api/v1/", "/api/v2/", "/api/v3/", "/api/v4/"])
    }

    @Test func clockAliasesPinAndReleaseTheSharedClock() async throws {
        let rig = try RezolveRig()
        let pinned = try await rig.call(.post, "/sandbox/rezolve/clock/set", json: ["epochSeconds": 1_700_000_000])
        #expect(pinned.json["now"] == "2023-11-14T22:13:20Z")
        #expect(rig.context.clock.now() == Date(timeIntervalSince1970: 1_700_000_000))
        try await rig.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 60])
        #expect(rig.context.clock.now() == Date(timeIntervalSince1970: 1_700_000_060))
        #expect(
            try await rig.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": -1]).json["error"]?
                .stringValue?
                .hasPrefix("seconds:") == true)
        #expect(try await rig.call(.delete, "/sandbox/rezolve/clock").json["frozen"] == false)
    }

    @Test func externalCallbackFaultsAnswerWithoutABody() async throws {
        let rig = try RezolveRig()
        try await rig.call(
            .post, "/sandbox/rezolve/faults", json: ["pathPrefix": "/api/v3/external/callback/", "status": 503])
        let failed = try await rig.call(.post, "/api/v3/external/callback/pay-1", json: ["status": "approved"])
        #expect(failed.status == 503)
        #expect(failed.data.isEmpty)
    }

    @Test func privateKeysAreShownOnlyWithUnsafeDebugKeys() async throws {
        let hidden = try RezolveRig()
        let customer = try await hidden.session("keys-hidden")
        #expect(
            try await hidden.call(.get, "/sandbox/rezolve/customers/\(customer.entityId)/private-key").status == 404)

        var options = SandboxOptions.testing
        options.unsafeDebugKeys = true
        let shown = try RezolveRig(options)
        let session = try await shown.session("keys-shown")
        let reply = try await shown.call(.get, "/sandbox/rezolve/customers/\(session.entityId)/private-key")
        #expect(reply.status == 200)
        // The key shown is the one that decrypts what a client encrypts for the customer's public key.
        let pem = try #require(reply.json["private_key"]?.stringValue)
        let key = try _RSA.Encryption.PrivateKey(pemRepresentation: pem)
        let cipher = try RezolveRig.encrypt("4111111111111111", for: session.publicKeyPEM)
        let plain = try key.decrypt(try #require(Data(base64Encoded: cipher)), padding: .PKCS1_OAEP_SHA256)
        #expect(String(decoding: plain, as: UTF8.self) == "4111111111111111")
        #expect(try await shown.call(.get, "/sandbox/rezolve/customers/nobody/private-key").status == 404)
    }
}
