import CommerceCore
import Foundation
import Testing

@testable import RezolveSDK

/// The seed's geofence delegate, as written there (CoreLocation's names become the portable aliases on Linux).
final class RezolveGeofence {
    var log: [String] = []
}

extension RezolveGeofence: NearbyEngagementsManagerDelegate {
    func didStartMonitoring(for circularRegions: [RezolveCircularRegion], coordinate: RezolveCoordinate, radius: Int) {
        log.append("didStartMonitoring")
    }
    func didEnter(circularRegion: GeofenceData) {
        log.append("didEnter")
    }
    func didFail(with error: Error) {
        log.append("didFail -> \(error.localizedDescription)")
    }
    func didUpdateCurrentDistanceFrom(location: RezolveCoordinate, geofences: [GeofenceData], beacons: [BeaconData]) {
        log.append("didUpdateCurrentDistanceFrom")
    }
    func didReceiveInAppNotification(act: SspResolverAct?) {
        log.append("didReceiveInAppNotification")
    }
}

/// The seed's "Detecting geozones" snippet against a fake SSP.
@MainActor
@Suite struct SeedNearbyTests {
    @Test func seedSnippetStartsMonitoringAndHearsTheEnter() async throws {
        let rig = NearbyRig(zones: [FakeGeozoneServer.brooklyn])
        let geofence = RezolveGeofence()
        let ssp = rig.manager
        ssp.startMonitoringForNearbyEngagements()
        ssp.debugNotifications = false
        ssp.delegate = geofence
        await rig.at(40.6782, -73.9442)
        #expect(geofence.log == ["didStartMonitoring", "didEnter", "didUpdateCurrentDistanceFrom"])
        ssp.stopMonitoringForNearbyEngagements()
        ssp.stopUpdatingDistanceFromNearbyEngagements()
        ssp.resetNotificationSuppressData()
        ssp.delegate = nil
    }
}
