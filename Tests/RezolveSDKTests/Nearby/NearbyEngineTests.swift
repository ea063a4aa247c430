import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

/// The engine's rules of spec §5.9 with the §6.7 vectors, against a fake SSP on an in-memory transport.
@MainActor
@Suite struct NearbyEngineTests {
    typealias Server = FakeGeozoneServer

    @Test func sanJuanEnterAndExitVector() async throws {
        let rig = NearbyRig(zones: [Server.sanJuan])
        await rig.at(18.4663, -66.1057)  // 88.96 m: inside
        #expect(rig.delegate.entered == ["geo-sanjuan"])
        let distance = try #require(rig.manager.monitoredZones.first?.distance)
        #expect(abs(distance - 88.96) < 0.01)
        await rig.at(18.4665, -66.1057)  // 111.20 m > 110 m: outside
        #expect(rig.delegate.exited == ["geo-sanjuan"])
    }

    @Test func hysteresisKeepsTheZoneEnteredUpToTenPercentOrTenMetres() async {
        let rig = NearbyRig(zones: [Server.sanJuan])
        await rig.at(18.4663, -66.1057)
        await rig.at(18.46643, -66.1057)  // ≈ 103 m: beyond the radius, inside the exit distance
        #expect(rig.delegate.exited.isEmpty)
        await rig.at(18.4663, -66.1057)
        #expect(rig.delegate.entered == ["geo-sanjuan"], "no second enter without an exit")
        #expect(ZoneTracker.exitDistance(radius: 50) == 60, "at least 10 m")
        #expect(ZoneTracker.exitDistance(radius: 300) == 330, "10 % of the radius")
    }

    @Test func impreciseSamplesDecideNothing() async {
        let rig = NearbyRig(zones: [Server.sanJuan])
        await rig.at(18.4663, -66.1057, accuracy: 150)
        #expect(rig.delegate.entered.isEmpty)
        await rig.at(18.4663, -66.1057, accuracy: 20)
        #expect(rig.delegate.entered == ["geo-sanjuan"])
        await rig.at(18.47, -66.1057, accuracy: 150)  // far away, but too imprecise to leave
        #expect(rig.delegate.exited.isEmpty)
    }

    @Test func dwellTimeDelaysTheEnterAndLeavingResetsIt() async {
        var zone = Server.sanJuan
        zone.dwellTime = 60
        let rig = NearbyRig(zones: [zone])
        await rig.at(18.4655, -66.1057)
        rig.clock.advance(40)
        await rig.at(18.4655, -66.1057)
        #expect(rig.delegate.entered.isEmpty)
        await rig.at(18.4675, -66.1057)  // left: the timer starts over
        rig.clock.advance(10)
        await rig.at(18.4655, -66.1057)
        rig.clock.advance(40)
        await rig.at(18.4655, -66.1057)
        #expect(rig.delegate.entered.isEmpty)
        rig.clock.advance(20)
        await rig.at(18.4655, -66.1057)
        #expect(rig.delegate.entered == ["geo-sanjuan"])
    }

    @Test func manhattanBundleIsOneNotificationWithoutTheDuplicate() async throws {
        let rig = NearbyRig(zones: [Server.manhattanA, Server.manhattanB, Server.manhattanDup])
        await rig.at(40.7580, -73.9855)
        #expect(Set(rig.delegate.entered) == ["geo-manhattan-a", "geo-manhattan-b", "geo-manhattan-dup"])
        rig.clock.advance(4)
        await rig.at(40.7580, -73.9855)
        #expect(rig.collector.all.isEmpty, "the window is still open")
        await rig.closeWindow(at: 40.7580, -73.9855)
        let note = try #require(rig.collector.all.first)
        #expect(rig.collector.all.count == 1)
        #expect(note.engagements.map(\.engagementId) == ["geo-manhattan-a", "geo-manhattan-b"])
        #expect(note.title == "2 nearby offers")
        #expect(note.body == "Newsletter sign-up\nHoodie")
        #expect(note.isDebug == false)
        #expect(rig.delegate.notifications == [note])
    }

