import Foundation

/// Hears what the nearby-engagements engine sees (spec §2.8). Every method has an empty default, and all are
/// called on the main actor.
@MainActor
public protocol NearbyEngagementsManagerDelegate: AnyObject {
    /// A zone query answered: the monitored regions (nearest first), the query centre and its radius in metres.
    func didStartMonitoring(for circularRegions: [RezolveCircularRegion], coordinate: RezolveCoordinate, radius: Int)
    func didEnter(circularRegion: GeofenceData)
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
    public func didStartMonitoring(for circularRegions: [RezolveCircularRegion], coordinate: RezolveCoordinate, radius: Int) {}
    public func didEnter(circularRegion: GeofenceData) {}
    public func didExit(circularRegion: GeofenceData) {}
    public func didFail(with error: Error) {}
    public func didUpdateCurrentDistanceFrom(location: RezolveCoordinate, geofences: [GeofenceData], beacons: [BeaconData]) {}
    public func didReceiveInAppNotification(engagement: EngagementNotification) {}
    public func didReceiveInAppNotification(act: SspResolverAct?) {}
}
