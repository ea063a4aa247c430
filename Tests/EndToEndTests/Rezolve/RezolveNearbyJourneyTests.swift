import CommerceCore
import CommerceSandbox
import CommerceTesting
import Foundation
import RezolveSDK
import Testing

/// Records the engine's delegate calls for the journey.
@MainActor
private final class JourneyDelegate: NearbyEngagementsManagerDelegate {
    var entered: [String] = []
    var exited: [String] = []
    var failures = 0
    var notifications: [EngagementNotification] = []
    /// Fired with each distance update, which the engine makes once per handled sample (distance updates stay on
    /// in this journey): ``RezolveNearbyJourneyTests`` awaits it after each push.
    let samplesHandled = TestSignal()

    func didUpdateCurrentDistanceFrom(location: RezolveCoordinate, geofences: [GeofenceData], beacons: [BeaconData]) {
        samplesHandled.fire()
    }
    func didEnter(circularRegion: GeofenceData) { entered.append(circularRegion.engagementId) }
    func didExit(circularRegion: GeofenceData) { exited.append(circularRegion.engagementId) }
    func didFail(with error: Error) { failures += 1 }
    func didReceiveInAppNotification(engagement: EngagementNotification) { notifications.append(engagement) }
}

/// What the `notificationSink` received.
private final class SinkRecorder: Sendable {
    private let received = Locked<[EngagementNotification]>([])
    var all: [EngagementNotification] { received.get() }
    var sink: @Sendable (EngagementNotification) -> Void {
        { [received] note in received.withLock { $0.append(note) } }
    }
}

/// J6 of spec §7: the nearby-engagements engine with a manual location source against the sandbox.
@MainActor
@Suite struct RezolveNearbyJourneyTests {
    static let manhattan = (40.7580, -73.9855)
    static let awayFromManhattan = (40.7670, -73.9855)  // 1 km north
    static let brooklyn = (40.6782, -73.9442)

    /// Pushes a sample and waits until the engine has handled it.
    private func push(_ point: (Double, Double), _ source: ManualLocationSource, _ manager: NearbyEngagementsManager)
        async throws
    {
        let handled = try #require((manager.delegate as? JourneyDelegate)?.samplesHandled)
        let target = manager.samplesProcessed + 1
        let handledTarget = handled.count + 1
        source.push(latitude: point.0, longitude: point.1)
        try await handled.wait(for: handledTarget)
        try #require(manager.samplesProcessed == target)
    }

    /// Moves the client clock past the bundling window and handles one more sample at the same place, so the
    /// window has certainly closed when this returns.
    private func closeWindow(
        _ point: (Double, Double), _ clock: TestClock, _ source: ManualLocationSource,
        _ manager: NearbyEngagementsManager
    ) async throws {
        clock.advance(5)
        try await push(point, source, manager)
    }

    @Test func nearbyEngagementsJourney() async throws {
        // Started here rather than through `SandboxHarness.with`, whose body is not main-actor isolated.
        let sandbox = SandboxHarness(sandbox: try await Sandbox.start(.testing))
        do {
            try await journey(sandbox)
        } catch {
            await sandbox.sandbox.stop()
            throw error
        }
        await sandbox.sandbox.stop()
    }

    private func journey(_ sandbox: SandboxHarness) async throws {
        let journey = try await RezolveJourney.start(sandbox)
        let (status, partners) = try await sandbox.call(.get, "/sandbox/rezolve/partners")
        try #require(status == 200)
        let partner = try #require(
            partners["partners"]?.arrayValue?.first { $0["partner_id"]?.stringValue == journey.credentials.partnerId })
        let ssp = try #require(partner["ssp"])
        let base = sandbox.baseURL.absoluteString
        let settings = SspActManagerSettings(
            auth0ClientId: try #require(ssp["clientId"]?.stringValue),
            auth0Secret: try #require(ssp["clientSecret"]?.stringValue),
            auth0Audience: try #require(ssp["apiAudience"]?.stringValue), auth0Endpoint: base, sspEndpoint: base,
            sspWidth: "400", baiduLocationKey: nil)
        let store = PersistentStore(inMemory: [:])
        let config = RezolveConfig(
            transport: journey.transport, sleep: { _ in },
            deviceIdProvider: FixedDeviceIdProvider(RezolveJourney.deviceId), store: store)
        let sdk = Rezolve(
            apiKey: journey.credentials.apiKey, partnerId: journey.credentials.partnerId, subPartnerId: nil,
            environment: journey.environment, config: config, sspActManagerSettings: settings,
            coordinatesConverter: .default)
        let geoPath = "/v1/Engagements/geolocation/triggered"
        let queries = { journey.transport.count(geoPath) }

        // The client clock starts at the sandbox's time, so validity periods mean the same on both sides.
        // 1. The SSP, its engine with a manual source, an injected clock and a recording sink.
        let rezolveSsp = try #require(sdk.createRezolveSsp())
        let source = ManualLocationSource()
        let clock = TestClock(Date(), mode: .suspending)
        let sink = SinkRecorder()
        let delegate = JourneyDelegate()
        let manager = rezolveSsp.nearbyEngagementsManager
        manager.locationSource = source
        manager.dateSource = clock.dateSource
        manager.sleep = clock.sleep
        manager.notificationSink = sink.sink
        manager.delegate = delegate
        manager.startMonitoringForNearbyEngagements()