    @Test func windowClosesOnTheClockWithoutAnotherSample() async throws {
        let rig = NearbyRig(zones: [Server.brooklyn])
        await rig.at(40.6782, -73.9442)
        try await rig.clock.waitForSleeps(1)
        #expect(rig.clock.sleeperCount == 1, "the bundling window waits on the injected clock")
        #expect(rig.collector.all.isEmpty)
        rig.clock.advance(5)
        try await rig.collector.arrived.wait()
        let note = try #require(rig.collector.all.first)
        #expect(note.title == "Classic Tee")
        #expect(note.body == "At the Brooklyn Store")
    }

    @Test func duplicateKeepsTheNearestZone() {
        let near = GeofenceData(
            engagementId: "z-far-id", name: "", center: GeoPoint(latitude: 0, longitude: 0), radius: 100,
            distance: 5, relatedItem: GeofenceRelatedItem(type: "Product", itemIdInfo: "7", title: "Near", subtitle: "")
        )
        let far = GeofenceData(
            engagementId: "a-near-id", name: "", center: GeoPoint(latitude: 0, longitude: 0), radius: 100,
            distance: 50, relatedItem: GeofenceRelatedItem(type: "Product", itemIdInfo: "7", title: "Far", subtitle: "")
        )
        let outcome = NotificationComposer.compose(
            [far, near], memory: SuppressionMemory(), silencePeriod: 3600,
            debug: false, now: Date())
        #expect(outcome?.notification.engagements.map(\.engagementId) == ["z-far-id"])
        #expect(outcome?.notification.title == "Near")
    }

    @Test func reEntryWithinTheSilencePeriodIsSilentUntilReset() async throws {
        let rig = NearbyRig(zones: [Server.manhattanA, Server.manhattanB, Server.manhattanDup])
        await rig.at(40.7580, -73.9855)
        await rig.closeWindow(at: 40.7580, -73.9855)
        #expect(rig.collector.all.count == 1)

        await rig.at(40.7670, -73.9855)  // 1 km north: exit all three
        #expect(rig.delegate.exited.count == 3)
        rig.clock.advance(600)
        await rig.at(40.7580, -73.9855)
        await rig.closeWindow(at: 40.7580, -73.9855)
        #expect(rig.collector.all.count == 1, "silenced for 3600 s")

        rig.manager.resetNotificationSuppressData()
        #expect(rig.store.value(forKey: "rezolve/nearby/suppression") == nil)
        await rig.at(40.7670, -73.9855)
        await rig.at(40.7580, -73.9855)
        await rig.closeWindow(at: 40.7580, -73.9855)
        #expect(rig.collector.all.count == 2)
    }

    @Test func silenceEndsAfterTheSilencePeriod() async {
        let rig = NearbyRig(zones: [Server.brooklyn])
        await rig.at(40.6782, -73.9442)
        await rig.closeWindow(at: 40.6782, -73.9442)
        await rig.at(40.6882, -73.9442)
        rig.clock.advance(3600)
        await rig.at(40.6782, -73.9442)
        await rig.closeWindow(at: 40.6782, -73.9442)
        #expect(rig.collector.all.count == 2)
    }

    @Test func suppressionIsPersistedAndSurvivesANewManager() async throws {
        let store = PersistentStore(inMemory: [:])
        let first = NearbyRig(zones: [Server.brooklyn], store: store)
        await first.at(40.6782, -73.9442)
        await first.closeWindow(at: 40.6782, -73.9442)
        let saved = try #require(store.codable(SuppressionMemory.self, forKey: "rezolve/nearby/suppression"))
        let at = first.clock.now.timeIntervalSince1970
        #expect(saved.engagements == ["geo-brooklyn": at])
        #expect(saved.relatedItems == ["Product:6": at])

        let second = NearbyRig(zones: [Server.brooklyn], store: store)
        second.clock.advance(5)  // both clocks start at the same instant
        await second.at(40.6782, -73.9442)
        await second.closeWindow(at: 40.6782, -73.9442)
        #expect(second.delegate.entered == ["geo-brooklyn"])
        #expect(second.collector.all.isEmpty)
    }

