import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `Idempotency-Key` handling of `buy` (spec §5.7): scope (partner, entity, key); a SHA-256 of the canonical
/// request; the stored answer replayed with `Idempotent-Replayed: true`; kept 24 hours.
enum RezolveIdempotency {
    static let lifetime: Double = 24 * 3600

    enum Claim: Sendable { case claimed, replay(SandboxResponse) }

    /// Method, path and the body with object keys sorted, hashed; a non-JSON body hashes as its bytes.
    static func requestHash(_ request: SandboxRequest) -> String {
        let body =
            (try? JSONValue.parse(request.body)).map { canonical($0).serialized() }
            ?? String(decoding: request.body, as: UTF8.self)
        return HexDigest.sha256(request.method.rawValue + " " + request.path + "\n" + body)
    }

    private static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            .object(JSONObject(object.keys.sorted().map { ($0, canonical(object[$0] ?? .null)) }))
        case .array(let items): .array(items.map(canonical))
        default: value
        }
    }

    /// Claims the key for this request, or answers with the stored response, or fails when the key is in
    /// use by a different request or one still running.
    static func claim(_ caller: RezolveCaller, key: String, hash: String, now: Date, _ db: Database) throws -> Claim {
        let id: [String: (any DatabaseValueConvertible)?] = [
            "partner_id": caller.partner.id, "entity_id": caller.entityId, "key": key,
        ]
        if let stored = try RZIdempotency.fetchOne(db, key: id), stored.createdAt + lifetime > now.timeIntervalSince1970
        {
            guard stored.requestHash == hash else {
                throw RezolveFailure.badRequest(6, "Idempotency key was already used with different parameters.")
            }
            guard let status = stored.status else {
                throw RezolveFailure.badRequest(6, "A request with this Idempotency-Key is still being processed.")
            }
            var response = SandboxResponse.json(.null, status: status)
            response.body = stored.body ?? Data()
            response.headers["Idempotent-Replayed"] = "true"
            return .replay(response)
        }
        try RZIdempotency(
            partnerId: caller.partner.id, entityId: caller.entityId, key: key,
            requestHash: hash, status: nil, body: nil, createdAt: now.timeIntervalSince1970
        ).save(db)
        return .claimed
    }

    /// Stores the outcome, or (for a validation failure, `response == nil`) releases the key.
    static func finish(_ caller: RezolveCaller, key: String, response: SandboxResponse?, _ db: Database) throws {
        let id: [String: (any DatabaseValueConvertible)?] = [
            "partner_id": caller.partner.id, "entity_id": caller.entityId, "key": key,
        ]
        guard var stored = try RZIdempotency.fetchOne(db, key: id) else { return }
        guard let response else {
            _ = try stored.delete(db)
            return
        }
        stored.status = response.status
        stored.body = response.body
        try stored.update(db)
    }
}
