import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Paytronix control routes (spec §5.6)")
struct PaytronixControlRouteTests {
    typealias H = PaytronixRouterHarness

    @Test func merchantIdOutOfRangeIsAFieldErrorNotACrash() async throws {
        let sandbox = try H()
        for bad: JSONValue in [.integer(Int64.max), .integer(Int64(Int32.max) + 1), 0, -5, "12"] {
            let (status, body) = try await sandbox.call(
                .post, "/sandbox/paytronix/merchants",
                json: ["merchantId": bad, "name": "Huge"], credentials: nil)
            #expect(status == 400)
            #expect(body["errorCode"] == "request.invalid_field")
            #expect(body["errorsByField"]?["merchantId"] != nil)
        }
        // The largest accepted id, then one without an id: generation must not overflow either.
        let top = try await sandbox.call(
            .post, "/sandbox/paytronix/merchants",
            json: ["merchantId": .integer(Int64(Int32.max)), "name": "Top"], credentials: nil)
        #expect(top.status == 200)
        let next = try await sandbox.call(
            .post, "/sandbox/paytronix/merchants", json: ["name": "Next"], credentials: nil)
        #expect(next.status == 409)
        #expect(next.body["errorsByField"]?["merchantId"] != nil)
    }

    /// Repeated codes used to reach the tables' primary keys and come back as 500 `sandbox.internal_error`.
    @Test func badMerchantDefinitionsAreFieldErrorsNotInternalErrors() async throws {
        let sandbox = try H()
        let cases: [(JSONObject, String)] = [
            (["cardTemplates": [["code": 1, "label": "A"], ["code": 1, "label": "B"]]], "cardTemplates[1].code"),
            (["stores": [["code": "7", "label": "A"], ["code": "8"], ["code": "7"]]], "stores[2].code"),
            (
                [
                    "enrollmentFields": [
                        ["type": "user", "field": "email"], ["type": "user", "field": "email", "required": true],
                    ]
                ],
                "enrollmentFields[1].field"
            ),
            (["cardTemplates": "gold"], "cardTemplates"),
            (["cardTemplates": [5]], "cardTemplates[0]"),
            (["cardTemplates": [["code": "1"]]], "cardTemplates[0].code"),
            (["cardTemplates": [["code": 1, "label": 9]]], "cardTemplates[0].label"),
            (["stores": [["code": 123]]], "stores[0].code"),
            (["stores": [["code": ""]]], "stores[0].code"),
            (["enrollmentFields": [["type": "user", "field": "shoeSize"]]], "enrollmentFields[0].field"),
            (["enrollmentFields": [["type": "card", "field": "username"]]], "enrollmentFields[0].type"),
            (["enrollmentFields": [["field": "username", "required": "yes"]]], "enrollmentFields[0].required"),
            (["enrollmentFields": [["field": "username", "minLength": "three"]]], "enrollmentFields[0].minLength"),
        ]
        for (extra, field) in cases {
            var body: JSONObject = ["merchantId": 800001, "name": "Bad"]
            for (key, value) in extra { body[key] = value }
            let (status, reply) = try await sandbox.call(
                .post, "/sandbox/paytronix/merchants", json: .object(body), credentials: nil)
            #expect(status == 400, "\(field)")
            #expect(reply["errorCode"] == "request.invalid_field", "\(field)")
            #expect(reply["errorsByField"]?[field] != nil, "\(field): \(reply)")
        }
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants",
                json: [
                    "merchantId": 800001, "name": "Bad", "stores": [["code": "7"], ["code": "7"]],
                ], credentials: nil
            ).body["errorMessage"]
                == "Store code 7 appears more than once")
        // Nothing of the refused merchants was stored: the id is still free, and a clean definition works.
        let good = try await sandbox.call(
            .post, "/sandbox/paytronix/merchants",
            json: [
                "merchantId": 800001, "name": "Good", "cardTemplates": [["code": 1, "label": "A"], ["code": 2]],
                "stores": [["code": "7"]],
                "enrollmentFields": [["type": "user", "field": "username", "required": true, "minLength": 4]],
            ],
            credentials: nil)
        #expect(good.status == 200)
        #expect(
            good.body["merchant"]?["cardTemplates"] == [
                ["code": 1, "label": "A"], ["code": 2, "label": "Template 2"],
            ])
    }

    @Test func unknownCardTemplateIsNotFoundOnCardsAndGuests() async throws {
        let sandbox = try H()
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants",
                json: [
                    "merchantId": 800002, "name": "Other", "cardTemplates": [["code": 5, "label": "Gold"]],
                ], credentials: nil
            ).status == 200)
        // 9 exists nowhere; 5 exists, but for another merchant.
        for template: JSONValue in [9, 5] {
            let cards = try await sandbox.call(
                .post, "/sandbox/paytronix/cards", json: ["merchantId": 777777, "cardTemplateCode": template],
                credentials: nil)
            #expect(cards.status == 404)
            #expect(cards.body["errorCode"] == "guest.card_template_not_found")
            #expect(
                cards.body["errorMessage"]
                    == .string("Card template \(template.integerValue ?? -1) not found for merchant 777777"))
            let guest = try await sandbox.guest("kim", extra: ["cardTemplateCode": template])
            #expect(guest["errorCode"] == "guest.card_template_not_found")
            #expect(guest["errorsByField"]?["cardTemplateCode"] != nil)
        }
        // Nobody called kim was created on the way.
        #expect(try await sandbox.guest("kim")["result"] == "success")
        for (path, body): (String, JSONValue) in [
            ("/sandbox/paytronix/cards", ["merchantId": 777777, "cardTemplateCode": "0"]),
            ("/sandbox/paytronix/cards", ["merchantId": 777777, "count": "2"]),
            ("/sandbox/paytronix/cards", ["merchantId": 777777, "printedCardNumber": 12345]),
            (
                "/sandbox/paytronix/guests",
                ["merchantId": 777777, "cardTemplateCode": 0.5, "username": "lee", "password": "secret-1"]
            ),
        ] {
            let (status, reply) = try await sandbox.call(.post, path, json: body, credentials: nil)
            #expect(status == 400 && reply["errorCode"] == "request.invalid_field", "\(body)")
            #expect(reply["errorsByField"]?.objectValue?.keys.count == 1, "\(reply)")
        }
        let onOther = try await sandbox.call(
            .post, "/sandbox/paytronix/cards", json: ["merchantId": 800002, "cardTemplateCode": 5],
            credentials: nil)
        #expect(onOther.status == 200 && onOther.body["cards"]?.arrayValue?.count == 1)
    }

    @Test func integrationCredentialsMustBeUsableStrings() async throws {
        let sandbox = try H()
        let cases: [(JSONObject, String)] = [
            (["clientId": 42], "clientId"), (["clientId": ""], "clientId"), (["clientId": "app:one"], "clientId"),
            (["clientSecret": .null], "clientSecret"), (["b2bPassword": "pw"], "b2bUsername"),
            (["b2bUsername": ""], "b2bUsername"),
        ]
        for (extra, field) in cases {
            var body: JSONObject = ["merchantId": 777777, "platform": "ios"]
            for (key, value) in extra { body[key] = value }
            let (status, reply) = try await sandbox.call(
                .post, "/sandbox/paytronix/integrations", json: .object(body), credentials: nil)
            #expect(status == 400 && reply["errorCode"] == "request.invalid_field", "\(extra)")
            #expect(reply["errorsByField"]?[field] != nil, "\(extra): \(reply)")
        }
    }

    @Test func accountLookupRejectsANonNumericMerchant() async throws {
        let sandbox = try H()
        let card = try await sandbox.guest("sam")["printedCardNumber"]?.stringValue ?? ""
        let bad = try await sandbox.call(
            .get, "/sandbox/paytronix/accounts/\(card)", query: "merchantId=abc", credentials: nil)
        #expect(bad.status == 400 && bad.body["errorsByField"]?["merchantId"] == ["merchantId must be an integer"])
        let good = try await sandbox.call(
            .get, "/sandbox/paytronix/accounts/\(card)", query: "merchantId=777777", credentials: nil)
        #expect(good.status == 200 && good.body["user"]?["username"] == "sam")
    }

    @Test func generatedMerchantIdFollowsTheHighest() async throws {
        let sandbox = try H()
        let first = try await sandbox.call(
            .post, "/sandbox/paytronix/merchants", json: ["name": "Generated"], credentials: nil)
        #expect(first.status == 200)
        #expect(first.body["merchant"]?["merchantId"] == 777778)
    }

    @Test func unregisteredAndCardRoutesTakeOnlyASCII() async throws {
        let sandbox = try H()
        let unregistered = try await sandbox.call(
            .post, "/sandbox/paytronix/push/unregistered",
            json: [
                "appIdentifier": "com.example.pushapp", "accountCode": "\u{FF10}\u{FF11}\u{FF41}\u{FF42}",
            ], credentials: nil)
        #expect(unregistered.status == 400)
        #expect(unregistered.body["errorsByField"]?["accountCode"] != nil)
        let cards = try await sandbox.call(
            .post, "/sandbox/paytronix/cards",
            json: [
                "merchantId": 777777, "cardTemplateCode": 0, "printedCardNumber": "\u{FF19}\u{FF19}\u{FF19}1",
            ], credentials: nil)
        #expect(cards.status == 400)
        #expect(cards.body["errorsByField"]?["printedCardNumber"] != nil)
        let plain = try await sandbox.call(
            .post, "/sandbox/paytronix/push/unregistered",
            json: [
                "appIdentifier": "com.example.pushapp", "accountCode": "00AbCd",
            ], credentials: nil)
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
            (
                "/sandbox/paytronix/push/send",
                [
                    "printedCardNumber": .string(card), "appIdentifier": "com.example.pushapp",
                    "environment": "development", "message": "Hi",
                ]
            ),
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
        let request = SandboxRequest(
            method: .put, rawPath: "/sandbox/paytronix/push-packages/777777/com.example.pushapp/development",
            rawQuery: nil, headers: ["Content-Type": "application/x-pkcs12"], body: Data([0x30, 0x82, 0x01]))
        let reply = try await sandbox.rig.send(request)
        #expect(reply.status == 400)
        #expect(reply.json["errorCode"] == "push.invalid_encoding")
        #expect(reply.json["errorsByField"]?["p12"] != nil)
        // U1-U3 still come first.
        let unknownMerchant = SandboxRequest(
            method: .put, rawPath: "/sandbox/paytronix/push-packages/1/com.example.pushapp/development",
            rawQuery: nil, headers: [:], body: Data("not json".utf8))
        #expect(try await sandbox.rig.send(unknownMerchant).json["errorCode"] == "guest.merchant_not_found")
    }

    @Test func resetReseedsAndClearsFaultsAndLogButNotTheClock() async throws {
        let sandbox = try H()
        try await sandbox.call(
            .post, "/sandbox/paytronix/clock", json: ["now": "2030-05-01T12:00:00Z", "frozen": true])
        try await sandbox.guest("sam")
        try await sandbox.login("sam")
        #expect(
            try await sandbox.call(.post, "/sandbox/paytronix/merchants", json: ["merchantId": 800003, "name": "Gone"])
                .status == 200)
        try await sandbox.call(
            .post, "/sandbox/paytronix/integrations",
            json: [
                "merchantId": 777777, "platform": "ios", "clientId": "extra-ios", "clientSecret": "extra-secret",
            ])
        try await sandbox.call(
            .post, "/sandbox/paytronix/faults", json: ["method": "POST", "path": "/rest/*", "count": 5, "status": 503])
        #expect(
            try await sandbox.call(.get, "/sandbox/paytronix/requests").body["requests"]?.arrayValue?.isEmpty == false)

        #expect(try await sandbox.call(.post, "/sandbox/paytronix/reset").status == 200)

        #expect(try await sandbox.call(.get, "/sandbox/paytronix/faults").body["faults"] == [])
        #expect(try await sandbox.call(.get, "/sandbox/paytronix/requests").body["requests"] == [])
        #expect(
            try await sandbox.call(.get, "/sandbox/paytronix/clock").body["now"]?.stringValue?.hasPrefix(
                "2030-05-01T12:00:00") == true)
        // Created data is gone; the seed (§5.2) is back.
        let noSam = try await sandbox.rest(
            "oauth/requestGuestToken",
            [
                "merchantId": 777777, "grant_type": "password", "username": "sam", "password": "secret-1",
            ])
        #expect(noSam.status == 400 && noSam.body["errorCode"] == "oauth.invalid_grant")
        let extra = try await sandbox.rest(
            "oauth/requestGuestToken", ["merchantId": 777777, "grant_type": "password"],
            credentials: ("extra-ios", "extra-secret"))
        #expect(extra.status == 401 && extra.body["errorCode"] == "auth.invalid_client")
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants", json: ["merchantId": 800003, "name": "Again"]
            ).status == 200)
        let config = try await sandbox.call(
            .get, "/rest/25.33/enrollment/enrollmentConfig.json", query: "merchantId=777777&cardTemplateCode=0")
        #expect(config.status == 200 && config.body["config"]?["fields"]?.arrayValue?.count == 5)
        let b2b = try await sandbox.call(
            .get, "/rest/25.33/guest/printedCardNumberForExternalAccount.json",
            query:
                "authentication=b2b&username=sandbox-b2b&password=sandbox-b2b-password&merchantId=777777&accountCode=\(H.tokenHex)",
            credentials: ("sandbox-server", "sandbox-server-secret"))
        #expect(b2b.status == 404 && b2b.body["errorCode"] == "guest.external_account_not_found")
        let fresh = try await sandbox.guest("sam")
        #expect(fresh["printedCardNumber"] == "9990000000001")
    }
}
