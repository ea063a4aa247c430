import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Enrollment-field rules (spec §4.5), each with its exact reply.
@Suite("Paytronix enrollment fields (spec §4.5)")
struct PaytronixEnrollmentFieldRuleTests {
    typealias H = PaytronixRouterHarness

    /// One §4.5 case: what to change in a valid registration, and the single field error it must cause.
    struct EnrollmentCase: Sendable, CustomTestStringConvertible {
        var name: String
        var user: JSONObject = [:]
        var account: JSONObject? = nil
        var top: JSONObject = [:]
        var field: String
        var message: String
        var testDescription: String { name }
    }

    static let longName = String(repeating: "n", count: 65)
    static let e8 = "username must be 3 to 64 characters: letters, digits, . _ @ + -"

    static let enrollmentCases: [EnrollmentCase] = [
        // E3
        .init(
            name: "E3 user style missing", user: ["style": .null], field: "setUserFields.style",
            message: "style must be typed or string"),
        .init(
            name: "E3 user style unknown", user: ["style": "json"], field: "setUserFields.style",
            message: "style must be typed or string"),
        .init(
            name: "E3 account style missing", account: ["favoriteStore": [["code": "123"]]],
            field: "setAccountFields.style", message: "style must be typed or string"),
        // E4
        .init(
            name: "E4 bare value", user: ["username": "kim"], field: "setUserFields.username",
            message: "username must be a list holding one value"),
        .init(
            name: "E4 two values", user: ["username": ["kim", "kam"]], field: "setUserFields.username",
            message: "username must be a list holding one value"),
        .init(
            name: "E4 empty list", user: ["email": []], field: "setUserFields.email",
            message: "email must be a list holding one value"),
        .init(
            name: "E4 favoriteStore",
            account: ["style": "typed", "favoriteStore": [["code": "123"], ["code": "123"]]],
            field: "setAccountFields.favoriteStore", message: "favoriteStore must be a list holding one value"),
        // E5
        .init(
            name: "E5 typed number for string", user: ["mobilePhone": [6_175_550_100]],
            field: "setUserFields.mobilePhone",
            message: "mobilePhone has the wrong type for style typed"),
        .init(
            name: "E5 typed optIn as text", user: ["optIn": ["true"]], field: "setUserFields.optIn",
            message: "optIn has the wrong type for style typed"),
        .init(
            name: "E5 string optIn as boolean", user: ["style": "string", "optIn": [true]],
            field: "setUserFields.optIn",
            message: "optIn has the wrong type for style string"),
        .init(
            name: "E5 string optIn not true/false", user: ["style": "string", "optIn": ["yes"]],
            field: "setUserFields.optIn",
            message: "optIn has the wrong type for style string"),
        .init(
            name: "E5 string number", user: ["style": "string", "firstName": [7]], field: "setUserFields.firstName",
            message: "firstName has the wrong type for style string"),
        .init(
            name: "E5 typed favoriteStore as text", account: ["style": "typed", "favoriteStore": ["123"]],
            field: "setAccountFields.favoriteStore", message: "favoriteStore has the wrong type for style typed"),
        .init(
            name: "E5 string favoriteStore as object",
            account: ["style": "string", "favoriteStore": [["code": "123"]]],
            field: "setAccountFields.favoriteStore", message: "favoriteStore has the wrong type for style string"),
        // E6
        .init(
            name: "E6 unknown user field", user: ["shoeSize": ["42"]], field: "setUserFields.shoeSize",
            message: "Unknown field shoeSize"),
        .init(
            name: "E6 unknown account field", account: ["style": "typed", "loyaltyTier": ["gold"]],
            field: "setAccountFields.loyaltyTier", message: "Unknown field loyaltyTier"),
        .init(
            name: "E6 field names are case-sensitive", user: ["UserName": ["kim"]], field: "setUserFields.UserName",
            message: "Unknown field UserName"),
        // E7 (default config: username and password required)
        .init(
            name: "E7 password", user: ["password": .null], field: "setUserFields.password",
            message: "password is required"),
        .init(
            name: "E7 username", user: ["username": .null], field: "setUserFields.username",
            message: "username is required"),
        // E8
        .init(name: "E8 bad character", user: ["username": ["kim!"]], field: "setUserFields.username", message: e8),
        .init(name: "E8 space", user: ["username": ["kim lee"]], field: "setUserFields.username", message: e8),
        .init(
            name: "E8 non-ASCII letter", user: ["username": ["k\u{E4}m"]], field: "setUserFields.username", message: e8),
        .init(name: "E8 too short", user: ["username": ["ki"]], field: "setUserFields.username", message: e8),
        .init(
            name: "E8 over 64", user: ["username": .array([.string(String(repeating: "k", count: 65))])],
            field: "setUserFields.username", message: e8),
        // E9 (default minLength 6)
        .init(
            name: "E9 too short", user: ["password": ["12345"]], field: "setUserFields.password",
            message: "password must be at least 6 characters"),
        .init(
            name: "E9 over 128", user: ["password": .array([.string(String(repeating: "p", count: 129))])],
            field: "setUserFields.password", message: "password must be at least 6 characters"),
        // E10
        .init(
            name: "E10 no at sign", user: ["email": ["kim.example.com"]], field: "setUserFields.email",
            message: "email is not a valid address"),
        .init(
            name: "E10 no dot in domain", user: ["email": ["kim@localhost"]], field: "setUserFields.email",
            message: "email is not a valid address"),
        .init(
            name: "E10 space", user: ["email": ["kim @example.com"]], field: "setUserFields.email",
            message: "email is not a valid address"),
        .init(
            name: "E10 over 254",
            user: ["email": .array([.string(String(repeating: "k", count: 243) + "@example.com")])],
            field: "setUserFields.email", message: "email is not a valid address"),
        // E11
        .init(
            name: "E11 short mobile", user: ["mobilePhone": ["617555"]], field: "setUserFields.mobilePhone",
            message: "mobilePhone must be 7 to 15 digits"),
        .init(
            name: "E11 long phone", user: ["phone": ["1234567890123456"]], field: "setUserFields.phone",
            message: "phone must be 7 to 15 digits"),
        .init(
            name: "E11 dashes", user: ["phone": ["617-555-0100"]], field: "setUserFields.phone",
            message: "phone must be 7 to 15 digits"),
        .init(
            name: "E11 full-width digits",
            user: ["mobilePhone": ["\u{FF16}\u{FF11}\u{FF17}\u{FF15}\u{FF15}\u{FF15}\u{FF10}"]],
            field: "setUserFields.mobilePhone", message: "mobilePhone must be 7 to 15 digits"),
        // E12
        .init(
            name: "E12 no such day", user: ["dateOfBirth": ["1990-02-30"]], field: "setUserFields.dateOfBirth",
            message: "dateOfBirth must be a date yyyy-mm-dd"),
        .init(
            name: "E12 short form", user: ["dateOfBirth": ["1990-1-1"]], field: "setUserFields.dateOfBirth",
            message: "dateOfBirth must be a date yyyy-mm-dd"),
        .init(
            name: "E12 other format", user: ["dateOfBirth": ["01/02/1990"]], field: "setUserFields.dateOfBirth",
            message: "dateOfBirth must be a date yyyy-mm-dd"),
        .init(
            name: "E12 future", user: ["dateOfBirth": ["2999-01-01"]], field: "setUserFields.dateOfBirth",
            message: "dateOfBirth must be a date yyyy-mm-dd"),
        // E13
        .init(
            name: "E13 empty firstName", user: ["firstName": [""]], field: "setUserFields.firstName",
            message: "firstName has an invalid length"),
        .init(
            name: "E13 long lastName in list", user: ["lastName": [.string(longName)]], field: "setUserFields.lastName",
            message: "lastName has an invalid length"),
        .init(
            name: "E13 short postalCode", user: ["postalCode": ["12"]], field: "setUserFields.postalCode",
            message: "postalCode has an invalid length"),
        .init(
            name: "E13 long postalCode", user: ["postalCode": ["12345678901"]], field: "setUserFields.postalCode",
            message: "postalCode has an invalid length"),
        // E14
        .init(
            name: "E14 typed store", account: ["style": "typed", "favoriteStore": [["code": "999"]]],
            field: "setAccountFields.favoriteStore", message: "Unknown store 999"),
        .init(
            name: "E14 string store", account: ["style": "string", "favoriteStore": ["999"]],
            field: "setAccountFields.favoriteStore", message: "Unknown store 999"),
        .init(
            name: "E14 activation store", top: ["activationStoreCode": "999"], field: "activationStoreCode",
            message: "Unknown store 999"),
        // E15
        .init(
            name: "E15 unknown name", top: ["enforceUniqueFields": ["firstName"]], field: "enforceUniqueFields",
            message: "enforceUniqueFields may only list username, email, mobilePhone, phone"),
        .init(
            name: "E15 not a list", top: ["enforceUniqueFields": "email"], field: "enforceUniqueFields",
            message: "enforceUniqueFields may only list username, email, mobilePhone, phone"),
        .init(
            name: "E15 not strings", top: ["enforceUniqueFields": [1]], field: "enforceUniqueFields",
            message: "enforceUniqueFields may only list username, email, mobilePhone, phone"),
    ]

