import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite("Paytronix integration credentials, merchant and card ownership (spec §4.2)")
struct PaytronixAccessTests {
    typealias H = PaytronixRouterHarness

    /// A POST whose only possible failures are the credential checks.
    static func tokenRequest(_ extra: JSONObject = [:]) -> JSONValue {
        var body: JSONObject = [
            "authentication": "anonymous", "merchantId": 777777, "grant_type": "password",
            "username": "sam", "password": "secret-1",
        ]
        for (key, value) in extra { body[key] = value }
        return .object(body)
    }

    @Test func bodyCredentialsMustAgreeWithTheHeader() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        // A2: each body value that is present is compared, even without the other one.
        for extra: JSONObject in [
            ["client_secret": "wrong"], ["client_id": "sandbox-server"],
            ["client_id": "sandbox-ios", "client_secret": "wrong"], ["client_secret": 7],
        ] {
            let (status, body) = try await sandbox.rest("oauth/requestGuestToken", Self.tokenRequest(extra))
            #expect(status == 401)
            #expect(body["errorCode"] == "auth.invalid_client")
            #expect(body["errorMessage"] == "Integration credentials are not valid")
        }
        for extra: JSONObject in [
            [:], ["client_secret": "sandbox-ios-secret"], ["client_id": "sandbox-ios"],
            ["client_id": "sandbox-ios", "client_secret": "sandbox-ios-secret"],
        ] {
            #expect(try await sandbox.rest("oauth/requestGuestToken", Self.tokenRequest(extra)).status == 200)
        }
        // Body credentials alone are enough.
        let bodyOnly = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.tokenRequest(
                ["client_id": "sandbox-ios", "client_secret": "sandbox-ios-secret"]), credentials: nil)
        #expect(bodyOnly.status == 200)
    }

    @Test func integrationOfAnotherMerchantIsA4() async throws {
        let sandbox = try H()
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants", json: ["merchantId": 800002, "name": "Other"]
            ).status == 200)
        let (status, body) = try await sandbox.rest(
            "oauth/requestGuestToken",
            [
                "authentication": "anonymous", "merchantId": 800002, "grant_type": "password", "username": "sam",
                "password": "secret-1",
            ])
        #expect(status == 403)
        #expect(body["errorCode"] == "auth.merchant_mismatch")
        #expect(body["errorMessage"] == "This integration is not enabled for merchant 800002")
    }

    @Test func tokensThatDoNotWorkAreA12() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let login = try await sandbox.login("sam")
        let read: JSONValue = [
            "authentication": "oauth", "merchantId": 777777, "access_token": login["access_token"] ?? .null,
        ]
        let unknown: JSONValue = ["authentication": "oauth", "merchantId": 777777, "access_token": "no-such-token"]
        let server = ("sandbox-server", "sandbox-server-secret")
        let refusals = [
            try await sandbox.rest("guest/accountInformation", unknown),
            // Bound to the client that obtained it.
            try await sandbox.rest("guest/accountInformation", read, credentials: server),
            // A refresh token is not an access token.
            try await sandbox.rest(
                "guest/accountInformation",
                [
                    "authentication": "oauth", "merchantId": 777777,
                    "access_token": login["refresh_token"] ?? .null,
                ]),
        ]
        for (status, body) in refusals {
            #expect(status == 401)
            #expect(
                body == [
                    "result": "failure", "errorCode": "oauth.invalid_token",
                    "errorMessage": "The access token is invalid or has expired",
                ])
        }
        #expect(try await sandbox.rest("guest/accountInformation", read).status == 200)
        try await sandbox.call(
            .post, "/sandbox/paytronix/tokens/revoke", json: ["accessToken": login["access_token"] ?? .null])
        #expect(try await sandbox.rest("guest/accountInformation", read).body["errorCode"] == "oauth.invalid_token")
    }

    @Test func missingScopeIsA13() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let readOnly = try await sandbox.rest(
            "oauth/requestGuestToken",
            [
                "authentication": "anonymous", "merchantId": 777777, "grant_type": "password", "username": "sam",
                "password": "secret-1",
                "scope": "account_read",
            ]
        ).body
        #expect(readOnly["scope"] == "account_read")
        let token = readOnly["access_token"] ?? .null
        #expect(
            try await sandbox.rest(
                "guest/accountInformation",
                [
                    "authentication": "oauth", "merchantId": 777777,
                    "access_token": token,
                ]
            ).status == 200)
        let (status, body) = try await sandbox.rest(
            "enrollment/editExternalAccounts",
            [
                "authentication": "oauth", "merchantId": 777777, "access_token": token, "operation": "add",
                "externalAccounts": [H.device()],
            ])
        #expect(status == 403)
        #expect(body["errorCode"] == "oauth.insufficient_scope")
        #expect(body["errorMessage"] == "This call needs the account_write scope")
        let writeOnly = try await sandbox.rest(
            "oauth/requestGuestToken",
            [
                "authentication": "anonymous", "merchantId": 777777, "grant_type": "password", "username": "sam",
                "password": "secret-1",
                "scope": "account_write",
            ]
        ).body
        let read = try await sandbox.rest(
            "guest/accountInformation",
            [
                "authentication": "oauth", "merchantId": 777777,
                "access_token": writeOnly["access_token"] ?? .null,
            ])
        #expect(read.status == 403 && read.body["errorMessage"] == "This call needs the account_read scope")
    }

    @Test func anotherGuestsCardIsA14() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let other = try await sandbox.guest("kim")
        let card = try #require(other["printedCardNumber"]?.stringValue)
        let login = try await sandbox.login("sam")
        let styles: [JSONObject] = [
            ["authentication": "oauth", "access_token": login["access_token"] ?? .null],
            ["authentication": "guest", "username": "sam", "password": "secret-1"],
        ]
        for style in styles {
            var body: JSONObject = ["merchantId": 777777, "printedCardNumber": .string(card)]
            for (key, value) in style { body[key] = value }
            let (status, reply) = try await sandbox.rest("guest/accountInformation", .object(body))
            #expect(status == 403)
            #expect(reply["errorCode"] == "auth.card_not_owned")
            #expect(reply["errorMessage"] == .string("Card \(card) does not belong to this guest"))
            body["operation"] = "add"
            body["externalAccounts"] = [H.device()]
            #expect(
                try await sandbox.rest("enrollment/editExternalAccounts", .object(body)).body["errorCode"]
                    == "auth.card_not_owned")
        }
        let kim = try await sandbox.call(.get, "/sandbox/paytronix/accounts/\(card)").body
        #expect(kim["fields"]?["externalAccounts"] == [])
    }
}
