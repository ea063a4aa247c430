import Foundation

/// One location fix: where, how precise, and when.
public struct RezolveLocationSample: Sendable {
    /// Degrees north of the equator, in the app's coordinate system.
    public var latitude: Double
    /// Degrees east of Greenwich, in the app's coordinate system.
    public var longitude: Double
    /// Radius of uncertainty in metres; a fix less precise than a zone is ignored for that zone's enter and exit.
    public var horizontalAccuracy: Double
    /// When the fix was taken.
    public var timestamp: Date

    /// Creates a fix from a coordinate; the accuracy defaults to 5 m and the time to now.
    public init(coordinate: RezolveCoordinate, horizontalAccuracy: Double = 5, timestamp: Date = Date()) {
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    /// Creates a fix from degrees; the accuracy defaults to 5 m and the time to now.
    public init(latitude: Double, longitude: Double, horizontalAccuracy: Double = 5, timestamp: Date = Date()) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    /// The fix's position as one coordinate.
    public var coordinate: RezolveCoordinate { RezolveCoordinate(latitude: latitude, longitude: longitude) }
}

/// Where the nearby-engagements engine gets locations from (spec §2.8). Each call to ``locations()`` starts a
/// new subscription; the engine cancels it by dropping the stream when monitoring stops.
public protocol RezolveLocationSource: Sendable {
    /// Starts a new stream of fixes; the stream ends or is dropped when monitoring stops.
    func locations() -> AsyncStream<RezolveLocationSample>
}
