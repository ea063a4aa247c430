import Foundation

/// Hears what the nearby-engagements engine sees (spec §2.8). Every method has an empty default, and all are
/// called on the main actor.
@MainActor
public protocol NearbyEngagementsManagerDelegate: AnyObject {
    /// A zone query answered: the monitored regions (nearest first), the query centre and its radius in metres.
    func didStartMonitoring(for circularRegions: [RezolveCircularRegion], coordinate: RezolveCoordinate, radius: Int)
    /// Called with a monitored zone once the device is inside it, after the zone's dwell time if it has one.
    func didEnter(circularRegion: GeofenceData)
    /// Called with a zone the device has left.
    func didExit(circularRegion: GeofenceData)
    /// A zone query or an engagement resolution failed; monitoring continues and the next refresh tries again.
    func didFail(with error: Error)
    /// Every sample, with every monitored zone's distance, until distance updates are stopped.
    func didUpdateCurrentDistanceFrom(location: RezolveCoordinate, geofences: [GeofenceData], beacons: [BeaconData])
    /// A bundle of entered zones became a notification (also given to the manager's `notificationSink`).
    func didReceiveInAppNotification(engagement: EngagementNotification)
    /// The notification held exactly one zone whose related item is an act: the engagement, resolved (seed form).
    func didReceiveInAppNotification(act: SspResolverAct?)
}

extension NearbyEngagementsManagerDelegate {
    /// Does nothing unless the conforming type implements it.
    public func didStartMonitoring(
        for circularRegions: [RezolveCircularRegion], coordinate: RezolveCoordinate, radius: Int
    ) {}
    /// Does nothing unless the conforming type implements it.
    public func didEnter(circularRegion: GeofenceData) {}
    /// Does nothing unless the conforming type implements it.
    public func didExit(circularRegion: GeofenceData) {}
    /// Does nothing unless the conforming type implements it.
    public func didFail(with error: Error) {}
    /// Does nothing unless the conforming type implements it.
    public func didUpdateCurrentDistanceFrom(
        location: RezolveCoordinate, geofences: [GeofenceData], beacons: [BeaconData]
    ) {}
    /// Does nothing unless the conforming type implements it.
    public func didReceiveInAppNotification(engagement: EngagementNotification) {}
    /// Does nothing unless the conforming type implements it.
    public func didReceiveInAppNotification(act: SspResolverAct?) {}
}
