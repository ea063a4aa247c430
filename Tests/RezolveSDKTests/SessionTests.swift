import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

@Suite("Session creation and the local checks of §2.2 / §4.3")
struct SessionTests {
    @Test func createSessionLoadsTheCustomersPublicKeyWithTheCommonHeaders() async throws {
        let transport = Fixture.transport()
        let session = try await Fixture.session(transport)
        #expect(session.publicKey == Fixture.publicKeyPEM)
        #expect(session.entityId == "E")
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/v1/partner/317/customer/E/publickey")
        #expect(request.headers["Authorization"] == "Bearer \(Fixture.jwt())")
        #expect(request.headers["x-rezolve-device-id"] == Fixture.deviceId)
        #expect(request.headers["x-rezolve-partner-apikey"] == "api-key-36-characters-long-000000000")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Accept"] == "application/json")
    }

    static let badSessions: [(token: String, partner: String, field: String)] = [
        ("not-a-jwt", "317", "accessToken"),
        ("a.b", "317", "accessToken"),
        ("a.b.c.d", "317", "accessToken"),
        ("e30.e30.", "317", "accessToken"),
        (Fixture.jwt(entity: "someone-else"), "317", "accessToken"),
        (Fixture.jwt(device: "ANOTHER-DEVICE"), "317", "accessToken"),
        (Fixture.jwt(), "318", "partnerId"),
    ]

    @Test(arguments: badSessions)
    func badTokensFailLocallyWithoutARequest(token: String, partner: String, field: String) async {
        let transport = Fixture.transport()
        let rezolve = Fixture.rezolve(transport)
        do {
            _ = try await rezolve.createSession(accessToken: token, entityId: "E", partnerId: partner)
            Issue.record("createSession accepted \(token)")
        } catch {
            guard case .invalidInput(let reported, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reported == field)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func theCallbackFormReportsTheErrorOnTheMainActor() async {
        let rezolve = Fixture.rezolve(Fixture.transport())
        let outcome: (Bool, RezolveError?) = await withCheckedContinuation { continuation in
            rezolve.createSession(accessToken: "x", username: "", entityId: "E", partnerId: "317") { session, error in
                MainActor.assertIsolated()
                continuation.resume(returning: (session == nil, error))
            }
        }
        #expect(outcome.0)
        #expect(outcome.1 == .invalidInput(field: "accessToken", reason: "must be a JWT of three base64url parts"))
    }

    @Test func theLegacyFormGivesAnHttpResponseWithTheStatus() async {
        let transport = InMemoryTransport { _ in Fixture.denied }
        let rezolve = Fixture.rezolve(transport)
        let status: Int = await withCheckedContinuation { continuation in
            rezolve.createSession(
                accessToken: Fixture.jwt(), entityId: "E", partnerId: "317",
                callback: { _ in continuation.resume(returning: 0) },
                errorCallback: { response in continuation.resume(returning: response.statusCode) })
        }
        #expect(status == 403)
    }

    @Test func anExpiredTokenLogsOutAndLaterCallsSendNothing() async throws {
        let transport = Fixture.transport { _ in .json(200, "[]") }
        let session = try await Fixture.session(transport)
        session.updateAccessToken(Fixture.jwt(exp: Fixture.now.timeIntervalSince1970 - 60))
        #expect(session.isLoggedOut)
        let before = transport.requests.count
        await #expect(throws: RezolveError.loggedOut) { try await session.addressbookManager.getAll() }
        await #expect(throws: RezolveError.loggedOut) { try await session.walletManager.getAll() }
        #expect(transport.requests.count == before)

        session.updateAccessToken(Fixture.jwt(exp: Fixture.now.timeIntervalSince1970 + 600))
        #expect(!session.isLoggedOut)
        #expect(try await session.addressbookManager.getAll().isEmpty)
        #expect(transport.requests.count == before + 1)
    }

    @Test func environmentsAcceptRezolveHostsAndAnyHTTPBase() {
        #expect(RezolveEnv.sandbox.rawValue == "https://core.sbx.eu.rezolve.com")
        #expect(RezolveEnv.production.rawValue == "https://core.eu.rezolve.com")
        #expect(RezolveEnv(rawValue: "core.sbx.eu.rezolve.com") == .sandbox)
        #expect(RezolveEnv(rawValue: "https://core.eu.rezolve.com/api") == .production)
        #expect(RezolveEnv(rawValue: "http://127.0.0.1:8080/")?.rawValue == "http://127.0.0.1:8080")
        #expect(RezolveEnv(rawValue: "ftp://example.com") == nil)
        #expect(RezolveEnv(rawValue: "not a url") == nil)
    }

    @Test func theDefaultDeviceIdIsCreatedOnceAndKept() {
        let store = PersistentStore(inMemory: [:])
        let first = StoredDeviceIdProvider(store: store).deviceId
        #expect(UUID(uuidString: first) != nil)
        #expect(StoredDeviceIdProvider(store: store).deviceId == first)
        #expect(store.string(forKey: "rezolve/device_id") == first)
    }
}
