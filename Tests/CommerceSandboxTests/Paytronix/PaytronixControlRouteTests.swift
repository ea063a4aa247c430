import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

@Suite("Paytronix control routes (spec §5.6)")
struct PaytronixControlRouteTests {
    typealias H = PaytronixRouterHarness

    @Test func merchantIdOutOfRangeIsAFieldErrorNotACrash() async throws {
        let sandbox = try H()
        for bad: JSONValue in [.integer(Int64.max), .integer(Int64(Int32.max) + 1), 0, -5, "12"] {
            let (status, body) = try await sandbox.call(.post, "/sandbox/paytronix/merchants",
                                                        json: ["merchantId": bad, "name": "Huge"], credentials: nil)
            #expect(status == 400)
            #expect(body["errorCode"] == "request.invalid_field")
            #expect(body["errorsByField"]?["merchantId"] != nil)
        }
        // The largest accepted id, then one without an id: generation must not overflow either.
        let top = try await sandbox.call(.post, "/sandbox/paytronix/merchants",
                                         json: ["merchantId": .integer(Int64(Int32.max)), "name": "Top"], credentials: nil)
        #expect(top.status == 200)
        let next = try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["name": "Next"], credentials: nil)
        #expect(next.status == 409)
        #expect(next.body["errorsByField"]?["merchantId"] != nil)
    }

    @Test func generatedMerchantIdFollowsTheHighest() async throws {
        let sandbox = try H()
        let first = try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["name": "Generated"], credentials: nil)
        #expect(first.status == 200)
        #expect(first.body["merchant"]?["merchantId"] == 777778)
    }

    @Test func unregisteredAndCardRoutesTakeOnlyASCII() async throws {
        let sandbox = try H()
        let unregistered = try await sandbox.call(.post, "/sandbox/paytronix/push/unregistered", json: [
            "appIdentifier": "com.example.pushapp", "accountCode": "\u{FF10}\u{FF11}\u{FF41}\u{FF42}"], credentials: nil)
        #expect(unregistered.status == 400)
        #expect(unregistered.body["errorsByField"]?["accountCode"] != nil)
        let cards = try await sandbox.call(.post, "/sandbox/paytronix/cards", json: [
            "merchantId": 777777, "cardTemplateCode": 0, "printedCardNumber": "\u{FF19}\u{FF19}\u{FF19}1"], credentials: nil)
        #expect(cards.status == 400)
        #expect(cards.body["errorsByField"]?["printedCardNumber"] != nil)
        let plain = try await sandbox.call(.post, "/sandbox/paytronix/push/unregistered", json: [
            "appIdentifier": "com.example.pushapp", "accountCode": "00AbCd"], credentials: nil)
        #expect(plain.status == 200)
    }

    @Test func missingMerchantIdIsAnInvalidField() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let card = guest["printedCardNumber"]?.stringValue ?? ""
        let routes: [(String, JSONValue)] = [
            ("/sandbox/paytronix/integrations", ["platform": "ios"]),
            ("/sandbox/paytronix/cards", ["cardTemplateCode": 0]),
            ("/sandbox/paytronix/guests", ["username": "kim", "password": "secret-1"]),
            ("/sandbox/paytronix/accounts/\(card)/status", ["status": "DISABLED"]),
            ("/sandbox/paytronix/push/send", ["printedCardNumber": .string(card), "appIdentifier": "com.example.pushapp",
                                              "environment": "development", "message": "Hi"]),
        ]
        for (path, body) in routes {
            let (status, reply) = try await sandbox.call(.post, path, json: body, credentials: nil)
            #expect(status == 400, "\(path)")
            #expect(reply["errorCode"] == "request.invalid_field", "\(path)")
            #expect(reply["errorsByField"]?["merchantId"] == ["merchantId is required"], "\(path)")
        }
        let noName = try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: [:], credentials: nil)
        #expect(noName.status == 400 && noName.body["errorCode"] == "request.invalid_field")
        #expect(noName.body["errorsByField"]?["name"] != nil)
    }

    @Test func uploadWithANonJSONBodyIsU4() async throws {
        let sandbox = try H()
        let request = SandboxRequest(method: .put, rawPath: "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
                                     rawQuery: nil, headers: ["Content-Type": "application/x-pkcs12"], body: Data([0x30, 0x82, 0x01]))
        let reply = try await sandbox.rig.send(request)
        #expect(reply.status == 400)
        #expect(reply.json["errorCode"] == "push.invalid_encoding")
        #expect(reply.json["errorsByField"]?["p12"] != nil)
        // U1-U3 still come first.
        let unknownMerchant = SandboxRequest(method: .put, rawPath: "/sandbox/paytronix/push-packages/1/com.example.pushapp/development",
                                             rawQuery: nil, headers: [:], body: Data("not json".utf8))
        #expect(try await sandbox.rig.send(unknownMerchant).json["errorCode"] == "guest.merchant_not_found")
    }

    @Test func resetReseedsAndClearsFaultsAndLogButNotTheClock() async throws {
        let sandbox = try H()
        try await sandbox.call(.post, "/sandbox/paytronix/clock", json: ["now": "2030-05-01T12:00:00Z", "frozen": true])
        try await sandbox.guest("sam")
        try await sandbox.login("sam")
        #expect(try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["merchantId": 800003, "name": "Gone"]).status == 200)
        try await sandbox.call(.post, "/sandbox/paytronix/integrations", json: [
            "merchantId": 777777, "platform": "ios", "clientId": "extra-ios", "clientSecret": "extra-secret"])
        try await sandbox.call(.post, "/sandbox/paytronix/faults", json: ["method": "POST", "path": "/rest/*", "count": 5, "status": 503])
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/requests").body["requests"]?.arrayValue?.isEmpty == false)

        #expect(try await sandbox.call(.post, "/sandbox/paytronix/reset").status == 200)

        #expect(try await sandbox.call(.get, "/sandbox/paytronix/faults").body["faults"] == [])
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/requests").body["requests"] == [])
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/clock").body["now"]?.stringValue?.hasPrefix("2030-05-01T12:00:00") == true)
        // Created data is gone; the seed (§5.2) is back.
        let noSam = try await sandbox.rest("oauth/requestGuestToken", [
            "merchantId": 777777, "grant_type": "password", "username": "sam", "password": "secret-1"])
        #expect(noSam.status == 400 && noSam.body["errorCode"] == "oauth.invalid_grant")
        let extra = try await sandbox.rest("oauth/requestGuestToken", ["merchantId": 777777, "grant_type": "password"],
                                           credentials: ("extra-ios", "extra-secret"))
        #expect(extra.status == 401 && extra.body["errorCode"] == "auth.invalid_client")
        #expect(try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["merchantId": 800003, "name": "Again"]).status == 200)
        let config = try await sandbox.call(.get, "/rest/25.33/enrollment/enrollmentConfig.json", query: "merchantId=777777&cardTemplateCode=0")
        #expect(config.status == 200 && config.body["config"]?["fields"]?.arrayValue?.count == 5)
        let b2b = try await sandbox.call(.get, "/rest/25.33/guest/printedCardNumberForExternalAccount.json",
                                         query: "authentication=b2b&username=sandbox-b2b&password=sandbox-b2b-password&merchantId=777777&accountCode=\(H.tokenHex)",
                                         credentials: ("sandbox-server", "sandbox-server-secret"))
        #expect(b2b.status == 404 && b2b.body["errorCode"] == "guest.external_account_not_found")
        let fresh = try await sandbox.guest("sam")
        #expect(fresh["printedCardNumber"] == "9990000000001")
    }
}