    /// A valid registration body with `change` applied; a `.null` value removes the key.
    static func registration(_ change: EnrollmentCase) -> JSONObject {
        var user: JSONObject = ["style": "typed", "username": ["kim"], "password": ["secret-9"]]
        for (key, value) in change.user { user[key] = value == .null ? JSONValue?.none : value }
        var body: JSONObject = ["merchantId": 777777, "setUserFields": .object(user)]
        if let account = change.account { body["setAccountFields"] = .object(account) }
        for (key, value) in change.top { body[key] = value }
        return body
    }

    @Test(arguments: enrollmentCases)
    func enrollmentFieldRule(_ change: EnrollmentCase) async throws {
        let sandbox = try H()
        var create = Self.registration(change)
        create["authentication"] = "anonymous"
        create["cardTemplateCode"] = 0
        let created = try await sandbox.rest("enrollment/createAndRegister", .object(create))
        #expect(created.status == 400)
        #expect(created.body == H.fieldFailure(change.field, change.message))

        // register (§3.4.4) applies the same rules to a physical card.
        if change.top["activationStoreCode"] == nil {
            let cards = try await sandbox.call(
                .post, "/sandbox/paytronix/cards", json: ["merchantId": 777777, "cardTemplateCode": 0]
            ).body
            var register = Self.registration(change)
            register["authentication"] = "card"
            register["printedCardNumber"] = cards["cards"]?[0]?["printedCardNumber"]
            register["registrationCode"] = cards["cards"]?[0]?["registrationCode"]
            let registered = try await sandbox.rest("enrollment/register", .object(register))
            #expect(registered.status == 400)
            #expect(registered.body == H.fieldFailure(change.field, change.message))
        }
        // Nothing was created: the username is still free.
        var valid = Self.registration(.init(name: "valid", field: "", message: ""))
        valid["authentication"] = "anonymous"
        valid["cardTemplateCode"] = 0
        #expect(try await sandbox.rest("enrollment/createAndRegister", .object(valid)).status == 200)
    }

