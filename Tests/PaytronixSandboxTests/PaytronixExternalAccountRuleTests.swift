import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// External-account rules (spec §4.6), each with its exact reply.
@Suite("Paytronix external accounts (spec §4.6)")
struct PaytronixExternalAccountRuleTests {
    typealias H = PaytronixRouterHarness

    /// `enrollment/editExternalAccounts` adding `accounts` to the guest account of `sam` (password `secret-1`).
    static func add(_ accounts: [JSONValue], in sandbox: H) async throws -> (status: Int, body: JSONValue) {
        try await sandbox.rest(
            "enrollment/editExternalAccounts",
            [
                "authentication": "guest", "merchantId": 777777, "username": "sam", "password": "secret-1",
                "operation": "add", "externalAccounts": .array(accounts),
            ])
    }

    @Test(arguments: [JSONValue.null, "replace", "ADD", 1])
    func x1Operation(operation: JSONValue) async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        var body: JSONObject = [
            "authentication": "guest", "merchantId": 777777, "username": "sam", "password": "secret-1",
            "externalAccounts": [H.device()],
        ]
        if operation != .null { body["operation"] = operation }
        let (status, reply) = try await sandbox.rest("enrollment/editExternalAccounts", .object(body))
        #expect(status == 400)
        #expect(reply == H.fieldFailure("operation", "operation must be add or remove", code: "request.invalid_field"))
    }

    @Test(arguments: [JSONValue.null, [], "device", [1], [H.device(), "device"], ["accountCode": .string(H.tokenHex)]])
    func x2ExternalAccountsList(list: JSONValue) async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        var body: JSONObject = [
            "authentication": "guest", "merchantId": 777777, "username": "sam", "password": "secret-1",
            "operation": "add",
        ]
        if list != .null { body["externalAccounts"] = list }
        let (status, reply) = try await sandbox.rest("enrollment/editExternalAccounts", .object(body))
        #expect(status == 400)
        #expect(reply == H.fieldFailure("externalAccounts", "externalAccounts must be a non-empty list of objects"))
        // At registration the list may be empty or left out, but must still be a list of objects.
        var create: JSONObject = [
            "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
            "setUserFields": ["style": "typed", "username": ["kim"], "password": ["secret-9"]],
        ]
        if list != .null { create["setAccountFields"] = ["style": "typed", "externalAccounts": list] }
        let created = try await sandbox.rest("enrollment/createAndRegister", .object(create))
        if list == .null || list == [] {
            #expect(created.status == 200)
        } else {
            #expect(created.status == 400)
            #expect(
                created.body
                    == H.fieldFailure(
                        "setAccountFields.externalAccounts", "externalAccounts must be a non-empty list of objects"))
        }
    }

    static let x3 = "accountCode must be the device token in hexadecimal (16 to 200 hex digits)"
    static let x4 = "integration must be the client_id of one of this merchant's integrations"
    static let x5 =
        "integrationDetail must contain os, osversion, device, merchantId, integrator and version separated by |"
    static let x7 = "appIdentifier must be the app's bundle identifier, e.g. com.example.app"

    /// One bad key of an otherwise valid device, and the field error it causes.
    static let deviceCases: [(String, JSONValue, String, String)] = [
        ("accountCode", .null, "accountCode", x3),
        ("accountCode", .string(String(repeating: "a", count: 15)), "accountCode", x3),
        ("accountCode", .string(String(repeating: "a", count: 201)), "accountCode", x3),
        ("accountCode", .string(String(H.tokenHex.dropLast(2)) + "0g"), "accountCode", x3),
        ("accountCode", 1_234_567_890_123_456, "accountCode", x3),
        ("integration", "unknown-client", "integration", x4),
        ("integration", .null, "integration", x4),
        ("integration", "other-ios", "integration", x4),  // an integration of another merchant
        ("integrationDetail", .null, "integrationDetail", x5),
        ("integrationDetail", "os=iOS|device=iPhone", "integrationDetail", x5),
        (
            "integrationDetail", .string(H.detail.replacingOccurrences(of: "os=iOS", with: "os=")), "integrationDetail",
            x5
        ),
        ("integrationDetail", .string(H.detail + "|junk"), "integrationDetail", x5),
        (
            "integrationDetail", .string(H.detail + "|note=" + String(repeating: "x", count: 1000)),
            "integrationDetail", x5
        ),
        ("appIdentifier", .null, "appIdentifier", x7),
        ("appIdentifier", "pushapp", "appIdentifier", x7),
        ("appIdentifier", "com..example", "appIdentifier", x7),
        ("appIdentifier", "com.example.", "appIdentifier", x7),
        ("appIdentifier", "com.exa mple", "appIdentifier", x7),
        ("appIdentifier", "com.ex\u{E4}mple", "appIdentifier", x7),
        ("appIdentifier", .string("com." + String(repeating: "a", count: 252)), "appIdentifier", x7),
    ]

    @Test(arguments: deviceCases)
    func externalAccountField(key: String, value: JSONValue, field: String, message: String) async throws {
        let sandbox = try H()
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants", json: ["merchantId": 800040, "name": "Other"]
            ).status == 200)
        try await sandbox.call(
            .post, "/sandbox/paytronix/integrations",
            json: [
                "merchantId": 800040, "platform": "ios", "clientId": "other-ios", "clientSecret": "other-ios-secret",
            ])
        try await sandbox.guest("sam")
        guard case .object(var device) = H.device() else { return }
        device[key] = value == .null ? JSONValue?.none : value
        let edit = try await Self.add([.object(device)], in: sandbox)
        #expect(edit.status == 400)
        #expect(edit.body == H.fieldFailure("externalAccounts[0].\(field)", message))
        let create = try await sandbox.rest(
            "enrollment/createAndRegister",
            [
                "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
                "setUserFields": ["style": "typed", "username": ["kim"], "password": ["secret-9"]],
                "setAccountFields": [
                    "style": "typed",
                    "externalAccounts": [H.device("00112233445566778899aabbccddeeff"), .object(device)],
                ],
            ])
        #expect(create.status == 400)
        #expect(create.body == H.fieldFailure("setAccountFields.externalAccounts[1].\(field)", message))
    }

    @Test func externalAccountErrorsAreCollectedAndExtraKeysKept() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let (status, body) = try await Self.add(
            [
                [
                    "appIdentifier": "app", "accountCode": .string(H.tokenHex),
                    "integrationDetail": .string(H.detail), "integration": "x",
                ],
                [
                    "appIdentifier": "com.example.pushapp", "accountCode": "12",
                    "integrationDetail": .string(H.detail), "integration": "sandbox-ios",
                ],
            ], in: sandbox)
        #expect(status == 400)
        #expect(
            body == [
                "result": "failure", "errorCode": "enrollment.field_validation", "errorMessage": .string(Self.x4),
                "errorsByField": [
                    "externalAccounts[0].integration": [.string(Self.x4)],
                    "externalAccounts[0].appIdentifier": [.string(Self.x7)],
                    "externalAccounts[1].accountCode": [
                        "accountCode must be the device token in hexadecimal (16 to 200 hex digits)"
                    ],
                ],
            ])
        // X5: keys beyond the six are kept as sent; T8: unknown keys of the object are ignored.
        let detail = H.detail + "|build=42"
        guard case .object(var device) = H.device(detail: detail) else { return }
        device["pushKitToken"] = "ignored"
        let ok = try await Self.add([.object(device)], in: sandbox)
        #expect(ok.status == 200)
        let account = try await sandbox.call(
            .get, "/sandbox/paytronix/accounts/\(guest["printedCardNumber"]?.stringValue ?? "")"
        ).body
        #expect(account["fields"]?["externalAccounts"] == [H.device(detail: detail)])
    }

    /// X3: stored lowercased; the uppercase form of a stored token is the same device (updated in place);
    /// 16 and 200 digits are the inclusive limits.
    @Test func x3AccountCodesAreStoredLowercasedAndMatchCaseInsensitively() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam", extra: ["externalAccounts": [H.device(H.tokenHex.uppercased())]])
        let card = try #require(guest["printedCardNumber"]?.stringValue)
        func devices() async throws -> [JSONValue] {
            try await sandbox.call(.get, "/sandbox/paytronix/accounts/\(card)").body["fields"]?["externalAccounts"]?
                .arrayValue ?? []
        }
        #expect(try await devices() == [H.device()])
        let newDetail = H.detail.replacingOccurrences(of: "osversion=17.5", with: "osversion=18.0")
        func add(_ code: String, detail: String = H.detail) async throws -> Int {
            try await Self.add([H.device(code, detail: detail)], in: sandbox).status
        }
        #expect(try await add(H.tokenHex.uppercased(), detail: newDetail) == 200)
        #expect(try await devices() == [H.device(detail: newDetail)])
        let history = try await sandbox.call(.get, "/sandbox/paytronix/accounts/\(card)").body[
            "externalAccountHistory"]?.arrayValue
        #expect(history?.count == 1)
        // Mixed case in one request collapses too, and the limits themselves are accepted.
        let shortest = String(repeating: "Ab", count: 8)
        let longest = String(repeating: "cD", count: 100)
        #expect(try await add(shortest) == 200)
        #expect(try await add(shortest.lowercased()) == 200)
        #expect(try await add(longest) == 200)
        #expect(
            try await devices().compactMap { $0["accountCode"]?.stringValue } == [
                H.tokenHex, shortest.lowercased(), longest.lowercased(),
            ])
        // The B2B lookup finds the device by either case.
        let lookup = try await sandbox.call(
            .get, "/rest/25.33/guest/printedCardNumberForExternalAccount.json",
            query:
                "authentication=b2b&username=sandbox-b2b&password=sandbox-b2b-password&merchantId=777777&accountCode=\(longest)",
            credentials: ("sandbox-server", "sandbox-server-secret"))
        #expect(lookup.status == 200 && lookup.body["primaryCard"]?["printedCardNumber"] == .string(card))
    }
}
