import CommerceCore
import CommerceTesting
import Foundation
import _CryptoExtras

@testable import RezolveSDK

/// Shared fixtures: a fixed device, unsigned JWTs (the client never verifies signatures), one RSA key pair,
/// and a `Rezolve` wired to an `InMemoryTransport` that answers by path.
enum Fixture {
    static let deviceId = "5E0C1D7A-3B8E-4F4B-9C55-2D3A9F1B7C10"
    static let partnerId = "317"
    static let entityId = "E"
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// One RSA-2048 key pair for the whole suite (generating one is slow), kept as PEM text because the key
    /// type itself is not `Sendable`.
    static let keyPair: (privatePEM: String, publicPEM: String) = {
        do {
            let key = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
            return (key.pemRepresentation, key.publicKey.pemRepresentation)
        } catch { preconditionFailure("RSA key generation failed: \(error)") }
    }()

    static var publicKeyPEM: String { keyPair.publicPEM }

    static func privateKey() throws -> _RSA.Encryption.PrivateKey {
        try _RSA.Encryption.PrivateKey(pemRepresentation: keyPair.privatePEM)
    }

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func jwt(entity: String = entityId, device: String = deviceId, exp: Double = 1_700_001_800) -> String {
        let header = base64URL(#"{"auth":"v2","alg":"HS512","typ":"JWT"}"#)
        let payload = base64URL(
            #"{"rezolve_entity_id":"\#(entity)","partner_entity_id":"u1","exp":\#(exp),"device_id":"\#(device)"}"#)
        return "\(header).\(payload).c2lnbmF0dXJl"
    }

    static func rezolve(_ transport: InMemoryTransport) -> Rezolve {
        let config = RezolveConfig(
            transport: transport, sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider(deviceId),
            store: PersistentStore(inMemory: [:]), clock: { now })
        return Rezolve(
            apiKey: "api-key-36-characters-long-000000000", partnerId: partnerId, subPartnerId: nil,
            environment: RezolveEnv(rawValue: "http://127.0.0.1:8080")!, config: config,
            sspActManagerSettings: nil, coordinatesConverter: .default)
    }

    static var publicKeyResponse: HTTPResponse {
        let body = JSONValue.object(["public_key": .string(publicKeyPEM)]).serializedData()
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A transport whose `publickey` route answers, and every other request goes to `handler`.
    static func transport(
        _ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse = { _ in .json(404, "{}") }
    ) -> InMemoryTransport {
        InMemoryTransport { request in
            if request.url.path.hasSuffix("/publickey") { return publicKeyResponse }
            return try await handler(request)
        }
    }

    /// A session over `transport`, created through the public API.
    static func session(_ transport: InMemoryTransport, renewer: (any RezolveTokenRenewing)? = nil) async throws
        -> RezolveSession
    {
        let rezolve = rezolve(transport)
        rezolve.tokenRenewer = renewer
        return try await rezolve.createSession(accessToken: jwt(), entityId: entityId, partnerId: partnerId)
    }

    static let expired = HTTPResponse.json(
        401,
        #"{"errors":[{"type":"Expired Token","code":"8","message":"Your token has expired, refresh your token and try again."}]}"#
    )
    static let denied = HTTPResponse.json(
        403, #"{"errors":[{"type":"Authentication","code":"1","message":"Access is denied."}]}"#)
}

extension HTTPRequest {
    var bodyText: String { body.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    var pathAndQuery: String { url.path + (url.query.map { "?\($0)" } ?? "") }
}

/// Counts renewals and hands out a fixed token; with `gate`, each renewal waits until the test fires it, so
/// concurrent callers can be made to overlap without a pause.
final class CountingRenewer: RezolveTokenRenewing, Sendable {
    private let calls = Locked(0)
    let token: String
    let gate: TestSignal?

    init(token: String, gate: TestSignal? = nil) {
        self.token = token
        self.gate = gate
    }

    var count: Int { calls.get() }

    func renewAccessToken(for session: RezolveSession) async throws -> String {
        calls.withLock { $0 += 1 }
        try await gate?.wait()
        return token
    }
}
