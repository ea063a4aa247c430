import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

/// When the engine asks for zones (spec §5.9 rules 1–3, 11) and what it asks.
@MainActor
@Suite struct NearbyRefreshTests {
    typealias Server = FakeGeozoneServer

    @Test func firstSampleQueriesWithTheSpecParameters() async throws {
        let rig = NearbyRig(zones: [Server.brooklyn])
        await rig.at(40.6782, -73.9442)
        let query = try #require(rig.server.queries.first)
        #expect(rig.server.queries.count == 1)
        #expect(
            query == [
                "area.center.latitude": "40.6782", "area.center.longitude": "-73.9442",
                "area.coordinatestype": "WGS84", "area.radiusinmeters": "5000",
                "ResultCoordinateType": "WGS84", "MinutesFurther": "40", "limit": "100",
            ])
        #expect(rig.delegate.started.map(\.regions) == [["geo-brooklyn"]])
        #expect(rig.delegate.started.first?.radius == 5000)
    }

    @Test func movingHalfTheSearchRadiusOrWaitingTheIntervalRefreshes() async {
        let rig = NearbyRig(zones: [Server.brooklyn])
        await rig.at(40.6782, -73.9442)
        await rig.at(40.6962, -73.9442)  // ≈ 2.0 km: no refresh
        #expect(rig.server.queries.count == 1)
        await rig.at(40.7017, -73.9442)  // ≈ 2.6 km from the first centre
        #expect(rig.server.queries.count == 2)
        rig.clock.advance(599)
        await rig.at(40.7017, -73.9442)
        #expect(rig.server.queries.count == 2)
        rig.clock.advance(1)
        await rig.at(40.7017, -73.9442)
        #expect(rig.server.queries.count == 3)
        await rig.manager.refreshLocation().value
        #expect(rig.server.queries.count == 4)
    }

    @Test func keepsTheNearestMonitoredZones() async {
        let zones = (0..<30).map { index in
            Server.Zone(
                id: String(format: "z%02d", index), latitude: 40.6782 + Double(index) * 0.001,
                longitude: -73.9442, radius: 50, item: "\(index)", title: "Zone \(index)")
        }
        let rig = NearbyRig(zones: Array(zones.reversed()))
        await rig.at(40.6782, -73.9442)
        #expect(rig.manager.monitoredZones.map(\.engagementId) == (0..<20).map { String(format: "z%02d", $0) })
        #expect(rig.delegate.started.first?.regions.count == 20)
    }

    @Test func aFailedQueryCallsDidFailOnceAndTheNextRefreshRecovers() async {
        let rig = NearbyRig(zones: [Server.brooklyn])
        rig.server.fail(with: [503, 503, 503])
        await rig.at(40.6782, -73.9442)
        #expect(rig.server.queries.count == 3, "one attempt and two retries")
        #expect(rig.delegate.failures.count == 1)
        #expect(rig.delegate.entered.isEmpty)
        await rig.at(40.6782, -73.9442)
        #expect(rig.server.queries.count == 3, "no query per sample while waiting for the next refresh")
        await rig.manager.refreshLocation().value
        await rig.at(40.6782, -73.9442)
        #expect(rig.delegate.failures.count == 1)
        #expect(rig.delegate.entered == ["geo-brooklyn"])
    }

    @Test func baiduConverterQueriesInBD09AndMeasuresInWGS84() async throws {
        let wgs = GeoPoint(latitude: 39.908692, longitude: 116.397477)
        let rig = NearbyRig(
            zones: [
                Server.Zone(
                    id: "geo-beijing", latitude: wgs.latitude, longitude: wgs.longitude,
                    radius: 30, item: "1", title: "Beijing")
            ], converter: .baidu)
        await rig.at(39.916435, 116.410094)  // the same place in BD-09
        let query = try #require(rig.server.queries.first)
        #expect(query["area.coordinatestype"] == "BD09")
        #expect(query["area.center.latitude"] == "39.916435")
        #expect(rig.delegate.entered == ["geo-beijing"])
        #expect((rig.manager.monitoredZones.first?.distance ?? .infinity) < 1)
    }

    @Test func monitoringFollowsTheLocationSourceUntilStopped() async throws {
        let source = ManualLocationSource()
        let rig = NearbyRig(zones: [Server.brooklyn], source: source)
        rig.manager.startMonitoringForNearbyEngagements()
        #expect(source.subscriberCount == 1)
        source.push(latitude: 40.6782, longitude: -73.9442)
        try await rig.delegate.samplesHandled.wait(for: 1)
        #expect(rig.manager.samplesProcessed == 1)
        #expect(rig.delegate.entered == ["geo-brooklyn"])
        let unsubscribed = TestSignal()
        source.observeUnsubscribes { unsubscribed.fire() }
        rig.manager.stopMonitoringForNearbyEngagements()
        try await unsubscribed.wait()
        #expect(source.subscriberCount == 0)
        #expect(rig.manager.monitoredZones.isEmpty)
    }

    @Test func replaySourcePlaysItsSamplesInOrder() async throws {
        let walk = [
            RezolveLocationSample(latitude: 18.4663, longitude: -66.1057),
            RezolveLocationSample(latitude: 18.4665, longitude: -66.1057),
        ]
        let rig = NearbyRig(zones: [Server.sanJuan], source: ReplayLocationSource(walk))
        rig.manager.startMonitoringForNearbyEngagements()
        try await rig.delegate.samplesHandled.wait(for: 2)
        #expect(rig.manager.samplesProcessed == 2)
        #expect(rig.delegate.entered == ["geo-sanjuan"])
        #expect(rig.delegate.exited == ["geo-sanjuan"])
    }
}
