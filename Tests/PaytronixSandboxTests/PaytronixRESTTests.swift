import CommerceCore
import CommerceTestSupport
import Foundation
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

@Suite("Paytronix REST endpoints (spec §3.4, §4, §6.4)")
struct PaytronixRESTTests {
    typealias H = PaytronixRouterHarness

    @Test func createAndRegisterCreatesEverythingAtOnce() async throws {
        let sandbox = try H()
        let (status, body) = try await sandbox.rest("enrollment/createAndRegister", H.enrollmentBody())
        #expect(status == 200)
        #expect(body["result"] == "cardCreatedSuccess")
        let card = try #require(body["printedCardNumber"]?.stringValue)
        #expect(card.hasPrefix("999") && card.count == 13)
        #expect(body["generatedRegistrationCode"]?.stringValue?.count == 6)
        #expect(body["oauthTokens"]?["printedCardNumber"] == .string(card))
        #expect(body["oauthTokens"]?["expires_in"] == 1800)
        let token = try #require(body["oauthTokens"]?["access_token"]?.stringValue)
        let info = try await sandbox.rest(
            "guest/accountInformation",
            ["authentication": "oauth", "merchantId": 777777, "access_token": .string(token)])
        #expect(info.status == 200)
        #expect(info.body["primaryCard"]?["maskedCardNumber"] == .string(String(card.suffix(6))))
        #expect(info.body["fields"]?["favoriteStore"] == ["code": "123", "label": "Sandbox Store 123"])
        #expect(info.body["fields"]?["externalAccounts"] == [H.device()])
    }

