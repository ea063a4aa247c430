import CommerceCore
import Foundation
import SandboxTestSupport
import Testing

@testable import CommerceSandbox

/// The request checks (spec §4.1) and the style credential checks (§4.2 A7–A11, A15) with their exact replies.
@Suite("Paytronix request and credential rules (spec §4.1, §4.2)")
struct PaytronixRequestRuleTests {
    typealias H = PaytronixRouterHarness

    static let server = ("sandbox-server", "sandbox-server-secret")

    /// The whole failure envelope, with `errorsByField` only when `field` is given.
    static func failure(_ code: String, _ message: String, field: String? = nil) -> JSONValue {
        var object: JSONObject = ["result": "failure", "errorCode": .string(code), "errorMessage": .string(message)]
        if let field { object["errorsByField"] = [field: [.string(message)]] }
        return .object(object)
    }

    // MARK: §4.1

    @Test func q2BodyOverOneMebibyteIs413() async throws {
        let sandbox = try H()
        func post(_ size: Int) async throws -> RouterTestRig.Reply {
            // A JSON object padded with spaces to exactly `size` bytes.
            let head = Data(#"{"merchantId":777777,"grant_type":"password"}"#.utf8)
            let body = head + Data(repeating: UInt8(ascii: " "), count: size - head.count)
            return try await sandbox.rig.send(
                .post, "/rest/25.33/oauth/requestGuestToken.json", body: body,
                headers: [
                    "Content-Type": "application/json",
                    "Authorization": RouterTestRig.basic("sandbox-ios", password: "sandbox-ios-secret"),
                ])
        }
        let tooLarge = try await post(1024 * 1024 + 1)
        #expect(tooLarge.status == 413)
        #expect(tooLarge.json == Self.failure("request.too_large", "Request body exceeds 1 MiB"))
        // Exactly 1 MiB is still read: it fails later, on the missing username (O2).
        let limit = try await post(1024 * 1024)
        #expect(limit.status == 400)
        #expect(limit.json == Self.failure("request.missing_field", "username is required", field: "username"))
    }

    @Test(arguments: [JSONValue.string("777777"), 777777.5, true, .null, ["id": 777777]])
    func q6NonIntegerMerchantIdOnPost(merchantId: JSONValue) async throws {
        let (status, body) = try await H().rest(
            "oauth/requestGuestToken", ["merchantId": merchantId, "grant_type": "password"])
        #expect(status == 400)
        #expect(body == Self.failure("request.invalid_field", "merchantId must be an integer", field: "merchantId"))
    }

    @Test(arguments: ["abc", "", "-777777", "777777.0", "7e5", "\u{0661}\u{0662}", "99999999999999999999"])
    func q6NonDigitMerchantIdOnGet(merchantId: String) async throws {
        let encoded = merchantId.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let sandbox = try H()
        for path in ["/rest/25.33/enrollment/enrollmentConfig.json", "/rest/25.33/guest/accountInformation.json"] {
            let (status, body) = try await sandbox.call(
                .get, path, query: "authentication=card&merchantId=\(encoded)&cardTemplateCode=0")
            #expect(status == 400, "\(path)")
            #expect(
                body == Self.failure("request.invalid_field", "merchantId must be an integer", field: "merchantId"),
                "\(path)")
        }
    }

    @Test func q7AuthenticationMissingOrUnknown() async throws {
        let sandbox = try H()
        let message = "authentication must be one of anonymous, card, guest, email, oauth, b2b"
        let bodies: [JSONValue] = [
            ["merchantId": 777777],  // required on accountInformation
            ["merchantId": 777777, "authentication": "magic"],
            ["merchantId": 777777, "authentication": "OAUTH"],  // style names are case-sensitive
            ["merchantId": 777777, "authentication": 1],
            ["merchantId": 777777, "authentication": .null],
        ]
        for body in bodies {
            let (status, reply) = try await sandbox.rest("guest/accountInformation", body)
            #expect(status == 400, "\(body)")
            #expect(reply == Self.failure("request.invalid_field", message, field: "authentication"), "\(body)")
        }
        // A present but unknown style is refused even where the field may be left out.
        let token = try await sandbox.rest("oauth/requestGuestToken", ["merchantId": 777777, "authentication": "none"])
        #expect(token.body == Self.failure("request.invalid_field", message, field: "authentication"))
    }

