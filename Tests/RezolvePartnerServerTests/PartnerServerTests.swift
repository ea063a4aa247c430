import CommerceCore
import CommerceTesting
import Foundation
import RezolveSDK
import Testing

@testable import RezolvePartnerServer

@Suite("Partner server: JWTs (§3.2, §6.1) and registration (§3.5.1)")
struct PartnerServerTests {
    static let credentials = RezolvePartnerCredentials(
        partnerId: "317", apiKey: "api-key",
        authKey: "commercekit-sandbox-partner-auth-key-0001")
    static let exp = Date(timeIntervalSince1970: 1_520_869_470)

    @Test func registrationTokenMatchesTheVector() {
        let token = RezolveJWTMinter(credentials: Self.credentials).registrationToken(
            partnerEntityId: "123", expiresAt: Self.exp)
        #expect(
            token
                == "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJyZXpvbHZlX2VudGl0eV9pZCI6IjpOT05FOiIsInBhcnRuZXJfZW50aXR5X2lkIjoiMTIzIiwiZXhwIjoxNTIwODY5NDcwfQ.hZD9NDAACRkpi_5jQDjNXw7pW21NTDIJmRshGCEDJgDTdlLFBv-Bu09LdjY1UdezETFTyvJhqkq0WCr3LFpXWw"
        )
    }

    @Test func loginTokenMatchesTheVector() {
        let token = RezolveJWTMinter(credentials: Self.credentials).loginToken(
            entityId: "entity123", partnerEntityId: "123", deviceId: "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10",
            expiresAt: Self.exp)
        #expect(
            token
                == "eyJhdXRoIjoidjIiLCJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJyZXpvbHZlX2VudGl0eV9pZCI6ImVudGl0eTEyMyIsInBhcnRuZXJfZW50aXR5X2lkIjoiMTIzIiwiZXhwIjoxNTIwODY5NDcwLCJkZXZpY2VfaWQiOiI1RTBDMUQ3QS0zQjhFLTRGNEItOUM1NS0yRDNBOUYxQjdDMTAifQ.ds7GBHn_s5r3vhCb15GZggBb8E_ODAZPlp6di3oAf-v92ZcT8vS4857Yr2wIAwtuA-E9jTGxkgCVCRXx-2jrLg"
        )
    }

    @Test func aDifferentKeyGivesADifferentSignatureOnly() {
        let other = RezolvePartnerCredentials(partnerId: "317", apiKey: "api-key", authKey: "another-key")
        let a = RezolveJWTMinter(credentials: Self.credentials).registrationToken(
            partnerEntityId: "123", expiresAt: Self.exp)
        let b = RezolveJWTMinter(credentials: other).registrationToken(partnerEntityId: "123", expiresAt: Self.exp)
        #expect(a.split(separator: ".").prefix(2) == b.split(separator: ".").prefix(2))
        #expect(a != b)
    }

    @Test func logoutTokenHasExpiredAndLogsASessionOut() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let minter = RezolveJWTMinter(credentials: Self.credentials)
        let device = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"
        let transport = InMemoryTransport { request in
            request.url.path.hasSuffix("/publickey")
                ? .json(200, #"{"public_key":"-----BEGIN PUBLIC KEY-----\nx\n-----END PUBLIC KEY-----\n"}"#)
                : .json(200, "[]")
        }
        let config = RezolveConfig(
            transport: transport, sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider(device),
            store: PersistentStore(inMemory: [:]), clock: { now })
        let rezolve = Rezolve(
            apiKey: "api-key", partnerId: "317", subPartnerId: nil,
            environment: try #require(RezolveEnv(rawValue: "http://127.0.0.1:9")), config: config,
            sspActManagerSettings: nil, coordinatesConverter: .default)
        let login = minter.loginToken(
            entityId: "E", partnerEntityId: "u1", deviceId: device, expiresAt: now.addingTimeInterval(1800))
        let session = try await rezolve.createSession(accessToken: login, entityId: "E", partnerId: "317")
        session.updateAccessToken(minter.logoutToken(entityId: "E", partnerEntityId: "u1", deviceId: device, now: now))
        #expect(session.isLoggedOut)
        await #expect(throws: RezolveError.loggedOut) { try await session.phonebookManager.getAll() }
    }

    @Test(arguments: [(201, true), (200, false)])
    func registrationSendsTheJWTAndReadsTheEntity(status: Int, isNew: Bool) async throws {
        let transport = InMemoryTransport { _ in .json(status, #"{"entity_id":"ent-1","partner_id":"317"}"#) }
        let client = RezolveRegistrationClient(
            environment: try #require(RezolveEnv(rawValue: "http://127.0.0.1:9")),
            credentials: Self.credentials, transport: transport,
            now: { Date(timeIntervalSince1970: 1_520_867_670) })
        let registration = try await client.register(partnerEntityId: "123", email: "user42@example.com")
        #expect(registration == RezolveRegistration(entityId: "ent-1", partnerId: "317", isNew: isNew))
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "http://127.0.0.1:9/api/v1/authentication/register")
        #expect(request.headers["x-rezolve-partner-apikey"] == "api-key")
        #expect(request.headers["x-rezolve-device-id"] == nil)
        let expected = RezolveJWTMinter(credentials: Self.credentials).registrationToken(
            partnerEntityId: "123", expiresAt: Self.exp)
        #expect(request.headers["Authorization"] == "Bearer \(expected)")
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"email":"user42@example.com"}"#)
    }

    @Test func registrationErrorsAreTyped() async throws {
        let transport = InMemoryTransport { _ in
            .json(400, #"{"errors":[{"type":"Registration","code":"2","message":"Registration failed."}]}"#)
        }
        let client = RezolveRegistrationClient(
            environment: .sandbox, credentials: Self.credentials, transport: transport)
        await #expect(
            throws: RezolveError.registration(
                RezolveAPIError(type: "Registration", code: "2", message: "Registration failed."))
        ) {
            try await client.register(partnerEntityId: "123", email: "bad")
        }
    }
}
