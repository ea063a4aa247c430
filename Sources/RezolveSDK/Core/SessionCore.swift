import CommerceCore
import Foundation

/// What every manager of one session shares: the client, the token state, the customer's path prefix and key.
///
/// Managers hold this object rather than the session, so that a session is freed when the app lets go of it;
/// the session is reached weakly only to hand it to the token renewer.
final class SessionCore: Sendable {
    let client: CoreClient
    let auth: SessionAuth
    let partnerId: String
    let entityId: String
    let clock: @Sendable () -> Date
    private let renewerSource: @Sendable () -> (any RezolveTokenRenewing)?
    private let owner = Locked<WeakSession>(WeakSession())
    private let publicKey = Locked<String?>(nil)

    init(
        client: CoreClient, token: String, partnerId: String, entityId: String,
        clock: @escaping @Sendable () -> Date, renewer: @escaping @Sendable () -> (any RezolveTokenRenewing)?
    ) {
        self.client = client
        self.auth = SessionAuth(token: token)
        self.partnerId = partnerId
        self.entityId = entityId
        self.clock = clock
        self.renewerSource = renewer
    }

    func attach(_ session: RezolveSession) { owner.set(WeakSession(session)) }

    /// `/api/v<version>/partner/{pid}/customer/{eid}` followed by `tail`.
    func customerPath(_ version: Int, _ tail: String) -> String {
        "/api/v\(version)/partner/\(segment(partnerId))/customer/\(segment(entityId))\(tail)"
    }

    /// The customer's RSA public key (PEM), loaded by `createSession`.
    var publicKeyPEM: String? { publicKey.get() }

    func loadPublicKey() async throws(RezolveError) {
        let answer = try await get(PublicKeyAnswer.self, customerPath(1, "/publickey"))
        guard answer.publicKey.contains("BEGIN PUBLIC KEY") else {
            throw .decoding("publickey: the answer is not a PEM public key")
        }
        publicKey.set(answer.publicKey)
    }

    // MARK: Calls

    func send(_ request: CoreRequest) async throws(RezolveError) -> HTTPResponse {
        var renew: (@Sendable () async throws -> String)?
        if let renewer = renewerSource() {
            renew = { [owner] in
                guard let session = owner.get().session else { throw CancellationError() }
                return try await renewer.renewAccessToken(for: session)
            }
        }
        return try await client.send(request, auth: auth, renewer: renew)
    }

    func get<T: Decodable>(_ type: T.Type, _ path: String, query: [(String, String)] = []) async throws(RezolveError)
        -> T
    {
        let response = try await send(CoreRequest(method: .get, path: path, query: query))
        return try WireCoding.decode(type, from: response.body)
    }

    func write<T: Decodable>(
        _ method: HTTPMethod, _ type: T.Type, _ path: String, query: [(String, String)] = [],
        body: Data?, idempotencyKey: String? = nil
    ) async throws(RezolveError) -> T {
        let response = try await send(
            CoreRequest(
                method: method, path: path, query: query, body: body,
                idempotencyKey: idempotencyKey))
        return try WireCoding.decode(type, from: response.body)
    }

    func write<Body: Encodable, T: Decodable>(
        _ method: HTTPMethod, _ type: T.Type, _ path: String,
        json body: Body
    ) async throws(RezolveError) -> T {
        try await write(method, type, path, body: try WireCoding.encode(body))
    }

    /// A call whose success has no body worth reading (such as a 204 delete).
    func sendIgnoringBody(_ method: HTTPMethod, _ path: String) async throws(RezolveError) {
        _ = try await send(CoreRequest(method: method, path: path))
    }
}

private struct PublicKeyAnswer: Decodable {
    let publicKey: String
    enum CodingKeys: String, CodingKey { case publicKey = "public_key" }
}

struct WeakSession: Sendable {
    weak var session: RezolveSession?
    init(_ session: RezolveSession? = nil) { self.session = session }
}

/// An empty JSON object, the body of the cart-options call.
struct EmptyObject: Codable, Sendable {}
