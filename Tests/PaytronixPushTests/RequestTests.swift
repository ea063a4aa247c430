import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import PaytronixPush

@Suite("URLs, headers and request bodies (spec §6.2, §6.3)")
struct RequestTests {
    let transport = InMemoryTransport { _ in .json(200, #"{"result":"success"}"#) }

    @Test func urlsFollowTheRestShape() async throws {
        let client = Fixture.client(transport)
        _ = try? await client.accountInformation(printedCardNumber: nil, authentication: .oauth(accessToken: "t"))
        _ = try? await client.enrollmentConfig(cardTemplateCode: 0)
        try await client.editExternalAccounts(
            .add, [], printedCardNumber: nil, authentication: .oauth(accessToken: "t"))
        let urls = transport.requests.map(\.url.absoluteString)
        #expect(
            urls == [
                "http://127.0.0.1:8080/rest/25.33/guest/accountInformation.json",
                "http://127.0.0.1:8080/rest/25.33/enrollment/enrollmentConfig.json?merchantId=777777&cardTemplateCode=0",
                "http://127.0.0.1:8080/rest/25.33/enrollment/editExternalAccounts.json",
            ])
        #expect(transport.requests.map(\.method) == [.post, .get, .post])
        let headers = transport.requests[0].headers
        #expect(headers["Authorization"] == "Basic c2FuZGJveC1pb3M6c2FuZGJveC1pb3Mtc2VjcmV0")
        #expect(headers["Accept"] == "application/json")
        #expect(headers["User-Agent"]?.hasPrefix("CommerceKit-PaytronixPush/") == true)
        #expect(headers["Content-Type"] == "application/json; charset=UTF-8")
        #expect(transport.requests[1].headers["Content-Type"] == nil)
    }

    @Test func registrationTokenAndLookupURLs() async throws {
        let transport = InMemoryTransport { request in
            switch request.endpoint {
            case "oauth/requestGuestToken.json": .json(200, Fixture.tokens())
            case "enrollment/createAndRegister.json", "enrollment/register.json":
                .json(200, #"{"result":"cardCreatedSuccess","printedCardNumber":"9990000000001"}"#)
            default: .json(200, #"{"result":"success"}"#)
            }
        }
        let client = Fixture.client(transport)
        _ = try await client.createAndRegister(Self.janeRequest)
        _ = try await client.requestGuestToken(.password(username: "jane.doe", password: "s3cret-pass"))
        _ = try await client.requestGuestToken(.refreshToken("r"))
        let b2b = PaytronixB2BClient(client: client, username: "sandbox-b2b", password: "pw")
        _ = try await b2b.cardsForExternalAccount(accountCode: Fixture.tokenHex)
        _ = try await b2b.register(
            RegisterRequest(userFields: UserFields(username: "kim", password: "secret-9")),
            printedCardNumber: "9990000000001")
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:8080/rest/25.33/enrollment/createAndRegister.json",
                "http://127.0.0.1:8080/rest/25.33/oauth/requestGuestToken.json",
                "http://127.0.0.1:8080/rest/25.33/oauth/requestGuestToken.json",
                "http://127.0.0.1:8080/rest/25.33/guest/printedCardNumberForExternalAccount.json",
                "http://127.0.0.1:8080/rest/25.33/enrollment/register.json",
            ])
        // All POST: the B2B password of the lookup stays out of the URL (§3.4.7 allows POST).
        #expect(transport.requests.map(\.method) == [.post, .post, .post, .post, .post])
        #expect(transport.requests.allSatisfy { $0.url.query == nil })
        #expect(
            transport.requests[3].json == [
                "authentication": "b2b", "username": "sandbox-b2b", "password": "pw",
                "merchantId": 777777, "accountCode": .string(Fixture.tokenHex),
            ])
        // B2B register names the card (§3.4.4), and is never retried.
        #expect(transport.requests[4].json["printedCardNumber"] == "9990000000001")
        #expect(transport.requests[4].json["authentication"] == "b2b")
        #expect(transport.requests[4].allowsRetry == false)
    }

