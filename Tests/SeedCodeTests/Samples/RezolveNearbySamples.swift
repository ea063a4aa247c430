import Foundation
import RezolveSDK

/// "SSP Location Triggers": starts and stops monitoring for nearby engagements, from whatever thread calls it, and
/// hears the geofence status as the document's delegate does, written with CoreLocation's type names.
final class RezolveGeofenceWatcher {
    let log: RezolveSampleLog

    init(log: RezolveSampleLog) { self.log = log }

    /// The SSP part of an SDK set up with SSP settings.
    func makeSsp(sdk: Rezolve?) -> RezolveSsp? {
        sdk?.createRezolveSsp()
    }

    /// The same, called back once the SSP bearer has been fetched.
    func makeSspWhenReady(sdk: Rezolve?) -> RezolveSsp? {
        let log = self.log
        return sdk?.createRezolveSsp { log.record("ssp ready main=\(RezolveSampleLog.onMain)") }
    }

    func startWatching(ssp: RezolveSsp?) {
        ssp?.nearbyEngagementsManager.startMonitoringForNearbyEngagements()
        ssp?.nearbyEngagementsManager.debugNotifications = false
        ssp?.nearbyEngagementsManager.delegate = self
        log.record("watching main=\(RezolveSampleLog.onMain)")
    }

    func stopWatching(ssp: RezolveSsp?) {
        ssp?.nearbyEngagementsManager.stopMonitoringForNearbyEngagements()
        ssp?.nearbyEngagementsManager.stopUpdatingDistanceFromNearbyEngagements()
        ssp?.nearbyEngagementsManager.resetNotificationSuppressData()
        ssp?.nearbyEngagementsManager.delegate = nil
        log.record("stopped main=\(RezolveSampleLog.onMain)")
    }
}

extension RezolveGeofenceWatcher: NearbyEngagementsManagerDelegate {
    func didStartMonitoring(for circularRegions: [CLCircularRegion], coordinate: CLLocationCoordinate2D, radius: Int) {
        let nearest = circularRegions.first.map { "\($0.identifier)@\($0.radius)" } ?? "none"
        log.record(
            "didStartMonitoring main=\(RezolveSampleLog.onMain) regions=\(circularRegions.count) nearest=\(nearest) "
                + "at=\(coordinate.latitude),\(coordinate.longitude) radius=\(radius)")
    }

    func didEnter(circularRegion: GeofenceData) {
        log.record("didEnter \(circularRegion.engagementId) main=\(RezolveSampleLog.onMain)")
    }

    func didFail(with error: Error) {
        log.record("didFail -> \(error.localizedDescription)")
    }

    func didUpdateCurrentDistanceFrom(
        location: CLLocationCoordinate2D, geofences: [GeofenceData], beacons: [BeaconData]
    ) {
        log.record("didUpdateCurrentDistanceFrom \(geofences.count) \(beacons.count)")
    }

    func didReceiveInAppNotification(act: SspResolverAct?) {
        log.record("didReceiveInAppNotification \(act?.act.id ?? "none")")
    }
}
