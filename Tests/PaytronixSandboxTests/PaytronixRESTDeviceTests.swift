import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

@Suite("Paytronix REST endpoints: external accounts (spec §4.6)")
struct PaytronixRESTDeviceTests {
    typealias H = PaytronixRouterHarness

    @Test func badAccountCodeVector() async throws {
        let (status, body) = try await H().rest(
            "enrollment/createAndRegister", H.enrollmentBody(devices: [H.device("zz01")]))
        #expect(status == 400)
        #expect(
            body
                == (try JSONValue.parse(
                    #"{"result":"failure","errorCode":"enrollment.field_validation","errorMessage":"accountCode must be the device token in hexadecimal (16 to 200 hex digits)","errorsByField":{"setAccountFields.externalAccounts[0].accountCode":["accountCode must be the device token in hexadecimal (16 to 200 hex digits)"]}}"#
                )))
    }

    @Test func fullWidthDigitsAreNotHex() async throws {
        // U+FF10...U+FF19 and U+FF41...U+FF46 pass Character.isHexDigit but are not [0-9A-Fa-f].
        let code = String(repeating: "\u{FF10}\u{FF11}\u{FF41}", count: 6)
        let (status, body) = try await H().rest(
            "enrollment/createAndRegister", H.enrollmentBody(devices: [H.device(code)]))
        #expect(status == 400 && body["errorCode"] == "enrollment.field_validation")
        #expect(body["errorsByField"]?["setAccountFields.externalAccounts[0].accountCode"] != nil)
    }

    @Test func anAccountHoldsAtMostTwentyDevices() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let login = try await sandbox.login("sam")
        func add(_ codes: [Int]) async throws -> (status: Int, body: JSONValue) {
            let devices = codes.map { H.device(String(format: "%032x", $0)) }
            return try await sandbox.rest(
                "enrollment/editExternalAccounts",
                [
                    "authentication": "oauth", "merchantId": 777777, "access_token": login["access_token"] ?? .null,
                    "operation": "add", "externalAccounts": .array(devices),
                ])
        }
        #expect(try await add(Array(1...19)).status == 200)
        #expect(try await add([20]).status == 200)
        // Re-adding one already there is not a 21st.
        #expect(try await add([20]).status == 200)
        let full = try await add([21])
        #expect(full.status == 400)
        #expect(
            full.body == [
                "result": "failure", "errorCode": "enrollment.field_validation",
                "errorMessage": "An account can hold at most 20 external accounts",
                "errorsByField": ["externalAccounts": ["An account can hold at most 20 external accounts"]],
            ])
        let card = guest["printedCardNumber"]?.stringValue ?? ""
        let account = try await sandbox.call(.get, "/sandbox/paytronix/accounts/\(card)").body
        #expect(account["fields"]?["externalAccounts"]?.arrayValue?.count == 20)
        // Registration with 21 devices is refused as a whole.
        let many = try await sandbox.rest(
            "enrollment/createAndRegister",
            H.enrollmentBody(
                username: "kim", phone: "6175550111", devices: (100...120).map { H.device(String(format: "%032x", $0)) }
            ))
        #expect(many.status == 400)
        #expect(
            many.body["errorsByField"]?["setAccountFields.externalAccounts"] == [
                "An account can hold at most 20 external accounts"
            ])
        #expect(try await sandbox.login("kim")["errorCode"] == "oauth.invalid_grant")
    }

    @Test func integrationDetailForAnotherMerchant() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let login = try await sandbox.login("sam")
        let detail = H.detail.replacingOccurrences(of: "merchantId=777777", with: "merchantId=123")
        let (status, body) = try await sandbox.rest(
            "enrollment/editExternalAccounts",
            [
                "authentication": "oauth", "merchantId": 777777, "access_token": login["access_token"] ?? .null,
                "printedCardNumber": guest["printedCardNumber"] ?? .null, "operation": "add",
                "externalAccounts": [H.device(detail: detail)],
            ])
        #expect(status == 400)
        #expect(body["errorCode"] == "enrollment.field_validation")
        #expect(
            body["errorsByField"]?["externalAccounts[0].integrationDetail"] == [
                "integrationDetail merchantId must equal 777777"
            ])
    }

    @Test func addIsIdempotentAndMovesDevicesBetweenGuests() async throws {
        let sandbox = try H()
        let first = try await sandbox.guest("anna", extra: ["externalAccounts": [H.device()]])
        let second = try await sandbox.guest("bert")
        let login = try await sandbox.login("bert")
        let edit: JSONValue = [
            "authentication": "oauth", "merchantId": 777777, "access_token": login["access_token"] ?? .null,
            "operation": "add", "externalAccounts": [H.device(), H.device()],
        ]
        #expect(try await sandbox.rest("enrollment/editExternalAccounts", edit).status == 200)
        #expect(try await sandbox.rest("enrollment/editExternalAccounts", edit).status == 200)
        let bert = try await sandbox.call(
            .get, "/sandbox/paytronix/accounts/\(second["printedCardNumber"]?.stringValue ?? "")"
        ).body
        #expect(bert["fields"]?["externalAccounts"]?.arrayValue?.count == 1)
        let anna = try await sandbox.call(
            .get, "/sandbox/paytronix/accounts/\(first["printedCardNumber"]?.stringValue ?? "")"
        ).body
        #expect(anna["fields"]?["externalAccounts"] == [])
        #expect(anna["externalAccountHistory"]?[0]?["state"] == "moved")
        #expect(anna["externalAccountHistory"]?[0]?["movedTo"] == bert["accountId"])
        let lookup = try await sandbox.call(
            .get, "/rest/25.33/guest/printedCardNumberForExternalAccount.json",
            query:
                "authentication=b2b&username=sandbox-b2b&password=sandbox-b2b-password&merchantId=777777&accountCode=\(H.tokenHex)",
            credentials: ("sandbox-server", "sandbox-server-secret"))
        #expect(lookup.status == 200 && lookup.body["primaryCard"]?["printedCardNumber"] == second["printedCardNumber"])
        var remove = edit
        if case .object(var object) = remove {
            object["operation"] = "remove"
            remove = .object(object)
        }
        #expect(try await sandbox.rest("enrollment/editExternalAccounts", remove).status == 200)
        let gone = try await sandbox.call(
            .get, "/rest/25.33/guest/printedCardNumberForExternalAccount.json",
            query:
                "authentication=b2b&username=sandbox-b2b&password=sandbox-b2b-password&merchantId=777777&accountCode=\(H.tokenHex)",
            credentials: ("sandbox-server", "sandbox-server-secret"))
        #expect(gone.status == 404 && gone.body["errorCode"] == "guest.external_account_not_found")
    }
}