    @Test func a1NoIntegrationCredentialsAtAll() async throws {
        let sandbox = try H()
        let expected = Self.failure(
            "auth.invalid_client", "Integration credentials are required (HTTP Basic client_id:client_secret)")
        // No header, and the body has neither value or only one of them.
        for extra: JSONObject in [[:], ["client_id": "sandbox-ios"], ["client_secret": "sandbox-ios-secret"]] {
            var body: JSONObject = [
                "merchantId": 777777, "grant_type": "password", "username": "sam", "password": "secret-1",
            ]
            for (key, value) in extra { body[key] = value }
            let (status, reply) = try await sandbox.rest("oauth/requestGuestToken", .object(body), credentials: nil)
            #expect(status == 401)
            #expect(reply == expected)
        }
        let get = try await sandbox.call(
            .get, "/rest/25.33/enrollment/enrollmentConfig.json",
            query: "merchantId=777777&cardTemplateCode=0", credentials: nil)
        #expect(get.status == 401 && get.body == expected)
    }

    // MARK: §4.2

    /// A7 per style and endpoint: which field is missing is named.
    static let a7Cases: [(String, JSONObject, String)] = [
        ("guest/accountInformation", ["authentication": "card", "registrationCode": "123456"], "printedCardNumber"),
        (
            "guest/accountInformation", ["authentication": "card", "printedCardNumber": "9990000000001"],
            "registrationCode"
        ),
        ("guest/accountInformation", ["authentication": "guest", "password": "secret-1"], "username"),
        ("guest/accountInformation", ["authentication": "guest", "username": "sam"], "password"),
        ("guest/accountInformation", ["authentication": "email", "cardTemplateCode": 0], "email"),
        ("guest/accountInformation", ["authentication": "email", "email": "sam@example.com"], "cardTemplateCode"),
        ("guest/accountInformation", ["authentication": "oauth"], "access_token"),
        ("guest/accountInformation", ["authentication": "oauth", "access_token": ""], "access_token"),
        (
            "enrollment/editExternalAccounts", ["authentication": "guest", "username": "", "password": "secret-1"],
            "username"
        ),
        ("enrollment/register", ["authentication": "card", "printedCardNumber": "9990000000001"], "registrationCode"),
    ]

    @Test(arguments: a7Cases)
    func a7MissingStyleField(endpoint: String, fields: JSONObject, missing: String) async throws {
        var body: JSONObject = ["merchantId": 777777]
        for (key, value) in fields { body[key] = value }
        let (status, reply) = try await H().rest(endpoint, .object(body))
        #expect(status == 400)
        #expect(reply == Self.failure("request.missing_field", "\(missing) is required", field: missing))
    }

