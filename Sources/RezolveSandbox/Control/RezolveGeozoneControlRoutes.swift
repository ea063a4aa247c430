import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The control route `POST /sandbox/rezolve/geozones` that adds a zone for a test (spec §5.11). The zone is read
/// by ``GeozoneFixture``; the geozone query that finds it is ``RezolveGeozoneRoutes``.
struct RezolveGeozoneControlRoutes: Sendable {
    let endpoint: RezolveEndpoint

    func register(on router: ServiceRoutes) {
        router.post(
            "/sandbox/rezolve/geozones",
            handler: { request in
                do { return try await addZone(request) } catch let failure as SandboxPlainError {
                    return failure.response
                }
            })
    }

    @Sendable func addZone(_ request: SandboxRequest) async throws -> SandboxResponse {
        guard case .object(let body)? = try? JSONValue.parse(request.body) else {
            throw SandboxPlainError.field("body", "must be a JSON object")
        }
        let now = endpoint.now
        let zone = try GeozoneFixture.zone(from: body, now: now.timeIntervalSince1970)
        let stored = try await endpoint.database.write { db in
            guard try !RezolveGeozoneStore.contains(id: zone.id, db) else {
                throw SandboxPlainError(status: 409, message: "geozone \(zone.id) already exists")
            }
            return try RezolveGeozoneStore.insert(zone, db)
        }
        let now1970 = now.timeIntervalSince1970
        return .json(
            GeozoneWire.engagement(stored, proximity: nil, isValidNow: stored.isValid(at: now1970), now: now),
            status: 201)
    }
}
