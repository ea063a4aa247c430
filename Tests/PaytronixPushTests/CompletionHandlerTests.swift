import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import PaytronixPush

/// The completion-handler forms deliver exactly what the async forms return or throw (docs: "Callback forms").
@Suite("PaytronixPush completion-handler forms")
struct CompletionHandlerTests {
    static let created =
        #"{"result":"cardCreatedSuccess","accountId":1001,"printedCardNumber":"9990000000001","generatedRegistrationCode":"482913","oauthTokens":{"access_token":"a","token_type":"bearer","expires_in":1800,"refresh_token":"r","scope":"account_read account_write user_read user_write","username":"jane.doe","printedCardNumber":"9990000000001"}}"#
    static let notUnique =
        #"{"result":"failure","errorCode":"enrollment.not_unique","errorMessage":"username is already in use","errorsByField":{"setUserFields.username":["username is already in use"]}}"#
    static let notUniqueError = PaytronixError.failure(
        code: "enrollment.not_unique", message: "username is already in use",
        fieldErrors: ["setUserFields.username": ["username is already in use"]], httpStatus: 400)
    static let badLogin =
        #"{"result":"failure","errorCode":"oauth.invalid_grant","errorMessage":"Username or password is not valid"}"#
    static let badLoginError = PaytronixError.failure(
        code: "oauth.invalid_grant", message: "Username or password is not valid",
        fieldErrors: [:], httpStatus: 400)

    /// A sandbox stand-in: jane.doe/s3cret-pass logs in; the second createAndRegister finds the name taken.
    static func transport() -> InMemoryTransport {
        let registrations = Counter()
        return InMemoryTransport { request in
            switch request.endpoint {
            case "oauth/requestGuestToken.json":
                return request.json["password"] == "s3cret-pass" || request.json["grant_type"] == "refresh_token"
                    ? .json(200, Fixture.tokens()) : .json(400, badLogin)
            case "enrollment/createAndRegister.json":
                let count = registrations.next()
                return count == 1 ? .json(200, created) : .json(400, notUnique)
            case "guest/accountInformation.json":
                return request.json["access_token"] == "stale"
                    ? .json(
                        401,
                        #"{"result":"failure","errorCode":"oauth.invalid_token","errorMessage":"The access token is invalid or has expired"}"#
                    )
                    : .json(200, Fixture.accountInformation())
            case "enrollment/editExternalAccounts.json":
                return request.json["externalAccounts"]?[0]?["accountCode"] == "zz01"
                    ? .json(
                        400,
                        #"{"result":"failure","errorCode":"enrollment.field_validation","errorMessage":"bad","errorsByField":{"externalAccounts[0].accountCode":["bad"]}}"#
                    )
                    : .json(200, #"{"result":"success"}"#)
            default:
                return .json(
                    404, #"{"result":"failure","errorCode":"request.unknown_endpoint","errorMessage":"Unknown"}"#)
            }
        }
    }

    /// Waits for a completion handler's single call.
    static func result<T: Sendable>(_ start: (@escaping @Sendable (Result<T, PaytronixError>) -> Void) -> Void) async
        -> Result<T, PaytronixError>
    {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    }

    @Test func registerGuestCallback() async throws {
        let transport = Self.transport()
        let registrar = Fixture.registrar(transport)
        let created = await Self.result {
            registrar.registerGuest(RequestTests.janeRequest, deviceToken: Fixture.token, completion: $0)
        }
        #expect(try created.get().printedCardNumber == "9990000000001")
        #expect(try created.get().oauthTokens?.accessToken == "a")
        #expect(await registrar.session.isLoggedIn)
        #expect(
            transport.requests.first?.json["setAccountFields"]?["externalAccounts"]?[0]?["accountCode"]
                == .string(Fixture.tokenHex))
        let again = await Self.result {
            registrar.registerGuest(RequestTests.janeRequest, deviceToken: nil, completion: $0)
        }
        #expect(throws: Self.notUniqueError) { try again.get() }
    }

    @Test func deviceTokenDidChangeCallback() async throws {
        let transport = Self.transport()
        let registrar = Fixture.registrar(transport)
        // Nobody logged in: nil, and nothing sent.
        let idle = await Self.result { registrar.deviceTokenDidChange(Fixture.token, completion: $0) }
        #expect(try idle.get() == nil)
        #expect(transport.requests.isEmpty)
        try await registrar.session.login(username: "jane.doe", password: "s3cret-pass")
        let added = await Self.result { registrar.deviceTokenDidChange(Fixture.token, completion: $0) }
        #expect(try added.get() == .added)
        #expect(
            transport.requests.map(\.endpoint).suffix(2) == [
                "guest/accountInformation.json", "enrollment/editExternalAccounts.json",
            ])
        let invalid = await Self.result { registrar.deviceTokenDidChange(Data(), completion: $0) }
        #expect(throws: PaytronixError.invalidDeviceToken) { try invalid.get() }
    }