    @Test func a7MissingB2BFields() async throws {
        let sandbox = try H()
        let cases: [(String, JSONObject, String)] = [
            (
                "guest/accountInformation", ["password": "sandbox-b2b-password", "printedCardNumber": "9990000000001"],
                "username"
            ),
            (
                "guest/accountInformation", ["username": "sandbox-b2b", "printedCardNumber": "9990000000001"],
                "password"
            ),
            // With valid B2B credentials the account must still be named by card.
            (
                "guest/accountInformation", ["username": "sandbox-b2b", "password": "sandbox-b2b-password"],
                "printedCardNumber"
            ),
            (
                "enrollment/editExternalAccounts",
                [
                    "username": "sandbox-b2b", "password": "sandbox-b2b-password",
                    "operation": "add", "externalAccounts": [H.device()],
                ], "printedCardNumber"
            ),
            (
                "guest/printedCardNumberForExternalAccount",
                ["username": "sandbox-b2b", "password": "sandbox-b2b-password"], "accountCode"
            ),
        ]
        for (endpoint, fields, missing) in cases {
            var body: JSONObject = ["merchantId": 777777, "authentication": "b2b"]
            for (key, value) in fields { body[key] = value }
            let (status, reply) = try await sandbox.rest(endpoint, .object(body), credentials: Self.server)
            #expect(status == 400, "\(endpoint) \(missing)")
            #expect(
                reply == Self.failure("request.missing_field", "\(missing) is required", field: missing),
                "\(endpoint) \(missing)")
        }
    }

    @Test func a9GuestCredentials() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        let expected = Self.failure("auth.invalid_credentials", "Username or password is not valid")
        for (username, password) in [("sam", "secret-2"), ("nobody", "secret-1"), ("sam", "SECRET-1")] {
            for endpoint in ["guest/accountInformation", "enrollment/editExternalAccounts"] {
                let (status, body) = try await sandbox.rest(
                    endpoint,
                    [
                        "authentication": "guest", "merchantId": 777777, "username": .string(username),
                        "password": .string(password),
                        "operation": "add", "externalAccounts": [H.device()],
                    ])
                #expect(status == 401, "\(endpoint) \(username)")
                #expect(body == expected, "\(endpoint) \(username)")
            }
        }
        // Usernames are case-insensitive; the right password opens the account.
        let ok = try await sandbox.rest(
            "guest/accountInformation",
            [
                "authentication": "guest", "merchantId": 777777,
                "username": "SAM", "password": "secret-1",
            ])
        #expect(ok.status == 200 && ok.body["username"] == "sam")
    }

    @Test func a10EmailAuthentication() async throws {
        let sandbox = try H()
        #expect(
            try await sandbox.call(
                .post, "/sandbox/paytronix/merchants",
                json: [
                    "merchantId": 800020, "name": "Two templates",
                    "cardTemplates": [["code": 0, "label": "Basic"], ["code": 5, "label": "Gold"]],
                ]
            ).status == 200)
        try await sandbox.call(
            .post, "/sandbox/paytronix/integrations",
            json: [
                "merchantId": 800020, "platform": "ios", "clientId": "two-ios", "clientSecret": "two-ios-secret",
            ])
        let credentials = ("two-ios", "two-ios-secret")
        let guest = try await sandbox.call(
            .post, "/sandbox/paytronix/guests",
            json: [
                "merchantId": 800020, "cardTemplateCode": 5, "username": "gold", "password": "secret-1",
                "email": "Gold@Example.com",
            ]
        ).body
        func read(_ email: String, _ template: JSONValue, merchant: Int64 = 800020) async throws -> (
            status: Int, body: JSONValue
        ) {
            try await sandbox.rest(
                "guest/accountInformation",
                [
                    "authentication": "email", "merchantId": .integer(merchant),
                    "email": .string(email), "cardTemplateCode": template,
                ],
                credentials: credentials)
        }
        let ok = try await read("gold@example.com", 5)
        #expect(ok.status == 200)
        #expect(ok.body["primaryCard"]?["printedCardNumber"] == guest["printedCardNumber"])
        #expect(ok.body["cardTemplateCode"] == 5)
        // As on GET, where every parameter is a string.
        let get = try await sandbox.call(
            .get, "/rest/25.33/guest/accountInformation.json",
            query: "authentication=email&merchantId=800020&email=gold%40example.com&cardTemplateCode=5",
            credentials: credentials)
        #expect(get.status == 200 && get.body["username"] == "gold")
        let expected = Self.failure("auth.invalid_credentials", "No guest matches this email and card template")
        for (email, template) in [
            ("gold@example.com", JSONValue.integer(0)), ("silver@example.com", 5), ("gold@example.com", "gold"),
        ] {
            let (status, body) = try await read(email, template)
            #expect(status == 401, "\(email) \(template)")
            #expect(body == expected, "\(email) \(template)")
        }
    }

    @Test func a11B2BCredentials() async throws {
        let sandbox = try H()
        let guest = try await sandbox.guest("sam")
        let card = guest["printedCardNumber"] ?? .null
        let expected = Self.failure("auth.invalid_credentials", "B2B credentials are not valid")
        let attempts: [((String, String), String, String)] = [
            (Self.server, "sandbox-b2b", "wrong"),
            (Self.server, "someone-else", "sandbox-b2b-password"),
            // The app integration has no B2B credentials at all.
            (H.iosCredentials, "sandbox-b2b", "sandbox-b2b-password"),
        ]
        for (integration, username, password) in attempts {
            for endpoint in ["guest/accountInformation", "enrollment/editExternalAccounts", "enrollment/register"] {
                let (status, body) = try await sandbox.rest(
                    endpoint,
                    [
                        "authentication": "b2b", "merchantId": 777777, "username": .string(username),
                        "password": .string(password),
                        "printedCardNumber": card, "operation": "add", "externalAccounts": [H.device()],
                    ], credentials: integration)
                #expect(status == 401, "\(endpoint) \(integration.0) \(username)")
                #expect(body == expected, "\(endpoint) \(integration.0) \(username)")
            }
        }
        let lookup = try await sandbox.call(
            .get, "/rest/25.33/guest/printedCardNumberForExternalAccount.json",
            query: "authentication=b2b&username=sandbox-b2b&password=nope&merchantId=777777&accountCode=\(H.tokenHex)",
            credentials: Self.server)
        #expect(lookup.status == 401 && lookup.body == expected)
    }

    @Test func a15B2BUnknownCard() async throws {
        let sandbox = try H()
        for endpoint in ["guest/accountInformation", "enrollment/editExternalAccounts", "enrollment/register"] {
            let (status, body) = try await sandbox.rest(
                endpoint,
                [
                    "authentication": "b2b", "merchantId": 777777, "username": "sandbox-b2b",
                    "password": "sandbox-b2b-password",
                    "printedCardNumber": "9990000009999", "operation": "add", "externalAccounts": [H.device()],
                    "setUserFields": ["style": "typed", "username": ["kim"], "password": ["secret-9"]],
                ], credentials: Self.server)
            #expect(status == 404, "\(endpoint)")
            #expect(body == Self.failure("guest.card_not_found", "Card 9990000009999 not found"), "\(endpoint)")
        }
    }

    /// §6.2: any release label of digits and dots is served, and answered the same as 25.33.
    @Test func release19Point2IsAnsweredTheSame() async throws {
        let sandbox = try H()
        try await sandbox.guest("sam")
        func token(_ release: String, password: String) async throws -> (status: Int, body: JSONValue) {
            try await sandbox.call(
                .post, "/rest/\(release)/oauth/requestGuestToken.json",
                json: [
                    "authentication": "anonymous", "merchantId": 777777, "grant_type": "password", "username": "sam",
                    "password": .string(password),
                ])
        }
        let old = try await token("19.2", password: "secret-1")
        let current = try await token("25.33", password: "secret-1")
        #expect(old.status == 200 && current.status == 200)
        #expect(old.body.objectValue?.keys == current.body.objectValue?.keys)
        for key in ["result", "token_type", "expires_in", "scope", "username"] {
            #expect(old.body[key] == current.body[key], "\(key)")
        }
        // The 19.2 token works on 25.33 and the other way round.
        let read = try await sandbox.call(
            .post, "/rest/25.33/guest/accountInformation.json",
            json: [
                "authentication": "oauth", "merchantId": 777777, "access_token": old.body["access_token"] ?? .null,
            ])
        #expect(read.status == 200 && read.body["username"] == "sam")
        let readOld = try await sandbox.call(
            .post, "/rest/19.2/guest/accountInformation.json",
            json: [
                "authentication": "oauth", "merchantId": 777777, "access_token": current.body["access_token"] ?? .null,
            ])
        #expect(readOld.status == 200 && readOld.body == read.body)
        // Failures are identical too, and the log keeps the path as sent.
        let failedOld = try await token("19.2", password: "nope")
        let failedCurrent = try await token("25.33", password: "nope")
        #expect(failedOld.status == 400 && failedOld.body == failedCurrent.body)
        let paths = try await sandbox.call(.get, "/sandbox/paytronix/requests").body["requests"]?.arrayValue?.compactMap
        { $0["path"]?.stringValue }
        #expect(paths?.first == "/rest/19.2/oauth/requestGuestToken.json")
    }
}
