import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite("Paytronix OAuth token endpoint and token checks (spec §3.4.1, §4.2, §4.3)")
struct PaytronixOAuthTests {
    typealias H = PaytronixRouterHarness

    static func grant(_ fields: JSONObject) -> JSONValue {
        var body: JSONObject = ["authentication": "anonymous", "merchantId": 777777]
        for (key, value) in fields { body[key] = value }
        return .object(body)
    }

    static func read(_ token: JSONValue?) -> JSONValue {
        ["authentication": "oauth", "merchantId": 777777, "access_token": token ?? .null]
    }

    @Test func blankScopeMeansAllScopesNotNone() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        for blank: JSONValue in ["", "  ", .null] {
            let login = try await sandbox.rest(
                "oauth/requestGuestToken",
                Self.grant([
                    "grant_type": "password", "username": "sam", "password": "secret-1", "scope": blank,
                ]))
            #expect(login.status == 200)
            #expect(login.body["scope"] == "account_read account_write user_read user_write")
            let refreshed = try await sandbox.rest(
                "oauth/requestGuestToken",
                Self.grant([
                    "grant_type": "refresh_token", "refresh_token": login.body["refresh_token"] ?? .null,
                    "scope": blank,
                ]))
            #expect(refreshed.status == 200)
            #expect(refreshed.body["scope"] == "account_read account_write user_read user_write")
            #expect(
                try await sandbox.rest("guest/accountInformation", Self.read(refreshed.body["access_token"])).status
                    == 200)
        }
    }

    @Test func grantChecksComeBeforeTheScopeCheck() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let bad: JSONValue = "account_read admin"
        let noPassword = try await sandbox.rest(
            "oauth/requestGuestToken", Self.grant(["grant_type": "password", "username": "sam", "scope": bad]))
        #expect(noPassword.status == 400 && noPassword.body["errorCode"] == "request.missing_field")
        #expect(noPassword.body["errorMessage"] == "password is required")
        let wrong = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.grant([
                "grant_type": "password", "username": "sam", "password": "nope", "scope": bad,
            ]))
        #expect(wrong.status == 400 && wrong.body["errorCode"] == "oauth.invalid_grant")
        #expect(wrong.body["errorMessage"] == "Username or password is not valid")
        let unknownRefresh = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.grant([
                "grant_type": "refresh_token", "refresh_token": "not-a-token", "scope": bad,
            ]))
        #expect(
            unknownRefresh.status == 400
                && unknownRefresh.body["errorMessage"] == "The refresh token is invalid or has expired")
        // With a valid grant, the scope is judged (O5).
        let scoped = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.grant([
                "grant_type": "password", "username": "sam", "password": "secret-1", "scope": bad,
            ]))
        #expect(scoped.status == 400 && scoped.body["errorCode"] == "oauth.invalid_scope")
        #expect(scoped.body["errorsByField"]?["scope"] != nil)
    }

    static let scopeHelp = "use account_read, account_write, user_read, user_write"

    @Test func refreshCannotWidenTheOriginalScope() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let login = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.grant([
                "grant_type": "password", "username": "sam", "password": "secret-1", "scope": "account_read",
            ]))
        #expect(login.status == 200 && login.body["scope"] == "account_read")
        let refreshToken = login.body["refresh_token"] ?? .null
        for wider: JSONValue in ["account_write", "account_read account_write"] {
            let refused = try await sandbox.rest(
                "oauth/requestGuestToken",
                Self.grant([
                    "grant_type": "refresh_token", "refresh_token": refreshToken, "scope": wider,
                ]))
            #expect(refused.status == 400)
            #expect(refused.body["errorCode"] == "oauth.invalid_scope")
            #expect(
                refused.body["errorMessage"] == .string("Unknown or broader scope account_write; \(Self.scopeHelp)"))
            #expect(refused.body["errorsByField"]?["scope"] != nil)
        }
        // The same scope (or none, meaning the original) is fine, and the new token still cannot write.
        let same = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.grant([
                "grant_type": "refresh_token", "refresh_token": refreshToken, "scope": "account_read",
            ]))
        #expect(same.status == 200 && same.body["scope"] == "account_read")
        let write = try await sandbox.rest(
            "enrollment/editExternalAccounts",
            [
                "authentication": "oauth", "merchantId": 777777, "access_token": same.body["access_token"] ?? .null,
                "operation": "add", "externalAccounts": [H.device()],
            ])
        #expect(write.status == 403 && write.body["errorCode"] == "oauth.insufficient_scope")
    }

    @Test func missingOrUnsupportedGrantTypeIsO1() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        for grant: JSONValue? in [nil, "authorization_code", "client_credentials", 1, .null] {
            var fields: JSONObject = ["username": "sam", "password": "secret-1"]
            if let grant { fields["grant_type"] = grant }
            let reply = try await sandbox.rest("oauth/requestGuestToken", Self.grant(fields))
            #expect(reply.status == 400, "\(String(describing: grant))")
            #expect(reply.body["errorCode"] == "oauth.unsupported_grant_type")
            #expect(reply.body["errorMessage"] == "grant_type must be password or refresh_token")
            #expect(reply.body["errorsByField"]?["grant_type"] == ["grant_type must be password or refresh_token"])
        }
    }

    @Test func refreshTokenOfAnotherClientIsO4() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let other = ("other-ios", "other-ios-secret")
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/integrations",
                json: [
                    "merchantId": 777777, "platform": "ios", "clientId": "other-ios",
                    "clientSecret": "other-ios-secret",
                ]
            ).status == 200)
        let login = try await sandbox.login("sam")
        let refresh = Self.grant(["grant_type": "refresh_token", "refresh_token": login["refresh_token"] ?? .null])
        let stolen = try await sandbox.rest("oauth/requestGuestToken", refresh, credentials: other)
        #expect(stolen.status == 400)
        #expect(stolen.body["errorCode"] == "oauth.invalid_grant")
        #expect(stolen.body["errorMessage"] == "The refresh token is invalid or has expired")
        // The access token is bound to its client in the same way (A12).
        let read = try await sandbox.rest(
            "guest/accountInformation", Self.read(login["access_token"]), credentials: other)
        #expect(read.status == 401 && read.body["errorCode"] == "oauth.invalid_token")
        // The client it was issued to can still use it.
        #expect(try await sandbox.rest("oauth/requestGuestToken", refresh).status == 200)
    }

    @Test func oldAccessTokenStaysValidUntilItsOwnExpiryAfterARefresh() async throws {
        let sandbox = try H()
        try await sandbox.call(
            .post, "/sandbox/paytronix/clock", json: ["now": "2030-05-01T12:00:00Z", "frozen": true])
        try await sandbox.guest("sam")
        let login = try await sandbox.login("sam")
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 1000])
        let refreshed = try await sandbox.rest(
            "oauth/requestGuestToken",
            Self.grant([
                "grant_type": "refresh_token", "refresh_token": login["refresh_token"] ?? .null,
            ]))
        #expect(refreshed.status == 200)
        #expect(refreshed.body["access_token"] != login["access_token"])
        #expect(refreshed.body["refresh_token"] == login["refresh_token"])
        // T + 1799: both tokens work.
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 799])
        #expect(try await sandbox.rest("guest/accountInformation", Self.read(login["access_token"])).status == 200)
        #expect(
            try await sandbox.rest("guest/accountInformation", Self.read(refreshed.body["access_token"])).status == 200)
        // T + 1800: the old one has reached its own expiry; the new one lives until T + 2800.
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 1])
        let old = try await sandbox.rest("guest/accountInformation", Self.read(login["access_token"]))
        #expect(old.status == 401 && old.body["errorCode"] == "oauth.invalid_token")
        #expect(
            try await sandbox.rest("guest/accountInformation", Self.read(refreshed.body["access_token"])).status == 200)
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 999])
        #expect(
            try await sandbox.rest("guest/accountInformation", Self.read(refreshed.body["access_token"])).status == 200)
        try await sandbox.call(.post, "/sandbox/paytronix/clock/advance", json: ["seconds": 1])
        #expect(
            try await sandbox.rest("guest/accountInformation", Self.read(refreshed.body["access_token"])).status == 401)
    }
}
