import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import PaytronixPush

@Suite("GuestSession token handling (spec §3.6, §3.7)")
struct GuestSessionTests {
    let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))

    func session(_ transport: InMemoryTransport, store: PersistentStore = PersistentStore()) -> GuestSession {
        let clock = self.clock
        return GuestSession(client: Fixture.client(transport), store: store, now: { clock.now })
    }

    @Test func loginPersistsTheSessionWithoutThePassword() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { _ in .json(200, Fixture.tokens()) }
        try await session(transport, store: store).login(username: "sam", password: "secret-1")
        let data = try #require(store.data(forKey: "paytronix.session.777777"))
        let record = try JSONValue.parse(data)
        #expect(
            record["accessToken"] == "access-1" && record["refreshToken"] == "refresh-1" && record["username"] == "sam")
        #expect(record["expiresAt"]?.stringValue.flatMap(ISO8601.parse) == clock.now.addingTimeInterval(1800))
        #expect(!String(decoding: data, as: UTF8.self).contains("secret-1"))
        // An app restart restores it.
        let restored = session(transport, store: store)
        #expect(await restored.isLoggedIn)
        #expect(try await restored.accessToken() == "access-1")
    }

    @Test func proactiveRefreshWhenLessThanAMinuteRemains() async throws {
        let transport = InMemoryTransport { request in
            .json(200, request.json["grant_type"] == "password" ? Fixture.tokens() : Fixture.tokens(access: "access-2"))
        }
        let session = session(transport)
        try await session.login(username: "sam", password: "secret-1")
        clock.advance(1739)
        #expect(try await session.accessToken() == "access-1")
        clock.advance(2)  // 59 s left
        #expect(try await session.accessToken() == "access-2")
        let refresh = transport.requests.last?.json
        #expect(
            refresh == [
                "authentication": "anonymous", "merchantId": 777777, "grant_type": "refresh_token",
                "refresh_token": "refresh-1", "scope": "account_read account_write user_read user_write",
            ])
    }

    @Test func refreshLeavesOutABlankStoredScope() async throws {
        // A token reply without "scope" is stored as ""; sending that back would ask for no scopes at all.
        let noScope = Fixture.tokens().replacingOccurrences(
            of: #","scope":"account_read account_write user_read user_write""#, with: "")
        let transport = InMemoryTransport { _ in .json(200, noScope) }
        let session = session(transport)
        try await session.login(username: "sam", password: "secret-1")
        try await session.refresh()
        #expect(
            transport.requests.last?.json == [
                "authentication": "anonymous", "merchantId": 777777, "grant_type": "refresh_token",
                "refresh_token": "refresh-1",
            ])
        _ = try await Fixture.client(transport).requestGuestToken(
            .password(username: "sam", password: "secret-1"), scope: [])
        #expect(transport.requests.last?.json["scope"] == nil)
    }

    @Test func reactiveRefreshRetriesOnceOnInvalidToken() async throws {
        let transport = InMemoryTransport { request in
            switch request.endpoint {
            case "oauth/requestGuestToken.json":
                return .json(
                    200,
                    request.json["grant_type"] == "password" ? Fixture.tokens() : Fixture.tokens(access: "access-2"))
            default:
                return request.json["access_token"] == "access-2"
                    ? .json(200, Fixture.accountInformation())
                    : .json(401, #"{"result":"failure","errorCode":"oauth.invalid_token","errorMessage":"expired"}"#)
            }
        }
        let session = session(transport)
        try await session.login(username: "sam", password: "secret-1")
        let client = Fixture.client(transport)
        let info = try await session.withOAuth { (auth) async throws(PaytronixError) in
            try await client.accountInformation(printedCardNumber: nil, authentication: auth)
        }
        #expect(info.accountStatus == "ACTIVE")
        #expect(
            transport.requests.map(\.endpoint) == [
                "oauth/requestGuestToken.json", "guest/accountInformation.json",
                "oauth/requestGuestToken.json", "guest/accountInformation.json",
            ])
    }

    @Test func aSecondInvalidTokenIsNotRetriedAgain() async throws {
        let transport = InMemoryTransport { request in
            request.endpoint == "oauth/requestGuestToken.json"
                ? .json(200, Fixture.tokens())
                : .json(401, #"{"result":"failure","errorCode":"oauth.invalid_token","errorMessage":"expired"}"#)
        }
        let session = session(transport)
        try await session.login(username: "sam", password: "secret-1")
        let client = Fixture.client(transport)
        await #expect(throws: PaytronixError.self) {
            try await session.withOAuth { (auth) async throws(PaytronixError) in
                try await client.accountInformation(printedCardNumber: nil, authentication: auth)
            }
        }
        #expect(transport.requests.filter { $0.endpoint == "guest/accountInformation.json" }.count == 2)
    }

    @Test func rejectedRefreshExpiresTheSession() async throws {
        let store = PersistentStore()
        let transport = InMemoryTransport { request in
            request.json["grant_type"] == "password"
                ? .json(200, Fixture.tokens())
                : .json(
                    400,
                    #"{"result":"failure","errorCode":"oauth.invalid_grant","errorMessage":"The refresh token is invalid or has expired"}"#
                )
        }
        let session = session(transport, store: store)
        try await session.login(username: "sam", password: "secret-1")
        await #expect(throws: PaytronixError.sessionExpired) { try await session.refresh() }
        #expect(store.data(forKey: "paytronix.session.777777") == nil)
        #expect(await session.isLoggedIn == false)
        await #expect(throws: PaytronixError.notLoggedIn) { try await session.accessToken() }
    }

    @Test func concurrentCallersShareOneRefresh() async throws {
        let gate = Gate()
        let transport = InMemoryTransport { request in
            if request.json["grant_type"] == "refresh_token" { await gate.wait() }
            return .json(
                200, request.json["grant_type"] == "password" ? Fixture.tokens() : Fixture.tokens(access: "access-2"))
        }
        let session = session(transport)
        let joined = TestSignal()
        await session.observeRefreshWaits { joined.fire() }
        try await session.login(username: "sam", password: "secret-1")
        clock.advance(1790)
        async let first = session.accessToken()
        async let second = session.accessToken()
        async let third = session.accessToken()
        // All three wait on the refresh before it may answer.
        try await joined.wait(for: 3)
        await gate.open()
        let tokens = try await [first, second, third]
        #expect(tokens == ["access-2", "access-2", "access-2"])
        #expect(transport.requests.filter { $0.json["grant_type"] == "refresh_token" }.count == 1)
    }

    @Test(arguments: [-1, 31_536_001, Int(Int64.max)])
    func outOfRangeLifetimeIsAnInvalidResponse(expiresIn: Int) async throws {
        let body = Fixture.tokens().replacingOccurrences(
            of: #""expires_in":1800"#, with: #""expires_in":\#(expiresIn)"#)
        let store = PersistentStore()
        let session = session(InMemoryTransport { _ in .json(200, body) }, store: store)
        await #expect {
            try await session.login(username: "sam", password: "secret-1")
        } throws: { error in
            if case .invalidResponse(200, _)? = error as? PaytronixError { return true }
            return false
        }
        #expect(await session.isLoggedIn == false)
        #expect(store.data(forKey: "paytronix.session.777777") == nil)
    }

    @Test func registrationWithUnusableTokensIsAnInvalidResponse() async throws {
        let body =
            #"{"result":"cardCreatedSuccess","printedCardNumber":"9990000000001","oauthTokens":"#
            + Fixture.tokens()
            .replacingOccurrences(of: #""expires_in":1800"#, with: #""expires_in":99999999999"#) + "}"
        let client = Fixture.client(InMemoryTransport { _ in .json(200, body) })
        let request = CreateAndRegisterRequest(
            cardTemplateCode: 0, userFields: UserFields(username: "sam", password: "secret-1"))
        await #expect {
            _ = try await client.createAndRegister(request)
        } throws: { error in
            if case .invalidResponse? = error as? PaytronixError { return true }
            return false
        }
    }

    @Test func logoutForgetsTokensAndDeviceRecord() async throws {
        let store = PersistentStore(inMemory: ["paytronix.push.777777.com.example.pushapp": .data(Data("{}".utf8))])
        let transport = InMemoryTransport { _ in .json(200, Fixture.tokens()) }
        let session = session(transport, store: store)
        try await session.login(username: "sam", password: "secret-1")
        await session.logout()
        #expect(store.keys.isEmpty)
    }
}

/// Holds refresh responses back until the test has started every caller.
actor Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}
