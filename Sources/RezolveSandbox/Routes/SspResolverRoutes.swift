import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// `POST /v1/resolver/400/api/v2/payoffcpm/{engagementId}` (spec §3.5.11): what a scanned or touched
/// engagement points at. Each resolution gets a fresh `serviceId` (the scan id), logged in `rz_resolution`.
struct SspResolverRoutes: Sendable {
    let endpoint: RezolveEndpoint
    var wire: SspWire { SspWire(context: endpoint.context) }

    func register(on router: ServiceRoutes) {
        router.post("/v1/resolver/400/api/v2/payoffcpm/:engagementId", handler: endpoint.ssp(resolve))
    }

    @Sendable func resolve(_ request: SandboxRequest, _ caller: SspCaller) async throws -> SandboxResponse {
        let engagementId = request.parameter("engagementId")
        let body = try endpoint.sspBody(request)
        var errors: [String: [String]] = [:]
        let latitude = Self.coordinate(
            body["lat"], limit: 90, field: "lat", message: "Invalid latitude.", into: &errors)
        let longitude = Self.coordinate(
            body["long"], limit: 180, field: "long", message: "Invalid longitude.", into: &errors)
        guard errors.isEmpty else { throw SspProblem.invalid(errors) }
        let entityId = body["entityId"]?.stringValue
        let serviceId = UUID().uuidString.lowercased()
        let now = endpoint.now.timeIntervalSince1970
        let (engagement, act) = try await endpoint.database.write { db -> (RZEngagement, JSONObject?) in
            guard let engagement = try SspStore.engagement(engagementId, db) else {
                throw SspProblem.notFound("Engagement \(engagementId) was not found.")
            }
            let resolution = RZResolution(
                serviceId: serviceId, engagementId: engagementId, partnerId: caller.partnerId, entityId: entityId,
                latitude: latitude, longitude: longitude, createdAt: now)
            try SspStore.insert(resolution, db)
            return (engagement, try engagement.actId.flatMap { try SspStore.act($0, db) })
        }
        let payload: JSONValue = [
            "isActive": .bool(engagement.isActive),
            "product": wire.item(try engagement.productValue()),
            "category": wire.item(try engagement.categoryValue()),
            "act": act.map { wire.act($0, scanId: serviceId) } ?? .null,
        ]
        return .json([
            "result": "Success", "serviceId": .string(serviceId),
            "payloadPath": .string("/engagements/\(engagementId)"),
            "payoffs": wire.payoffs(try engagement.payoffsValue()), "rezolveCustomPayload": payload,
        ])
    }

    /// An optional coordinate: absent or `null` is fine; anything else must be a number within ±`limit`.
    private static func coordinate(
        _ value: JSONValue?, limit: Double, field: String, message: String,
        into errors: inout [String: [String]]
    ) -> Double? {
        guard let value, value != .null else { return nil }
        guard let number = value.doubleValue, number.isFinite, abs(number) <= limit else {
            errors[field] = [message]
            return nil
        }
        return number
    }
}
