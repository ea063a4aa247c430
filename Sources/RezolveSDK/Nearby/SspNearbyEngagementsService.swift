import CommerceCore
import Foundation

/// The engine's view of the SSP: the shared bearer, the geozone query and the resolver, through the SSP client
/// (so every call gets the bearer refresh after a 401 and GETs the retries of spec §3.10).
struct SspNearbyEngagementsService: NearbyEngagementsService {
    let client: SspClient

    func prepare() async throws(RezolveError) {
        _ = try await client.bearer.token()
    }

    func triggeredZones(_ query: TriggeredZonesQuery) async throws(RezolveError) -> [GeofenceData] {
        let page = try await client.get(
            GeozonePage.self, .engagement, "/v1/Engagements/geolocation/triggered",
            query: query.queryItems)
        return page.engagements.data.compactMap(\.geofence)
    }

    func resolveAct(engagementId: String) async throws(RezolveError) -> SspResolverAct? {
        let engagement = try await SspActManager(client: client, entityId: nil).resolveEngagement(
            engagementId: engagementId)
        return engagement.rezolveCustomPayload.act
    }
}

extension NearbyEngagementsManager {
    /// An engine over `client`, with the platform's default location source unless one is given.
    nonisolated static func over(
        _ client: SspClient, locationSource: (any RezolveLocationSource)?,
        dateSource: @escaping @Sendable () -> Date,
        sleep: @escaping RetryExecutor.Sleep
    ) -> NearbyEngagementsManager {
        NearbyEngagementsManager(
            service: SspNearbyEngagementsService(client: client), store: client.config.store,
            converter: client.converter, locationSource: locationSource ?? defaultLocationSource,
            dateSource: dateSource, sleep: sleep, notificationSink: LocalNotificationSink.defaultSink)
    }

    private nonisolated static var defaultLocationSource: any RezolveLocationSource {
        #if canImport(CoreLocation)
        CoreLocationSource()
        #else
        ManualLocationSource()
        #endif
    }
}

extension NearbyEngagementsManager {
    /// Wall-clock "now", every engine's default.
    public nonisolated static let liveDateSource: @Sendable () -> Date = { Date() }
    /// A real wait, every engine's default.
    public nonisolated static let liveSleep: RetryExecutor.Sleep = { try await Task.sleep(for: $0) }
}

extension RezolveSsp {
    /// A new engine over this SSP connection, for apps and tests that restart monitoring with their own
    /// location source and time (a date source and a `Duration` sleep, the shapes every CommerceKit client
    /// takes; wall-clock time unless given). Silence memory is shared with every other engine through
    /// ``RezolveConfig/store``.
    public func makeNearbyEngagementsManager(
        locationSource: (any RezolveLocationSource)? = nil,
        dateSource: @escaping @Sendable () -> Date = NearbyEngagementsManager.liveDateSource,
        sleep: @escaping RetryExecutor.Sleep = NearbyEngagementsManager.liveSleep
    )
        -> NearbyEngagementsManager
    {
        NearbyEngagementsManager.over(client, locationSource: locationSource, dateSource: dateSource, sleep: sleep)
    }
}
