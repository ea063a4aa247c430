import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The geozone query (`GET /v1/Engagements/geolocation/triggered`, spec §3.5.11, §5.9), behind the SSP bearer.
/// The control route that adds a zone for a test is ``RezolveGeozoneControlRoutes``.
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
    }
}