        // 2. Manhattan: one query of 5000 m, three enters, one bundled notification after 5 s.
        try await push(Self.manhattan, source, manager)
        #expect(queries() == 1)
        let query = try #require(journey.transport.requests.last { $0.url.path == geoPath })
        #expect(query.url.query?.contains("area.radiusinmeters=5000") == true)
        #expect(Set(delegate.entered) == ["geo-manhattan-a", "geo-manhattan-b", "geo-manhattan-dup"])
        #expect(sink.all.isEmpty)
        try await closeWindow(Self.manhattan, clock, source, manager)
        #expect(sink.all.count == 1)
        #expect(sink.all.first?.engagements.map(\.engagementId) == ["geo-manhattan-a", "geo-manhattan-b"])
        #expect(sink.all.first?.title == "2 nearby offers")
        #expect(delegate.notifications == sink.all)

        // 3. Away 1 km (exit), back 10 minutes later: refreshed by the interval, but silenced.
        try await push(Self.awayFromManhattan, source, manager)
        #expect(delegate.exited.count == 3)
        clock.advance(600)
        try await push(Self.manhattan, source, manager)
        #expect(queries() == 2)
        try await closeWindow(Self.manhattan, clock, source, manager)
        #expect(sink.all.count == 1)

        // 4. After a reset of the silence memory, exit and re-enter notify again.
        manager.resetNotificationSuppressData()
        try await push(Self.awayFromManhattan, source, manager)
        try await push(Self.manhattan, source, manager)
        try await closeWindow(Self.manhattan, clock, source, manager)
        #expect(sink.all.count == 2)
        #expect(sink.all.last?.title == "2 nearby offers")

        // 5. geo-later is added (valid from sandbox-now + 30 min); Brooklyn is over 2.5 km away: a new query.
        let (created, _) = try await sandbox.call(
            .post, "/sandbox/rezolve/geozones",
            json: [
                "id": "geo-later", "latitude": 40.6782, "longitude": -73.9442, "radiusInMeters": 150,
                "relatedItem": ["type": "Product", "itemIdInfo": "10", "title": "Gift card", "price": 10.0],
                "activeTimeType": "Scheduled", "validityPeriods": [["fromSeconds": 1800, "toSeconds": 86_400]],
            ])
        #expect(created == 201)
        try await push(Self.brooklyn, source, manager)
        #expect(queries() == 3)
        let later = try #require(manager.monitoredZones.first { $0.engagementId == "geo-later" })
        #expect(later.isValidNow == false)
        try await closeWindow(Self.brooklyn, clock, source, manager)
        #expect(sink.all.count == 3)
        #expect(sink.all.last?.engagements.map(\.engagementId) == ["geo-brooklyn"])
        #expect(sink.all.last?.title == "Classic Tee")

        // 6. Both clocks move 30 minutes; a refresh lists geo-later as valid and the next sample notifies it.
        #expect(try await sandbox.call(.post, "/sandbox/rezolve/clock/advance", json: ["seconds": 1800]).status == 200)
        clock.advance(1800)
        await manager.refreshLocation().value
        #expect(queries() == 4)
        try await push(Self.brooklyn, source, manager)
        try await closeWindow(Self.brooklyn, clock, source, manager)
        #expect(sink.all.count == 4)
        #expect(sink.all.last?.engagements.map(\.engagementId) == ["geo-later"])
        #expect(sink.all.last?.title == "Gift card")

        // 7. A new manager on the same store: Manhattan is still silenced.
        manager.stopMonitoringForNearbyEngagements()
        let restarted = rezolveSsp.makeNearbyEngagementsManager(
            locationSource: source, dateSource: clock.dateSource,
            sleep: clock.sleep)
        let restartedDelegate = JourneyDelegate()
        restarted.notificationSink = sink.sink
        restarted.delegate = restartedDelegate
        restarted.startMonitoringForNearbyEngagements()
        try await push(Self.manhattan, source, restarted)
        #expect(queries() == 5)
        #expect(restartedDelegate.entered.count == 3)
        try await closeWindow(Self.manhattan, clock, source, restarted)
        #expect(sink.all.count == 4)

        // 8. Three 503s exhaust the first attempt and both retries: one didFail; the next refresh succeeds.
        let fault: JSONValue = ["pathPrefix": .string(geoPath), "count": 3, "status": 503]
        #expect(try await sandbox.call(.post, "/sandbox/rezolve/faults", json: fault).status < 300)
        await restarted.refreshLocation().value
        #expect(queries() == 8)
        #expect(restartedDelegate.failures == 1)
        await restarted.refreshLocation().value
        #expect(queries() == 9)
        #expect(restartedDelegate.failures == 1)
        // With one 503, the retry absorbs it.
        let single: JSONValue = ["pathPrefix": .string(geoPath), "count": 1, "status": 503]
        #expect(try await sandbox.call(.post, "/sandbox/rezolve/faults", json: single).status < 300)
        await restarted.refreshLocation().value
        #expect(queries() == 11)
        #expect(restartedDelegate.failures == 1)
        restarted.stopMonitoringForNearbyEngagements()
    }
}
