import CommerceCore
import Foundation

/// One geozone query, in the coordinate system it is sent in.
struct TriggeredZonesQuery: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
    /// `WGS84` or `BD09`.
    var coordinatesType: String
    var radiusMeters: Double
    var minutesFurther: Int
    var limit: Int

    var queryItems: [(String, String)] {
        [
            ("area.center.latitude", String(latitude)), ("area.center.longitude", String(longitude)),
            ("area.coordinatestype", coordinatesType), ("area.radiusinmeters", String(Int(radiusMeters.rounded(.up)))),
            ("ResultCoordinateType", "WGS84"), ("MinutesFurther", String(minutesFurther)), ("limit", String(limit)),
        ]
    }
}

/// What the engine needs from the SSP services. The SSP client implements it; keeping it a protocol lets the
/// engine's rules be read and benchmarked without the network in the way.
protocol NearbyEngagementsService: Sendable {
    /// Gets an SSP bearer ready (rule 1: start fetches one).
    func prepare() async throws(RezolveError)
    /// The zones around a point, valid now or within `minutesFurther`.
    func triggeredZones(_ query: TriggeredZonesQuery) async throws(RezolveError) -> [GeofenceData]
    /// The act an engagement resolves to, if it has one (rule 10).
    func resolveAct(engagementId: String) async throws(RezolveError) -> SspResolverAct?
}
