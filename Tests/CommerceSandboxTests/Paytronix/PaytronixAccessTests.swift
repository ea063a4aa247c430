import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

@Suite("Paytronix integration credentials, merchant and card ownership (spec §4.2)")
struct PaytronixAccessTests {
    typealias H = PaytronixRouterHarness

    /// A POST whose only possible failures are the credential checks.
    static func tokenRequest(_ extra: JSONObject = [:]) -> JSONValue {
        var body: JSONObject = ["authentication": "anonymous", "merchantId": 777777, "grant_type": "password",
                                "username": "sam", "password": "secret-1"]
        for (key, value) in extra { body[key] = value }
        return .object(body)
    }

    @Test func bodyCredentialsMustAgreeWithTheHeader() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        // A2: each body value that is present is compared, even without the other one.
        for extra: JSONObject in [["client_secret": "wrong"], ["client_id": "sandbox-server"],
                                  ["client_id": "sandbox-ios", "client_secret": "wrong"], ["client_secret": 7]] {
            let (status, body) = try await sandbox.rest("oauth/requestGuestToken", Self.tokenRequest(extra))
            #expect(status == 401)
            #expect(body["errorCode"] == "auth.invalid_client")
            #expect(body["errorMessage"] == "Integration credentials are not valid")
        }
        for extra: JSONObject in [[:], ["client_secret": "sandbox-ios-secret"], ["client_id": "sandbox-ios"],
                                  ["client_id": "sandbox-ios", "client_secret": "sandbox-ios-secret"]] {
            #expect(try await sandbox.rest("oauth/requestGuestToken", Self.tokenRequest(extra)).status == 200)
        }
        // Body credentials alone are enough.
        let bodyOnly = try await sandbox.rest("oauth/requestGuestToken", Self.tokenRequest(
            ["client_id": "sandbox-ios", "client_secret": "sandbox-ios-secret"]), credentials: nil)
        #expect(bodyOnly.status == 200)
    }
}
