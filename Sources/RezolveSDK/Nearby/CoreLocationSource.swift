#if canImport(CoreLocation)
import CommerceCore
import CoreLocation
import Foundation

/// Locations from CoreLocation's standard location service (Apple platforms). The app must already hold
/// location permission; this source asks for nothing. Each subscription owns its own `CLLocationManager`,
/// created on the main actor as CoreLocation requires.
public final class CoreLocationSource: RezolveLocationSource {
    private let desiredAccuracy: CLLocationAccuracy
    private let distanceFilter: CLLocationDistance

    /// Creates a source; the defaults ask for fixes to about ten metres, delivered after each ten metres moved.
    /// - Parameters:
    ///   - desiredAccuracy: The accuracy asked of CoreLocation.
    ///   - distanceFilter: Metres the device must move before CoreLocation sends the next fix.
    public init(
        desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyNearestTenMeters,
        distanceFilter: CLLocationDistance = 10
    ) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
    }

    /// Starts location updates on a new `CLLocationManager`; they stop when the stream is dropped.
    public func locations() -> AsyncStream<RezolveLocationSample> {
        let (stream, continuation) = AsyncStream<RezolveLocationSample>.makeStream()
        let (accuracy, filter) = (desiredAccuracy, distanceFilter)
        Task { @MainActor in
            let relay = LocationRelay(continuation: continuation)
            relay.manager.desiredAccuracy = accuracy
            relay.manager.distanceFilter = filter
            relay.manager.startUpdatingLocation()
            continuation.onTermination = { _ in Task { @MainActor in relay.manager.stopUpdatingLocation() } }
        }
        return stream
    }
}

/// Forwards one `CLLocationManager`'s fixes into a stream. The stream's termination handler keeps it alive.
@MainActor
private final class LocationRelay: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    private let continuation: AsyncStream<RezolveLocationSample>.Continuation

    init(continuation: AsyncStream<RezolveLocationSample>.Continuation) {
        self.continuation = continuation
        super.init()
        manager.delegate = self
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        for location in locations where location.horizontalAccuracy >= 0 {
            continuation.yield(
                RezolveLocationSample(
                    coordinate: location.coordinate,
                    horizontalAccuracy: location.horizontalAccuracy,
                    timestamp: location.timestamp))
        }
    }
}
#endif
