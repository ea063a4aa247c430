import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import PaytronixPush

@Suite("PushRegistrar flows (spec §3.5)")
struct PushRegistrarTests {
    static let registered =
        #"[{"appIdentifier":"com.example.pushapp","accountCode":"\#(Fixture.tokenHex.uppercased())","integrationDetail":"os=iOS|osversion=16.0|device=iPhone|merchantId=777777|integrator=x|version=12.0","integration":"sandbox-ios"}]"#

    @Test func loginFlowAddsAMissingDevice() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { request in
            switch request.endpoint {
            case "oauth/requestGuestToken.json": return .json(200, Fixture.tokens())
            case "guest/accountInformation.json": return .json(200, Fixture.accountInformation())
            default: return .json(200, #"{"result":"success"}"#)
            }
        }
        let outcome = try await Fixture.registrar(transport, store: store).loginAndRegisterDevice(
            username: "sam", password: "secret-1",
            deviceToken: Fixture.token)
        #expect(outcome == .added)
        #expect(
            transport.requests.map(\.endpoint) == [
                "oauth/requestGuestToken.json", "guest/accountInformation.json",
                "enrollment/editExternalAccounts.json",
            ])
        let edit = try #require(transport.requests.last?.json)
        #expect(
            edit
                == (try JSONValue.parse(
                    """
                    {"authentication":"oauth","merchantId":777777,"access_token":"access-1","printedCardNumber":"9990000000001",
                     "operation":"add","externalAccounts":[{"appIdentifier":"com.example.pushapp","accountCode":"\(Fixture.tokenHex)",
                     "integrationDetail":"os=iOS|osversion=17.5|device=iPhone|merchantId=777777|integrator=examplecompany|version=12.0",
                     "integration":"sandbox-ios"}]}
                    """)))
        let record = try JSONValue.parse(try #require(store.data(forKey: "paytronix.push.777777.com.example.pushapp")))
        #expect(record["accountCode"] == .string(Fixture.tokenHex) && record["printedCardNumber"] == "9990000000001")
    }

    @Test func knownDeviceIsNotSentAgain() async throws {
        let transport = InMemoryTransport { request in
            request.endpoint == "oauth/requestGuestToken.json"
                ? .json(200, Fixture.tokens())
                : .json(200, Fixture.accountInformation(externalAccounts: Self.registered))
        }
        let outcome = try await Fixture.registrar(transport).loginAndRegisterDevice(
            username: "sam", password: "secret-1", deviceToken: Fixture.token)
        #expect(outcome == .alreadyRegistered)
        #expect(!transport.requests.contains { $0.endpoint == "enrollment/editExternalAccounts.json" })
    }

    @Test func editFailureIsThrownUnchanged() async throws {
        let transport = InMemoryTransport { request in
            switch request.endpoint {
            case "oauth/requestGuestToken.json": return .json(200, Fixture.tokens())
            case "guest/accountInformation.json": return .json(200, Fixture.accountInformation())
            default:
                return .json(
                    409,
                    #"{"result":"failure","errorCode":"enrollment.account_not_active","errorMessage":"Account is not active"}"#
                )
            }
        }
        await #expect(
            throws: PaytronixError.failure(
                code: "enrollment.account_not_active", message: "Account is not active",
                fieldErrors: [:], httpStatus: 409)
        ) {
            try await Fixture.registrar(transport).loginAndRegisterDevice(
                username: "sam", password: "secret-1", deviceToken: Fixture.token)
        }
    }

    @Test func tokenChangeWithoutLoginDoesNothing() async throws {
        let transport = InMemoryTransport()
        #expect(try await Fixture.registrar(transport).deviceTokenDidChange(Fixture.token) == nil)
        #expect(transport.requests.isEmpty)
    }

    @Test func ensureWithoutLoginThrowsNotLoggedIn() async {
        await #expect(throws: PaytronixError.notLoggedIn) {
            try await Fixture.registrar(InMemoryTransport()).ensureDeviceRegistered(deviceToken: Fixture.token)
        }
    }

    @Test func registrationAdoptsTheReturnedTokens() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { _ in
            .json(
                200,
                #"{"result":"cardCreatedSuccess","accountId":1001,"printedCardNumber":"9990000000001","generatedRegistrationCode":"482913","oauthTokens":{"access_token":"a","token_type":"bearer","expires_in":1800,"refresh_token":"r","scope":"account_read","username":"jane.doe","printedCardNumber":"9990000000001"}}"#
            )
        }
        let registrar = Fixture.registrar(transport, store: store)
        let result = try await registrar.registerGuest(RequestTests.janeRequest, deviceToken: nil)
        #expect(result.oauthTokens?.accessToken == "a")
        #expect(await registrar.session.isLoggedIn)
        #expect(await registrar.session.printedCardNumber == "9990000000001")
        #expect(transport.requests.first?.json["setAccountFields"]?["externalAccounts"] == nil)
        #expect(store.data(forKey: "paytronix.push.777777.com.example.pushapp") == nil)
    }

    @Test func callbackFormsDeliverTheAsyncResult() async throws {
        let transport = InMemoryTransport { request in
            request.endpoint == "oauth/requestGuestToken.json"
                ? .json(200, Fixture.tokens())
                : .json(200, Fixture.accountInformation(externalAccounts: Self.registered))
        }
        let registrar = Fixture.registrar(transport)
        let result = await withCheckedContinuation { continuation in
            registrar.loginAndRegisterDevice(username: "sam", password: "secret-1", deviceToken: Fixture.token) {
                continuation.resume(returning: $0)
            }
        }
        #expect(try result.get() == .alreadyRegistered)
        let failure = await withCheckedContinuation { continuation in
            registrar.ensureDeviceRegistered(deviceToken: Data()) { continuation.resume(returning: $0) }
        }
        #expect(throws: PaytronixError.invalidDeviceToken) { try failure.get() }
    }

    // MARK: the paytronix.push.<merchantId>.<appIdentifier> record (§3.6)

    static let confirmedAt = Date(timeIntervalSince1970: 1_800_000_000)

    func pushRecord(_ store: PersistentStore) throws -> JSONValue? {
        try store.data(forKey: "paytronix.push.777777.com.example.pushapp").map { try JSONValue.parse($0) }
    }

    @Test func registrationWithATokenRecordsTheConfirmedDevice() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { _ in
            .json(
                200,
                #"{"result":"cardCreatedSuccess","accountId":1001,"printedCardNumber":"9990000000007","generatedRegistrationCode":"482913","oauthTokens":{"access_token":"a","token_type":"bearer","expires_in":1800,"refresh_token":"r","scope":"account_read","username":"jane.doe"}}"#
            )
        }
        _ = try await Fixture.registrar(transport, store: store, now: { Self.confirmedAt })
            .registerGuest(RequestTests.janeRequest, deviceToken: Fixture.token)
        #expect(
            try pushRecord(store) == [
                "accountCode": .string(Fixture.tokenHex), "printedCardNumber": "9990000000007",
                "confirmedAt": "2027-01-15T08:00:00Z",
            ])
        // Only the record of this merchant and app was written, beside the session.
        #expect(store.keys.sorted() == ["paytronix.push.777777.com.example.pushapp", "paytronix.session.777777"])
    }

    @Test func failedRegistrationRecordsNothing() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { _ in
            .json(
                400,
                #"{"result":"failure","errorCode":"enrollment.not_unique","errorMessage":"username is already in use"}"#
            )
        }
        await #expect(throws: PaytronixError.self) {
            try await Fixture.registrar(transport, store: store, now: { Self.confirmedAt })
                .registerGuest(RequestTests.janeRequest, deviceToken: Fixture.token)
        }
        #expect(store.keys.isEmpty)
    }

    @Test func alreadyRegisteredRefreshesTheRecord() async throws {
        let store = PersistentStore()
        PushRecord.save(
            accountCode: "ffff0000ffff0000", printedCardNumber: "9990000000099", at: Date(timeIntervalSince1970: 0),
            merchantId: 777777, appIdentifier: "com.example.pushapp", to: store)
        let transport = InMemoryTransport { request in
            request.endpoint == "oauth/requestGuestToken.json"
                ? .json(200, Fixture.tokens())
                : .json(200, Fixture.accountInformation(externalAccounts: Self.registered))
        }
        let outcome = try await Fixture.registrar(transport, store: store, now: { Self.confirmedAt })
            .loginAndRegisterDevice(username: "sam", password: "secret-1", deviceToken: Fixture.token)
        #expect(outcome == .alreadyRegistered)
        // The server listed the token in upper case; the record keeps the client's own lowercase form.
        #expect(
            try pushRecord(store) == [
                "accountCode": .string(Fixture.tokenHex), "printedCardNumber": "9990000000001",
                "confirmedAt": "2027-01-15T08:00:00Z",
            ])
    }

    @Test func invalidStatusStopsTheLoginFlow() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { request in
            request.endpoint == "oauth/requestGuestToken.json"
                ? .json(200, Fixture.tokens())
                : .json(200, #"{"result":"invalid_status","accountStatus":"DISABLED"}"#)
        }
        let registrar = Fixture.registrar(transport, store: store, now: { Self.confirmedAt })
        try await registrar.session.login(username: "sam", password: "secret-1")
        await #expect(throws: PaytronixError.invalidStatus(accountStatus: "DISABLED")) {
            try await registrar.ensureDeviceRegistered(deviceToken: Fixture.token)
        }
        #expect(
            transport.requests.map(\.endpoint) == ["oauth/requestGuestToken.json", "guest/accountInformation.json"])
        #expect(try pushRecord(store) == nil)
        // The session survives: the account's state is not a token problem.
        #expect(await registrar.session.isLoggedIn)
    }
}
