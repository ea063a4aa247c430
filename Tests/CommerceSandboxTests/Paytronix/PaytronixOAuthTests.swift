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
            let login = try await sandbox.rest("oauth/requestGuestToken", Self.grant([
                "grant_type": "password", "username": "sam", "password": "secret-1", "scope": blank]))
            #expect(login.status == 200)
            #expect(login.body["scope"] == "account_read account_write user_read user_write")
            let refreshed = try await sandbox.rest("oauth/requestGuestToken", Self.grant([
                "grant_type": "refresh_token", "refresh_token": login.body["refresh_token"] ?? .null, "scope": blank]))
            #expect(refreshed.status == 200)
            #expect(refreshed.body["scope"] == "account_read account_write user_read user_write")
            #expect(try await sandbox.rest("guest/accountInformation", Self.read(refreshed.body["access_token"])).status == 200)
        }
    }

    @Test func grantChecksComeBeforeTheScopeCheck() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let bad: JSONValue = "account_read admin"
        let noPassword = try await sandbox.rest("oauth/requestGuestToken", Self.grant(["grant_type": "password", "username": "sam", "scope": bad]))
        #expect(noPassword.status == 400 && noPassword.body["errorCode"] == "request.missing_field")
        #expect(noPassword.body["errorMessage"] == "password is required")
        let wrong = try await sandbox.rest("oauth/requestGuestToken", Self.grant([
            "grant_type": "password", "username": "sam", "password": "nope", "scope": bad]))
        #expect(wrong.status == 400 && wrong.body["errorCode"] == "oauth.invalid_grant")
        #expect(wrong.body["errorMessage"] == "Username or password is not valid")
        let unknownRefresh = try await sandbox.rest("oauth/requestGuestToken", Self.grant([
            "grant_type": "refresh_token", "refresh_token": "not-a-token", "scope": bad]))
        #expect(unknownRefresh.status == 400 && unknownRefresh.body["errorMessage"] == "The refresh token is invalid or has expired")
        // With a valid grant, the scope is judged (O5).
        let scoped = try await sandbox.rest("oauth/requestGuestToken", Self.grant([
            "grant_type": "password", "username": "sam", "password": "secret-1", "scope": bad]))
        #expect(scoped.status == 400 && scoped.body["errorCode"] == "oauth.invalid_scope")
        #expect(scoped.body["errorsByField"]?["scope"] != nil)
    }
}