    @Test func everyEnrollmentFieldErrorOfTheGroupIsReported() async throws {
        let (status, body) = try await H().rest(
            "enrollment/createAndRegister",
            [
                "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
                "setUserFields": [
                    "style": "typed", "username": ["kim"], "password": ["secret-9"], "phone": ["12"],
                    "postalCode": ["1"],
                    "optIn": ["no"],
                ],
                "setAccountFields": ["style": "typed", "favoriteStore": [["code": "404"]]],
            ])
        #expect(status == 400)
        #expect(body["errorCode"] == "enrollment.field_validation")
        #expect(
            body["errorsByField"] == [
                "setUserFields.phone": ["phone must be 7 to 15 digits"],
                "setUserFields.postalCode": ["postalCode has an invalid length"],
                "setUserFields.optIn": ["optIn has the wrong type for style typed"],
                "setAccountFields.favoriteStore": ["Unknown store 404"],
            ])
        let first = try #require(body["errorMessage"]?.stringValue)
        #expect(body["errorsByField"]?.objectValue?.contains { $0.value == [.string(first)] } == true)
    }

    @Test func e7FollowsTheMerchantsEnrollmentConfig() async throws {
        let sandbox = try H()
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants",
                json: [
                    "merchantId": 800030, "name": "Store required",
                    "enrollmentFields": [
                        ["type": "user", "field": "username", "required": true, "minLength": "5"],
                        ["type": "user", "field": "password", "required": true, "minLength": "8"],
                        ["type": "user", "field": "email", "required": true],
                        ["type": "account", "field": "favoriteStore", "required": true],
                    ],
                ]
            ).status == 200)
        try await sandbox.call(
            .post, "/sandbox/paytronix/integrations",
            json: [
                "merchantId": 800030, "platform": "ios", "clientId": "store-ios", "clientSecret": "store-ios-secret",
            ])
        func enroll(_ user: JSONValue, _ account: JSONValue? = nil) async throws -> (status: Int, body: JSONValue) {
            var body: JSONObject = [
                "authentication": "anonymous", "merchantId": 800030, "cardTemplateCode": 0, "setUserFields": user,
            ]
            if let account { body["setAccountFields"] = account }
            return try await sandbox.rest(
                "enrollment/createAndRegister", .object(body), credentials: ("store-ios", "store-ios-secret"))
        }
        let missing = try await enroll(["style": "typed", "username": ["kimberly"], "password": ["secret-99"]])
        #expect(missing.status == 400)
        #expect(
            missing.body["errorsByField"] == [
                "setUserFields.email": ["email is required"],
                "setAccountFields.favoriteStore": ["favoriteStore is required"],
            ])
        // The configured minimum lengths apply (E8, E9).
        let short = try await enroll(
            ["style": "typed", "username": ["kim"], "password": ["secret9"], "email": ["k@example.com"]],
            ["style": "typed", "favoriteStore": [["code": "123"]]])
        #expect(
            short.body["errorsByField"] == [
                "setUserFields.username": ["username must be 3 to 64 characters: letters, digits, . _ @ + -"],
                "setUserFields.password": ["password must be at least 8 characters"],
            ])
        let ok = try await enroll(
            ["style": "typed", "username": ["kimberly"], "password": ["secret-99"], "email": ["k@example.com"]],
            ["style": "typed", "favoriteStore": [["code": "123"]]])
        #expect(ok.status == 200 && ok.body["result"] == "cardCreatedSuccess")
    }

    @Test func validStringStyleAndActivationStoreAreStored() async throws {
        let sandbox = try H()
        let (status, body) = try await sandbox.rest(
            "enrollment/createAndRegister",
            [
                "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
                "activationStoreCode": "123",
                "enforceUniqueFields": ["username", "email", "mobilePhone", "phone"],
                "setUserFields": [
                    "style": "string", "username": ["kim"], "password": ["secret-9"], "optIn": ["false"],
                    "dateOfBirth": ["1990-02-28"], "firstName": ["K"], "postalCode": ["02110"], "phone": ["6175550100"],
                ],
                "setAccountFields": ["style": "string", "favoriteStore": ["123"]],
            ])
        #expect(status == 200)
        let card = try #require(body["printedCardNumber"]?.stringValue)
        let account = try await sandbox.call(.get, "/sandbox/paytronix/accounts/\(card)").body
        #expect(account["enrollmentStore"] == ["code": "123", "label": "Sandbox Store 123"])
        #expect(account["fields"]?["favoriteStore"] == ["code": "123", "label": "Sandbox Store 123"])
    }

    /// The upper limits of E8, E9 and E10 are inclusive.
    @Test func longestAcceptedUsernamePasswordAndEmail() async throws {
        let sandbox = try H()
        let username = String(repeating: "k", count: 60) + "._@+"
        let email = String(repeating: "k", count: 242) + "@example.com"
        #expect(username.count == 64 && email.count == 254)
        let (status, body) = try await sandbox.rest(
            "enrollment/createAndRegister",
            [
                "authentication": "anonymous", "merchantId": 777777, "cardTemplateCode": 0,
                "setUserFields": [
                    "style": "typed", "username": [.string(username)],
                    "password": [.string(String(repeating: "p", count: 128))],
                    "email": [.string(email)],
                ],
            ])
        #expect(status == 200 && body["result"] == "cardCreatedSuccess")
        #expect(body["oauthTokens"]?["username"] == .string(username))
    }
}
