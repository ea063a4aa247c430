import CommerceCore
import Foundation
import PaytronixPush
import Testing

/// The client against a real sandbox for the calls the push journeys do not make: the enrollment form
/// (§3.4.2), email authentication (§3.2, A10) and the integrator server's B2B calls (§2.1, §3.4.4, §3.4.7).
@Suite("Paytronix enrollment config, email and B2B over HTTP", .serialized)
struct PaytronixServerSideJourneyTests {
    typealias J = PaytronixJourney

    static func b2bClient(_ h: SandboxHarness, password: String = "sandbox-b2b-password") -> PaytronixB2BClient {
        var configuration = PaytronixConfiguration(
            baseURL: h.baseURL, merchantId: 777777, clientId: "sandbox-server",
            clientSecret: "sandbox-server-secret")
        configuration.timeout = .seconds(10)
        return PaytronixB2BClient(
            client: PaytronixClient(configuration: configuration, sleep: { _ in }),
            username: "sandbox-b2b", password: password)
    }

    static func device(_ token: Data = J.t1) throws -> ExternalAccount {
        try ExternalAccount.apnsDevice(
            deviceToken: token, integration: "sandbox-ios", integrationDetail: J.detail,
            appIdentifier: J.appIdentifier)
    }

    @Test func enrollmentConfigReadsTheSandboxsForm() async throws {
        try await SandboxHarness.with { h in
            let config = try await J.client(h).enrollmentConfig(cardTemplateCode: 0)
            #expect(
                config
                    == EnrollmentConfig(fields: [
                        EnrollmentField(type: "user", field: "username", required: true, minLength: 3),
                        EnrollmentField(type: "user", field: "password", required: true, minLength: 6),
                        EnrollmentField(type: "user", field: "mobilePhone", required: false, minLength: 7),
                        EnrollmentField(type: "user", field: "email", required: false),
                        EnrollmentField(type: "account", field: "favoriteStore", required: false),
                    ]))
            // On the wire minLength is a string (§3.4.2), which the client turned into the numbers above.
            let raw = try await h.call(
                .get, "/rest/25.33/enrollment/enrollmentConfig.json?merchantId=777777&cardTemplateCode=0",
                headers: ["Authorization": J.client(h).configuration.basicAuthorization]
            ).body
            #expect(raw["config"]?["fields"]?[0]?["minLength"] == "3")
            // The call is a GET without any authentication parameter.
            let logged = try #require(try await J.log(h).first)
            #expect(logged.endpoint == "enrollment/enrollmentConfig")
            #expect(logged.body == ["cardTemplateCode": "0", "merchantId": "777777"])

            await #expect(
                throws: PaytronixError.failure(
                    code: "enrollment.invalid_card_template",
                    message: "cardTemplateCode must be one of this merchant's card templates",
                    fieldErrors: [
                        "cardTemplateCode": ["cardTemplateCode must be one of this merchant's card templates"]
                    ],
                    httpStatus: 400)
            ) {
                _ = try await J.client(h).enrollmentConfig(cardTemplateCode: 9)
            }
        }
    }

    @Test func emailAuthenticationReadsTheAccount() async throws {
        try await SandboxHarness.with { h in
            let guest = try await h.call(
                .post, "/sandbox/paytronix/guests",
                json: [
                    "merchantId": 777777, "username": "sam", "password": "secret-1", "email": "sam@example.com",
                    "externalAccounts": [
                        [
                            "appIdentifier": .string(J.appIdentifier), "accountCode": .string(J.t1Hex),
                            "integrationDetail": .string(J.detail.description), "integration": "sandbox-ios",
                        ]
                    ],
                ]
            ).body
            let client = J.client(h)
            let information = try await client.accountInformation(
                printedCardNumber: nil,
                authentication: .email(email: "SAM@example.com", cardTemplateCode: 0))
            #expect(information.username == "sam")
            #expect(information.primaryCard?.printedCardNumber == guest["printedCardNumber"]?.stringValue)
            #expect(information.fields.externalAccounts == [try Self.device()])
            let noMatch = PaytronixError.failure(
                code: "auth.invalid_credentials", message: "No guest matches this email and card template",
                fieldErrors: [:], httpStatus: 401)
            await #expect(throws: noMatch) {
                _ = try await client.accountInformation(
                    printedCardNumber: nil, authentication: .email(email: "kim@example.com", cardTemplateCode: 0))
            }
            // The same email under a template the guest's card does not use.
            await #expect(throws: noMatch) {
                _ = try await client.accountInformation(
                    printedCardNumber: nil, authentication: .email(email: "sam@example.com", cardTemplateCode: 1))
            }
        }
    }

    @Test func b2bReadsAndEditsAGuestsDevices() async throws {
        try await SandboxHarness.with { h in
            let guest = try await h.call(
                .post, "/sandbox/paytronix/guests",
                json: ["merchantId": 777777, "username": "sam", "password": "secret-1"]
            ).body
            let card = try #require(guest["printedCardNumber"]?.stringValue)
            let b2b = Self.b2bClient(h)

            let before = try await b2b.accountInformation(printedCardNumber: card)
            #expect(before.username == "sam" && before.accountStatus == "ACTIVE")
            #expect(
                before.primaryCard
                    == CardInformation(
                        printedCardNumber: card, maskedCardNumber: String(card.suffix(6)), status: "ACTIVE"))
            #expect(before.fields.externalAccounts.isEmpty)

            try await b2b.editExternalAccounts(.add, [try Self.device()], printedCardNumber: card)
            #expect(
                try await b2b.accountInformation(printedCardNumber: card).fields.externalAccounts == [try Self.device()]
            )
            // The app's own session sees the device the server attached.
            let app = J.registrar(J.client(h), store: PersistentStore())
            #expect(
                try await app.loginAndRegisterDevice(username: "sam", password: "secret-1", deviceToken: J.t1)
                    == .alreadyRegistered)

            let cards = try await b2b.cardsForExternalAccount(accountCode: J.t1Hex.uppercased())
            #expect(cards == ExternalAccountCards(primaryCard: before.primaryCard, additionalCards: []))
            // The lookup went out as POST, so the B2B password was in the body, not the URL.
            let lookup = try #require(
                try await h.call(.get, "/sandbox/paytronix/requests?endpoint=guest/printedCardNumberForExternalAccount")
                    .body["requests"]?[0])
            #expect(lookup["method"] == "POST")
            #expect(lookup["path"] == "/rest/25.33/guest/printedCardNumberForExternalAccount.json")
            #expect(lookup["body"]?["password"] == "***")

            try await b2b.editExternalAccounts(.remove, [try Self.device()], printedCardNumber: card)
            await #expect(
                throws: PaytronixError.failure(
                    code: "guest.external_account_not_found",
                    message: "No account is linked to this external account code",
                    fieldErrors: [:], httpStatus: 404)
            ) {
                _ = try await b2b.cardsForExternalAccount(accountCode: J.t1Hex)
            }

            // A15 and A11 through the client.
            await #expect(
                throws: PaytronixError.failure(
                    code: "guest.card_not_found", message: "Card 9990000009999 not found",
                    fieldErrors: [:], httpStatus: 404)
            ) {
                _ = try await b2b.accountInformation(printedCardNumber: "9990000009999")
            }
            await #expect(
                throws: PaytronixError.failure(
                    code: "auth.invalid_credentials", message: "B2B credentials are not valid",
                    fieldErrors: [:], httpStatus: 401)
            ) {
                try await Self.b2bClient(h, password: "wrong").editExternalAccounts(
                    .add, [try Self.device()], printedCardNumber: card)
            }
        }
    }

    @Test func b2bRegistersAPhysicalCard() async throws {
        try await SandboxHarness.with { h in
            let issued = try await h.call(
                .post, "/sandbox/paytronix/cards", json: ["merchantId": 777777, "cardTemplateCode": 0]
            ).body
            let card = try #require(issued["cards"]?[0]?["printedCardNumber"]?.stringValue)
            let b2b = Self.b2bClient(h)
            let request = RegisterRequest(
                userFields: UserFields(username: "kim", password: "secret-9", email: "kim@example.com"),
                accountFields: AccountFields(favoriteStoreCode: "123", externalAccounts: [try Self.device(J.t2)]))

            // B2B names the account by card; without one the sandbox says so.
            await #expect(
                throws: PaytronixError.failure(
                    code: "request.missing_field", message: "printedCardNumber is required",
                    fieldErrors: ["printedCardNumber": ["printedCardNumber is required"]], httpStatus: 400)
            ) {
                _ = try await b2b.client.register(
                    request, authentication: .b2b(username: "sandbox-b2b", password: "sandbox-b2b-password"))
            }

            let result = try await b2b.register(request, printedCardNumber: card)
            #expect(result.result == "success")
            #expect(result.printedCardNumber == card)
            #expect(result.oauthTokens?.username == "kim")
            #expect(result.oauthTokens?.printedCardNumber == card)
            let information = try await b2b.accountInformation(printedCardNumber: card)
            #expect(information.registrationStatus == "REGISTERED" && information.username == "kim")
            #expect(information.fields.favoriteStore == StoreRef(code: "123", label: "Sandbox Store 123"))
            #expect(information.fields.externalAccounts == [try Self.device(J.t2)])
            // The guest can now log in with the password the server registered.
            #expect(
                try await J.client(h).requestGuestToken(.password(username: "kim", password: "secret-9")).username
                    == "kim")
            // register is never retried, and a second one is a state conflict (S3).
            let log = try await J.log(h).filter { $0.endpoint == "enrollment/register" }
            #expect(log.map(\.status) == [400, 200])
            await #expect(
                throws: PaytronixError.failure(
                    code: "enrollment.card_already_registered", message: "Card \(card) is already registered",
                    fieldErrors: [:], httpStatus: 409)
            ) {
                _ = try await b2b.register(request, printedCardNumber: card)
            }
        }
    }
}