    @Test func debugNotificationsReportSuppressedZonesWithoutTouchingTheMemory() async throws {
        let rig = NearbyRig(zones: [Server.brooklyn])
        await rig.at(40.6782, -73.9442)
        await rig.closeWindow(at: 40.6782, -73.9442)
        let before = rig.store.codable(SuppressionMemory.self, forKey: "rezolve/nearby/suppression")
        rig.manager.debugNotifications = true
        await rig.at(40.6882, -73.9442)
        rig.clock.advance(60)
        await rig.at(40.6782, -73.9442)
        await rig.closeWindow(at: 40.6782, -73.9442)
        #expect(rig.collector.all.map(\.isDebug) == [false, true])
        #expect(rig.store.codable(SuppressionMemory.self, forKey: "rezolve/nearby/suppression") == before)
    }

    @Test func distancesAreReportedForEverySampleUntilStopped() async {
        let rig = NearbyRig(zones: [Server.sanJuan, Server.brooklyn])
        await rig.at(18.4663, -66.1057)
        await rig.at(18.4664, -66.1057)
        #expect(rig.delegate.distanceUpdates.count == 2)
        #expect(rig.delegate.distanceUpdates[0].map(\.engagementId) == ["geo-sanjuan", "geo-brooklyn"])
        rig.manager.stopUpdatingDistanceFromNearbyEngagements()
        await rig.at(18.4665, -66.1057)
        #expect(rig.delegate.distanceUpdates.count == 2)
        #expect(rig.delegate.exited == ["geo-sanjuan"], "enter and exit continue")
    }

    @Test func inactiveZoneEntersOnceItsValidityStarts() async {
        var later = Server.brooklyn
        later.id = "geo-later"
        later.item = "10"
        later.isValidNow = false
        let rig = NearbyRig(zones: [later])
        later.validFrom = rig.clock.now.addingTimeInterval(1800)
        later.validTo = rig.clock.now.addingTimeInterval(7200)
        rig.server.place([later])
        await rig.at(40.6782, -73.9442)
        #expect(rig.delegate.entered.isEmpty)
        rig.clock.advance(1800)
        await rig.at(40.6782, -73.9442)
        #expect(rig.delegate.entered == ["geo-later"], "the first observation of a newly valid zone is an enter")
    }

    @Test func aLoneActZoneAlsoDeliversTheResolvedAct() async throws {
        let rig = NearbyRig(zones: [Server.manhattanA])
        await rig.at(40.7580, -73.9855)
        await rig.closeWindow(at: 40.7580, -73.9855)
        #expect(rig.collector.all.first?.title == "Newsletter sign-up")
        try await rig.delegate.actsDelivered.wait()
        #expect(rig.delegate.acts.count == 1)
        #expect(rig.delegate.acts.first??.act.id == "act-1")
        let resolved = rig.server.transport.requests.filter { $0.url.path.hasPrefix("/v1/resolver/") }.map(
            \.url.lastPathComponent)
        #expect(resolved == ["eng-act-1"], "the zone's clientReferenceId names the engagement to resolve")
    }

    @Test func bundlesOfSeveralZonesResolveNothing() async {
        let rig = NearbyRig(zones: [Server.manhattanA, Server.manhattanB])
        await rig.at(40.7580, -73.9855)
        await rig.closeWindow(at: 40.7580, -73.9855)
        #expect(rig.collector.all.count == 1)
        #expect(rig.manager.actResolutions == 0)
    }
}
