import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The geozone query (`GET /v1/Engagements/geolocation/triggered`, spec §3.5.11, §5.9), behind the SSP bearer,
/// and the control route `POST /sandbox/rezolve/geozones` that adds a zone for a test (§5.11).
struct RezolveGeozoneRoutes: Sendable {
    let endpoint: RezolveEndpoint
    /// The query's in-memory grid of this sandbox's zones (the R*Tree answers while it is behind).
    let grids: GeozoneGridCache

    func register(on router: ServiceRoutes) {
        router.get(
            "/v1/Engagements/geolocation/triggered",
            handler: endpoint.ssp { request, _ in
                let query = try GeozoneQueryParser.parse(request.query)
                let now = endpoint.now
                let matches = try await endpoint.database.read { db in
                    try RezolveGeozoneStore.triggered(query, now: now.timeIntervalSince1970, grids: grids, db)
                }
                return .json(GeozoneWire.page(matches, limit: query.limit, now: now))
            })
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
