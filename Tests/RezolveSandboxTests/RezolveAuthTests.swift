import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// JWT verification (spec §5.3) with the §6.1 vectors, 403 masking and registration (§3.5.1).
@Suite struct RezolveAuthTests {
    static let registrationVector =
        "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJyZXpvbHZlX2VudGl0eV9pZCI6IjpOT05FOiIsInBhcnRuZXJfZW50aXR5X2lkIjoiMTIzIiwiZXhwIjoxNTIwODY5NDcwfQ.hZD9NDAACRkpi_5jQDjNXw7pW21NTDIJmRshGCEDJgDTdlLFBv-Bu09LdjY1UdezETFTyvJhqkq0WCr3LFpXWw"
    static let loginVector =
        "eyJhdXRoIjoidjIiLCJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJyZXpvbHZlX2VudGl0eV9pZCI6ImVudGl0eTEyMyIsInBhcnRuZXJfZW50aXR5X2lkIjoiMTIzIiwiZXhwIjoxNTIwODY5NDcwLCJkZXZpY2VfaWQiOiI1RTBDMUQ3QS0zQjhFLTRGNEItOUM1NS0yRDNBOUYxQjdDMTAifQ.ds7GBHn_s5r3vhCb15GZggBb8E_ODAZPlp6di3oAf-v92ZcT8vS4857Yr2wIAwtuA-E9jTGxkgCVCRXx-2jrLg"

    /// The §6.1 fixture: entity `entity123` registered with `partner_entity_id` 123, clock pinned.
    private func vectorRig(at epoch: Double) async throws -> RezolveRig {
        let rig = try RezolveRig()
        let created = try await rig.call(
            .post, "/sandbox/rezolve/customers",
            json: ["entityId": "entity123", "partnerEntityId": "123", "email": "v@example.com"])
        #expect(created.status == 201)
        try await rig.context.clock.set(Date(timeIntervalSince1970: epoch), frozen: true)
        return rig
    }

    private func profile(
        _ rig: RezolveRig, token: String, device: String = RezolveRig.device,
        apiKey: String = RezolveRig.apiKey, path: String = "/api/v1/partner/317/customer/entity123/profile"
    )
        async throws -> RezolveRig.Reply
    {
        try await rig.call(
            .get, path,
            headers: [
                "x-rezolve-partner-apikey": apiKey, "Authorization": "Bearer \(token)",
                "x-rezolve-device-id": device,
            ])
    }

    @Test func theTestsOwnMinterReproducesBothVectors() {
        // Guards the helper the other tests rely on: it signs the §3.2 bytes as the spec fixes them.
        #expect(RezolveRig.registrationToken("123", exp: 1_520_869_470) == Self.registrationVector)
        #expect(RezolveRig.loginToken("entity123", "123", exp: 1_520_869_470) == Self.loginVector)
    }

    @Test func loginVectorPassesOneSecondBeforeExpiry() async throws {
        let rig = try await vectorRig(at: 1_520_869_469)
        let reply = try await profile(rig, token: Self.loginVector)
        #expect(reply.status == 200)
        #expect(reply.json["entity_id"] == "entity123")
    }