    @Test func productionHostAndOtherReleases() {
        let production = PaytronixConfiguration.production(
            merchantId: 777777, serverName: "example", clientId: "a", clientSecret: "b")
        #expect(
            production.url(service: "guest", endpoint: "accountInformation")?.absoluteString
                == "https://m777777.api.example.com/rest/25.33/guest/accountInformation.json")
        var old = Fixture.configuration()
        old.release = "19.2"
        #expect(
            old.url(service: "oauth", endpoint: "requestGuestToken")?.absoluteString
                == "http://127.0.0.1:8080/rest/19.2/oauth/requestGuestToken.json")
    }

    @Test(arguments: [
        (
            PaytronixAuthentication.card(printedCardNumber: "9990000000001", registrationCode: "482913"),
            #"{"authentication":"card","printedCardNumber":"9990000000001","registrationCode":"482913","merchantId":777777}"#
        ),
        (
            .guest(username: "sam", password: "secret-1"),
            #"{"authentication":"guest","username":"sam","password":"secret-1","merchantId":777777,"printedCardNumber":"9990000000001"}"#
        ),
        (
            .email(email: "sam@example.com", cardTemplateCode: 0),
            #"{"authentication":"email","email":"sam@example.com","cardTemplateCode":0,"merchantId":777777,"printedCardNumber":"9990000000001"}"#
        ),
        (
            .oauth(accessToken: "tok"),
            #"{"authentication":"oauth","access_token":"tok","merchantId":777777,"printedCardNumber":"9990000000001"}"#
        ),
        (
            .b2b(username: "sandbox-b2b", password: "pw"),
            #"{"authentication":"b2b","username":"sandbox-b2b","password":"pw","merchantId":777777,"printedCardNumber":"9990000000001"}"#
        ),
    ])
    func accountInformationBodyPerStyle(authentication: PaytronixAuthentication, expected: String) async throws {
        let transport = InMemoryTransport { _ in .json(200, Fixture.accountInformation()) }
        _ = try await Fixture.client(transport).accountInformation(
            printedCardNumber: "9990000000001", authentication: authentication)
        #expect(transport.requests.first?.json == (try JSONValue.parse(expected)))
    }

    @Test func registrationBodyMatchesSpecExample() async throws {
        let transport = InMemoryTransport { _ in
            .json(
                200,
                #"{"result":"cardCreatedSuccess","accountId":1001,"printedCardNumber":"9990000000001","generatedRegistrationCode":"482913"}"#
            )
        }
        let registrar = Fixture.registrar(transport)
        let result = try await registrar.registerGuest(Self.janeRequest, deviceToken: Fixture.token)
        #expect(result.printedCardNumber == "9990000000001" && result.accountId == 1001)
        let expected = try JSONValue.parse(
            """
            {"authentication":"anonymous","merchantId":777777,"cardTemplateCode":0,"enforceUniqueFields":["mobilePhone"],
             "setUserFields":{"style":"typed","username":["jane.doe"],"password":["s3cret-pass"],"mobilePhone":["6175550100"]},
             "setAccountFields":{"style":"typed","favoriteStore":[{"code":"123"}],
               "externalAccounts":[{"appIdentifier":"com.example.pushapp","accountCode":"\(Fixture.tokenHex)",
                 "integrationDetail":"os=iOS|osversion=17.5|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0",
                 "integration":"sandbox-ios"}]}}
            """)
        #expect(transport.requests.first?.json == expected)
        #expect(transport.requests.first?.allowsRetry == false)
    }

    @Test func credentialsAreCopiedIntoTheBodyOnlyWhenAsked() async throws {
        let transport = InMemoryTransport { _ in .json(200, #"{"result":"cardCreatedSuccess","printedCardNumber":"1"}"#)
        }
        _ = try await Fixture.client(transport, inBody: true).createAndRegister(Self.janeRequest)
        #expect(transport.requests.first?.json["client_id"] == "sandbox-ios")
        #expect(transport.requests.first?.json["client_secret"] == "sandbox-ios-secret")
        _ = try await Fixture.client(transport).createAndRegister(Self.janeRequest)
        #expect(transport.requests.last?.json["client_id"] == nil)
    }

    @Test func stringStyleSendsEveryScalarAsText() async throws {
        let transport = InMemoryTransport { _ in .json(200, #"{"result":"cardCreatedSuccess","printedCardNumber":"1"}"#)
        }
        var request = Self.janeRequest
        request.style = .string
        request.userFields.optIn = true
        _ = try await Fixture.client(transport).createAndRegister(request)
        let body = transport.requests.first?.json
        #expect(body?["setUserFields"]?["optIn"] == ["true"])
        #expect(body?["setAccountFields"]?["favoriteStore"] == ["123"])
        #expect(body?["setUserFields"]?["style"] == "string")
    }

    @Test func enrollmentConfigReadsMinLengthAsStringOrNumber() async throws {
        let transport = InMemoryTransport { _ in
            .json(
                200,
                #"{"result":"success","config":{"fields":[{"type":"user","field":"username","required":true,"minLength":"3"},{"type":"user","field":"password","required":true,"minLength":6},{"type":"user","field":"email","required":false}]}}"#
            )
        }
        let config = try await Fixture.client(transport).enrollmentConfig(cardTemplateCode: 0)
        #expect(config.fields.map(\.minLength) == [3, 6, nil])
        #expect(config.fields.first == EnrollmentField(type: "user", field: "username", required: true, minLength: 3))
    }

    @Test func passwordGrantBody() async throws {
        let transport = InMemoryTransport { _ in .json(200, Fixture.tokens()) }
        let tokens = try await Fixture.client(transport).requestGuestToken(
            .password(username: "jane.doe", password: "s3cret-pass"))
        #expect(tokens.accessToken == "access-1" && tokens.expiresIn == 1800 && tokens.refreshToken == "refresh-1")
        #expect(
            transport.requests.first?.json == [
                "authentication": "anonymous", "merchantId": 777777, "grant_type": "password", "username": "jane.doe",
                "password": "s3cret-pass", "scope": "account_read account_write user_read user_write",
            ])
    }

    @Test func scopesAreWrittenInFixedOrder() async throws {
        let transport = InMemoryTransport { _ in .json(200, Fixture.tokens()) }
        _ = try await Fixture.client(transport).requestGuestToken(.refreshToken("r"), scope: [.userRead, .accountRead])
        #expect(transport.requests.first?.json["scope"] == "account_read user_read")
        #expect(transport.requests.first?.json["grant_type"] == "refresh_token")
    }

    @Test func b2bLookupDecodesCards() async throws {
        let transport = InMemoryTransport { _ in
            .json(
                200,
                #"{"result":"success","primaryCard":{"maskedCardNumber":"000001","printedCardNumber":"9990000000001","status":"ACTIVE"},"additionalCards":[]}"#
            )
        }
        let b2b = PaytronixB2BClient(client: Fixture.client(transport), username: "sandbox-b2b", password: "pw")
        let cards = try await b2b.cardsForExternalAccount(accountCode: Fixture.tokenHex)
        #expect(cards.primaryCard?.printedCardNumber == "9990000000001")
        #expect(transport.requests.first?.json["authentication"] == "b2b")
        #expect(transport.requests.first?.json["accountCode"] == .string(Fixture.tokenHex))
    }

    static let janeRequest = CreateAndRegisterRequest(
        cardTemplateCode: 0, enforceUniqueFields: ["mobilePhone"],
        userFields: UserFields(username: "jane.doe", password: "s3cret-pass", mobilePhone: "6175550100"),
        accountFields: AccountFields(favoriteStoreCode: "123"))
}
