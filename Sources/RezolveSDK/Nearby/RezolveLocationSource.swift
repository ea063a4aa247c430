import Foundation

/// One location fix: where, how precise, and when.
public struct RezolveLocationSample: Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Radius of uncertainty in metres; a fix less precise than a zone is ignored for that zone's enter and exit.
    public var horizontalAccuracy: Double
    public var timestamp: Date

    public init(coordinate: RezolveCoordinate, horizontalAccuracy: Double = 5, timestamp: Date = Date()) {
        self.latitude = coordinate.latitude
        self.longitude = coordinate.longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    public init(latitude: Double, longitude: Double, horizontalAccuracy: Double = 5, timestamp: Date = Date()) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    public var coordinate: RezolveCoordinate { RezolveCoordinate(latitude: latitude, longitude: longitude) }
}

/// Where the nearby-engagements engine gets locations from (spec §2.8). Each call to ``locations()`` starts a
/// new subscription; the engine cancels it by dropping the stream when monitoring stops.
public protocol RezolveLocationSource: Sendable {
    func locations() -> AsyncStream<RezolveLocationSample>
}