    @Test func loginVectorAtExpiryIsCode8() async throws {
        let rig = try await vectorRig(at: 1_520_869_470)
        let reply = try await profile(rig, token: Self.loginVector)
        #expect(reply.status == 401)
        #expect(
            reply.json == [
                "errors": [
                    [
                        "type": "Expired Token", "code": "8",
                        "message": "Your token has expired, refresh your token and try again.",
                    ]
                ]
            ])
    }

    static let denied: JSONValue = [
        "errors": [["type": "Authentication", "code": "1", "message": "Access is denied."]]
    ]

    @Test func otherDeviceIsMasked403() async throws {
        let rig = try await vectorRig(at: 1_520_869_469)
        let reply = try await profile(rig, token: Self.loginVector, device: "another-device")
        #expect(reply.status == 403)
        #expect(reply.json == Self.denied)
    }

    @Test(arguments: [1520869469.0, 1520869470.0, 1520869999.0])
    func changedLastCharacterIs403AtAnyClock(_ epoch: Double) async throws {
        let rig = try await vectorRig(at: epoch)
        // `A` changes the significant bits of the last base64url character (the low two bits are padding).
        let tampered = String(Self.loginVector.dropLast()) + "A"
        let reply = try await profile(rig, token: tampered)
        #expect(reply.status == 403)
        #expect(reply.json == Self.denied)
    }

    /// Each masked cause of §3.4/§5.3 gives the identical 403 body.
    @Test(arguments: [
        "wrong api key", "no token", "not a jwt", "header without auth v2", "wrong key", "no exp",
        "other entity in path", "other partner in path", "other partner_entity_id", "no device id",
    ])
    func maskedCauses(_ cause: String) async throws {
        let rig = try await vectorRig(at: 1_520_869_000)
        var token = Self.loginVector
        var apiKey = RezolveRig.apiKey
        var path = "/api/v1/partner/317/customer/entity123/profile"
        let key = RezolveRig.authKey
        switch cause {
        case "wrong api key": apiKey = "00000000-0000-4000-8000-000000000000"
        case "no token": token = ""
        case "not a jwt": token = "abc.def"
        case "header without auth v2":
            token = RezolveRig.sign(
                header: #"{"alg":"HS512","typ":"JWT"}"#,
                payload:
                    #"{"rezolve_entity_id":"entity123","partner_entity_id":"123","exp":1520869470,"device_id":"\#(RezolveRig.device)"}"#
            )
        case "wrong key": token = RezolveRig.loginToken("entity123", "123", exp: 1_520_869_470, key: "not-the-key")
        case "no exp":
            token = RezolveRig.sign(
                header: #"{"auth":"v2","alg":"HS512","typ":"JWT"}"#,
                payload:
                    #"{"rezolve_entity_id":"entity123","partner_entity_id":"123","device_id":"\#(RezolveRig.device)"}"#,
                key: key)
        case "other entity in path": path = "/api/v1/partner/317/customer/entity999/profile"
        case "other partner in path": path = "/api/v1/partner/318/customer/entity123/profile"
        case "other partner_entity_id": token = RezolveRig.loginToken("entity123", "124", exp: 1_520_869_470)
        default:
            token = RezolveRig.sign(
                header: #"{"auth":"v2","alg":"HS512","typ":"JWT"}"#,
                payload: #"{"rezolve_entity_id":"entity123","partner_entity_id":"123","exp":1520869470}"#, key: key)
        }
        let reply = try await profile(rig, token: token, apiKey: apiKey, path: path)
        #expect(reply.status == 403)
        #expect(reply.json == Self.denied)
    }

    @Test func badSignatureIsCheckedBeforeExpiry() async throws {
        let rig = try await vectorRig(at: 1_520_869_999)
        let wrongKey = RezolveRig.loginToken("entity123", "123", exp: 1_520_869_470, key: "not-the-key")
        #expect(try await profile(rig, token: wrongKey).status == 403)
        #expect(try await profile(rig, token: Self.loginVector).status == 401)
    }

    @Test func fractionalExpiryIsComparedAsANumber() async throws {
        let rig = try await vectorRig(at: 1_520_869_469)
        let token = RezolveRig.sign(
            header: #"{"auth":"v2","alg":"HS512","typ":"JWT"}"#,
            payload:
                #"{"rezolve_entity_id":"entity123","partner_entity_id":"123","exp":1520869469.5,"device_id":"\#(RezolveRig.device)"}"#
        )
        #expect(try await profile(rig, token: token).status == 200)
        try await rig.context.clock.advance(by: 1)
        #expect(try await profile(rig, token: token).status == 401)
    }

    @Test func registrationIsIdempotentAndKeepsTheKey() async throws {
        let rig = try RezolveRig()
        let first = try await rig.register("user-42", email: "user42@example.com")
        #expect(first.status == 201)
        #expect(first.json["partner_id"] == "317")
        let second = try await rig.register("user-42", email: "user42@example.com")
        #expect(second.status == 200)
        #expect(second.json == first.json)
        let entity = try #require(first.json["entity_id"]?.stringValue)
        #expect(UUID(uuidString: entity) != nil)
        let session = try await rig.session("user-42")
        #expect(session.entityId == entity)
        #expect(session.publicKeyPEM.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
        #expect(try await rig.session("user-42").publicKeyPEM == session.publicKeyPEM)
    }

    @Test func registrationTokenIsRefusedOnCustomerRoutesAndLoginTokenOnRegistration() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session()
        // A login token (entity set) cannot register: `rezolve_entity_id` must be `:NONE:`.
        let asRegistration = try await rig.call(
            .post, "/api/v1/authentication/register", json: ["email": "a@example.com"],
            headers: [
                "x-rezolve-partner-apikey": RezolveRig.apiKey,
                "Authorization": "Bearer \(session.token)",
            ])
        #expect(asRegistration.status == 403)
        var registrationSession = session
        registrationSession.token = RezolveRig.registrationToken(session.partnerEntityId, exp: rig.nowSeconds + 600)
        #expect(try await rig.call(registrationSession, .get, session.b1 + "/profile").status == 403)
    }

    @Test func expiredRegistrationTokenIsCode8() async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(
            .post, "/api/v1/authentication/register", json: ["email": "a@example.com"],
            headers: [
                "x-rezolve-partner-apikey": RezolveRig.apiKey,
                "Authorization": "Bearer " + RezolveRig.registrationToken("u1", exp: rig.nowSeconds - 1),
            ])
        #expect(reply.status == 401)
        #expect(RezolveRig.error(reply).0 == "8")
    }

    @Test func credentialsListTheSeededPartner() async throws {
        let rig = try RezolveRig()
        let session = try await rig.session("cred-user")
        let reply = try await rig.call(.get, "/sandbox/credentials")
        let rezolve = try #require(reply.json["rezolve"])
        #expect(rezolve["partner_id"] == "317")
        #expect(rezolve["api_key"] == .string(RezolveRig.apiKey))
        #expect(rezolve["auth_key"] == .string(RezolveRig.authKey))
        #expect(rezolve["ssp"]?["clientId"] == "sbx-ssp-client")
        #expect(rezolve["customers"]?[0]?["entity_id"] == .string(session.entityId))
    }
}