    @Test func guestSessionLoginCallback() async throws {
        let store = PersistentStore()
        let session = GuestSession(client: Fixture.client(Self.transport()), store: store)
        let wrong = await Self.result { session.login(username: "jane.doe", password: "nope", completion: $0) }
        #expect(throws: Self.badLoginError) { try wrong.get() }
        #expect(await !session.isLoggedIn)
        let right = await Self.result { session.login(username: "jane.doe", password: "s3cret-pass", completion: $0) }
        #expect(throws: Never.self) { try right.get() }
        #expect(await session.isLoggedIn)
        #expect(try await session.accessToken() == "access-1")
        #expect(store.data(forKey: "paytronix.session.777777") != nil)
    }

    @Test func clientCallbacks() async throws {
        let transport = Self.transport()
        let client = Fixture.client(transport)

        let tokens = await Self.result {
            client.requestGuestToken(.password(username: "jane.doe", password: "s3cret-pass"), completion: $0)
        }
        #expect(try tokens.get().accessToken == "access-1")
        #expect(transport.requests.last?.json["scope"] == "account_read account_write user_read user_write")
        let readOnly = await Self.result {
            client.requestGuestToken(.refreshToken("refresh-1"), scope: [.accountRead], completion: $0)
        }
        #expect(try readOnly.get().refreshToken == "refresh-1")
        #expect(transport.requests.last?.json["scope"] == "account_read")
        let refused = await Self.result {
            client.requestGuestToken(.password(username: "jane.doe", password: "x"), completion: $0)
        }
        #expect(throws: Self.badLoginError) { try refused.get() }

        let created = await Self.result { client.createAndRegister(RequestTests.janeRequest, completion: $0) }
        #expect(try created.get().result == "cardCreatedSuccess")
        let duplicate = await Self.result { client.createAndRegister(RequestTests.janeRequest, completion: $0) }
        #expect(throws: Self.notUniqueError) { try duplicate.get() }

        let information = await Self.result {
            client.accountInformation(
                printedCardNumber: "9990000000001", authentication: .oauth(accessToken: "access-1"), completion: $0)
        }
        #expect(try information.get().primaryCard?.printedCardNumber == "9990000000001")
        #expect(transport.requests.last?.json["printedCardNumber"] == "9990000000001")
        let stale = await Self.result {
            client.accountInformation(
                printedCardNumber: nil, authentication: .oauth(accessToken: "stale"), completion: $0)
        }
        #expect(throws: PaytronixError.self) { try stale.get() }
        if case .failure(let error) = stale { #expect(error.isInvalidToken) }

        let device = try ExternalAccount.apnsDevice(
            deviceToken: Fixture.token, integration: "sandbox-ios", integrationDetail: Fixture.detail,
            appIdentifier: "com.example.pushapp")
        let edited = await Self.result {
            client.editExternalAccounts(
                .add, [device], printedCardNumber: nil, authentication: .oauth(accessToken: "access-1"), completion: $0)
        }
        #expect(throws: Never.self) { try edited.get() }
        #expect(transport.requests.last?.json["operation"] == "add")
        var bad = device
        bad.accountCode = "zz01"
        let rejected = await Self.result {
            client.editExternalAccounts(
                .add, [bad], printedCardNumber: nil, authentication: .oauth(accessToken: "access-1"), completion: $0)
        }
        #expect(
            throws: PaytronixError.failure(
                code: "enrollment.field_validation", message: "bad",
                fieldErrors: ["externalAccounts[0].accountCode": ["bad"]], httpStatus: 400)
        ) { try rejected.get() }
    }
}

/// Counts calls from the transport's handler, which may run on any thread.
private final class Counter: Sendable {
    private let count = Locked(0)
    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