    @Test func duplicateUsernameVector() async throws {
        let sandbox = try H()
        try await sandbox.rest("enrollment/createAndRegister", H.enrollmentBody())
        let (status, body) = try await sandbox.rest(
            "enrollment/createAndRegister", H.enrollmentBody(phone: "6175550199", devices: []))
        #expect(status == 400)
        #expect(
            body
                == (try JSONValue.parse(
                    #"{"result":"failure","errorCode":"enrollment.not_unique","errorMessage":"username is already in use","errorsByField":{"setUserFields.username":["username is already in use"]}}"#
                )))
    }

    @Test func merchantsWithoutUsernamesEnrollManyGuests() async throws {
        let sandbox = try H()
        let merchant = try await sandbox.call(
            .post, "/sandbox/paytronix/merchants",
            json: [
                "merchantId": 800001, "name": "Email only",
                "enrollmentFields": [
                    ["type": "user", "field": "email", "required": true],
                    ["type": "user", "field": "password", "required": true, "minLength": "6"],
                ],
            ])
        #expect(merchant.status == 200)
        let integration = try await sandbox.call(
            .post, "/sandbox/paytronix/integrations",
            json: [
                "merchantId": 800001, "platform": "ios", "clientId": "email-ios", "clientSecret": "email-ios-secret",
            ])
        #expect(integration.status == 200)
        func enroll(_ email: String) async throws -> (status: Int, body: JSONValue) {
            try await sandbox.rest(
                "enrollment/createAndRegister",
                [
                    "authentication": "anonymous", "merchantId": 800001, "cardTemplateCode": 0,
                    "enforceUniqueFields": ["email"],
                    "setUserFields": ["style": "typed", "email": [.string(email)], "password": ["s3cret-pass"]],
                ],
                credentials: ("email-ios", "email-ios-secret"))
        }
        // E16 must not turn the absent username into a shared "" key: the second guest used to hit UNIQUE (500).
        let first = try await enroll("one@example.com")
        let second = try await enroll("two@example.com")
        #expect(first.status == 200 && second.status == 200)
        #expect(first.body["oauthTokens"]?["username"] == nil)
        let same = try await enroll("ONE@example.com")
        #expect(same.status == 400 && same.body["errorCode"] == "enrollment.not_unique")
        #expect(same.body["errorsByField"]?["setUserFields.email"] == ["email is already in use"])
        // Nobody logs in with an empty username.
        let login = try await sandbox.rest(
            "oauth/requestGuestToken",
            [
                "merchantId": 800001, "grant_type": "password", "username": "", "password": "s3cret-pass",
            ],
            credentials: ("email-ios", "email-ios-secret"))
        #expect(login.status == 400 && login.body["errorCode"] == "oauth.invalid_grant")
    }

    @Test func enforcedUniquePhone() async throws {
        let sandbox = try H()
        try await sandbox.rest("enrollment/createAndRegister", H.enrollmentBody())
        let (status, body) = try await sandbox.rest(
            "enrollment/createAndRegister", H.enrollmentBody(username: "john.doe", devices: []))
        #expect(status == 400 && body["errorCode"] == "enrollment.not_unique")
        #expect(body["errorsByField"]?["setUserFields.mobilePhone"] == ["mobilePhone is already in use"])
    }

    @Test func fieldErrorsAreCollectedPerGroup() async throws {
        let body: JSONValue = [
            "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
            "setUserFields": [
                "style": "typed", "username": ["ab"], "password": ["123"], "email": ["nope"],
                "shoeSize": ["44"],
            ],
        ]
        let (status, reply) = try await H().rest("enrollment/createAndRegister", body)
        #expect(status == 400 && reply["errorCode"] == "enrollment.field_validation")
        let fields = Set(reply["errorsByField"]?.objectValue?.keys ?? [])
        #expect(
            fields == [
                "setUserFields.username", "setUserFields.password", "setUserFields.email", "setUserFields.shoeSize",
            ])
    }

    @Test func unknownTemplateAndMissingFields() async throws {
        let sandbox = try H()
        let template = try await sandbox.rest(
            "enrollment/createAndRegister",
            [
                "authentication": "anonymous", "merchantId": 777777,
                "cardTemplateCode": 9, "setUserFields": ["style": "typed"],
            ])
        #expect(template.status == 400 && template.body["errorCode"] == "enrollment.invalid_card_template")
        let missing = try await sandbox.rest(
            "enrollment/createAndRegister",
            [
                "authentication": "anonymous", "merchantId": 777777,
                "cardTemplateCode": 0,
            ])
        #expect(
            missing.body["errorCode"] == "request.missing_field"
                && missing.body["errorMessage"] == "setUserFields is required")
    }

    @Test func requestLevelChecks() async throws {
        let sandbox = try H()
        let malformed = try await sandbox.call(.post, "/rest/25.33/enrollment/createAndRegister.json", json: "text")
        #expect(malformed.status == 400 && malformed.body["errorCode"] == "request.malformed_json")
        let unknown = try await sandbox.call(.post, "/rest/25.33/enrollment/nothing.json", json: [:])
        #expect(unknown.status == 404 && unknown.body["errorMessage"] == "Unknown endpoint enrollment/nothing.json")
        let badRelease = try await sandbox.call(.post, "/rest/v2/oauth/requestGuestToken.json", json: [:])
        #expect(badRelease.status == 404 && badRelease.body["errorCode"] == "request.unknown_endpoint")
        let wrongMethod = try await sandbox.call(.get, "/rest/25.33/enrollment/createAndRegister.json")
        #expect(
            wrongMethod.status == 405
                && wrongMethod.body["errorMessage"] == "GET is not allowed for enrollment/createAndRegister.json")
        let noMerchant = try await sandbox.rest("oauth/requestGuestToken", ["grant_type": "password"])
        #expect(
            noMerchant.status == 400 && noMerchant.body["errorsByField"]?["merchantId"] == ["merchantId is required"])
        let badStyle = try await sandbox.rest(
            "guest/accountInformation", ["merchantId": 777777, "authentication": "magic"])
        #expect(badStyle.status == 400 && badStyle.body["errorsByField"]?["authentication"] != nil)
        let noCredentials = try await sandbox.rest("oauth/requestGuestToken", ["merchantId": 777777], credentials: nil)
        #expect(noCredentials.status == 401 && noCredentials.body["errorCode"] == "auth.invalid_client")
        let wrongSecret = try await sandbox.rest(
            "oauth/requestGuestToken", ["merchantId": 777777], credentials: ("sandbox-ios", "nope"))
        #expect(
            wrongSecret.status == 401 && wrongSecret.body["errorMessage"] == "Integration credentials are not valid")
        let otherMerchant = try await sandbox.rest("oauth/requestGuestToken", ["merchantId": 1])
        #expect(otherMerchant.status == 404 && otherMerchant.body["errorCode"] == "guest.merchant_not_found")
        let style = try await sandbox.rest(
            "enrollment/createAndRegister", ["merchantId": 777777, "authentication": "oauth"])
        #expect(style.status == 403 && style.body["errorCode"] == "auth.style_not_allowed")
    }

    @Test func guestStyleIsRefusedOnGet() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let (status, body) = try await sandbox.call(
            .get, "/rest/25.33/guest/accountInformation.json",
            query: "authentication=guest&merchantId=777777&username=sam&password=secret-1")
        #expect(status == 403)
        #expect(body["errorMessage"] == "guest authentication must not be used with GET")
    }

    @Test func cardStyleWorksWithGet() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let card = guest["printedCardNumber"]?.stringValue ?? ""
        let code = guest["registrationCode"]?.stringValue ?? ""
        let ok = try await sandbox.call(
            .get, "/rest/25.33/guest/accountInformation.json",
            query: "authentication=card&merchantId=777777&printedCardNumber=\(card)&registrationCode=\(code)")
        #expect(ok.status == 200 && ok.body["username"] == "sam")
        let bad = try await sandbox.call(
            .get, "/rest/25.33/guest/accountInformation.json",
            query: "authentication=card&merchantId=777777&printedCardNumber=\(card)&registrationCode=000000x")
        #expect(bad.status == 401 && bad.body["errorCode"] == "auth.invalid_credentials")
    }

    @Test func tokenLifetimeOnTheSandboxClock() async throws {
        let sandbox = try H()
        try await sandbox.call(
            .post, "/sandbox/paytronix/clock", json: ["now": "2026-01-10T09:00:00Z", "frozen": true])
        try await sandbox.guest("sam")
        let login = try await sandbox.login("sam")
        let access = login["access_token"] ?? .null
        let refresh = login["refresh_token"] ?? .null
        let read: JSONValue = ["authentication": "oauth", "merchantId": 777777, "access_token": access]
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 1799])
        #expect(try await sandbox.rest("guest/accountInformation", read).status == 200)
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 1])
        let expired = try await sandbox.rest("guest/accountInformation", read)
        #expect(expired.status == 401)
        #expect(
            expired.body
                == (try JSONValue.parse(
                    #"{"result":"failure","errorCode":"oauth.invalid_token","errorMessage":"The access token is invalid or has expired"}"#
                )))
        let refreshed = try await sandbox.rest(
            "oauth/requestGuestToken", ["merchantId": 777777, "grant_type": "refresh_token", "refresh_token": refresh])
        #expect(refreshed.status == 200 && refreshed.body["expires_in"] == 1800)
        #expect(refreshed.body["refresh_token"] == refresh && refreshed.body["access_token"] != access)
        let broader = try await sandbox.rest(
            "oauth/requestGuestToken",
            [
                "merchantId": 777777, "grant_type": "refresh_token",
                "refresh_token": refresh, "scope": "account_read admin",
            ])
        #expect(broader.status == 400 && broader.body["errorCode"] == "oauth.invalid_scope")
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["days": 90])
        let late = try await sandbox.rest(
            "oauth/requestGuestToken", ["merchantId": 777777, "grant_type": "refresh_token", "refresh_token": refresh])
        #expect(late.status == 400 && late.body["errorCode"] == "oauth.invalid_grant")
    }

    @Test func clockMovesAreBounded() async throws {
        let sandbox = try H()
        for body: JSONValue in [["seconds": 1e19], ["days": 1e15], ["seconds": -5]] {
            let refused = try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: body)
            #expect(refused.status == 400 && refused.body["errorCode"] == "request.invalid_field")
        }
        #expect(try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["days": 365]).status == 200)
    }

    @Test func passwordGrantErrors() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let wrong = try await sandbox.rest(
            "oauth/requestGuestToken",
            ["merchantId": 777777, "grant_type": "password", "username": "sam", "password": "x"])
        #expect(wrong.status == 400 && wrong.body["errorCode"] == "oauth.invalid_grant")
        let sso = try await sandbox.rest(
            "oauth/requestGuestToken", ["merchantId": 777777, "grant_type": "authorization_code"])
        #expect(sso.status == 400 && sso.body["errorCode"] == "oauth.unsupported_grant_type")
        let missing = try await sandbox.rest(
            "oauth/requestGuestToken", ["merchantId": 777777, "grant_type": "password", "username": "sam"])
        #expect(missing.body["errorMessage"] == "password is required")
    }

    @Test func disabledAccounts() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let card = guest["printedCardNumber"]?.stringValue ?? ""
        try await sandbox.call(
            .post, "/sandbox/paytronix/accounts/\(card)/status", json: ["merchantId": 777777, "status": "DISABLED"])
        let login = try await sandbox.login("sam")
        let info = try await sandbox.rest(
            "guest/accountInformation",
            ["authentication": "oauth", "merchantId": 777777, "access_token": login["access_token"] ?? .null])
        #expect(info.status == 200 && info.body == ["result": "invalid_status", "accountStatus": "DISABLED"])
        let edit = try await sandbox.rest(
            "enrollment/editExternalAccounts",
            [
                "authentication": "oauth", "merchantId": 777777,
                "access_token": login["access_token"] ?? .null, "operation": "add",
                "externalAccounts": [H.device()],
            ])
        #expect(edit.status == 409 && edit.body["errorCode"] == "enrollment.account_not_active")
    }

    @Test func registerAPhysicalCard() async throws {
        let sandbox = try H()
        let cards = try await sandbox.call(
            .post, "/sandbox/paytronix/cards", json: ["merchantId": 777777, "cardTemplateCode": 0]
        ).body
        let card = cards["cards"]?[0]?["printedCardNumber"] ?? .null
        let code = cards["cards"]?[0]?["registrationCode"] ?? .null
        let body: JSONValue = [
            "authentication": "card", "merchantId": 777777, "printedCardNumber": card, "registrationCode": code,
            "setUserFields": ["style": "string", "username": ["kim"], "password": ["secret-9"], "optIn": ["true"]],
        ]
        let first = try await sandbox.rest("enrollment/register", body)
        #expect(
            first.status == 200 && first.body["printedCardNumber"] == card
                && first.body["oauthTokens"]?["username"] == "kim")
        let again = try await sandbox.rest("enrollment/register", body)
        #expect(again.status == 409 && again.body["errorCode"] == "enrollment.card_already_registered")
    }

    @Test func seedBodyReplaysWithItsPlaceholderIntegration() async throws {
        let sandbox = try H()
        let clientId = "3FTmkQuXBnotarealcklientIDFCO9PREEnj_WHaK"
        try await sandbox.call(
            .post, "/sandbox/paytronix/integrations",
            json: [
                "merchantId": 777777, "platform": "ios", "clientId": .string(clientId), "clientSecret": "654secretnx4",
            ])
        let code = "98d0f8677777dc227777770609f9131583d7777771e24d330068777777ef6cc5345"
        let seedBody: JSONValue = [
            "authentication": "anonymous", "client_id": .string(clientId), "client_secret": "654secretnx4",
            "merchantId": 777777,
            "cardTemplateCode": 0, "enforceUniqueFields": ["mobilePhone"],
            "setUserFields": [
                "style": "typed", "username": ["john.doe"], "password": ["open123"], "mobilePhone": ["7894563210"],
            ],
            "setAccountFields": [
                "style": "typed", "favoriteStore": [["code": "123"]],
                "externalAccounts": [
                    [
                        "appIdentifier": "com.examplecompany.appname", "accountCode": .string(code),
                        "integrationDetail":
                            "os=iPhone OS|osversion=8.3|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0",
                        "integration": .string(clientId),
                    ]
                ],
            ],
        ]
        let (status, body) = try await sandbox.rest("enrollment/createAndRegister", seedBody, credentials: nil)
        #expect(status == 200 && body["result"] == "cardCreatedSuccess")
        let account = try await sandbox.call(
            .get, "/sandbox/paytronix/accounts/\(body["printedCardNumber"]?.stringValue ?? "")"
        ).body
        #expect(account["fields"]?["externalAccounts"]?[0]?["accountCode"] == .string(code))
    }

    @Test func stateSurvivesARestart() async throws {
        let directory = TestDirectories.path("paytronix")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = SandboxOptions(port: 0, dataDirectory: directory, inMemory: false)
        do {
            let sandbox = try H(options: options)
            try await sandbox.guest("sam")
        }
        let restarted = try H(options: options)
        #expect(try await restarted.login("sam")["result"] == "success")
    }

    @Test func requestLogMasksSecrets() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        try await sandbox.login("sam")
        let log = try await sandbox.call(.get, "/sandbox/paytronix/requests", query: "endpoint=oauth/requestGuestToken")
            .body
        let entry = try #require(log["requests"]?[0])
        #expect(entry["body"]?["password"] == "***")
        #expect(entry["body"]?["username"] == "sam")
        #expect(entry["status"] == 200)
    }
}
