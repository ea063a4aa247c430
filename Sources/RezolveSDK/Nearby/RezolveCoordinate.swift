import CommerceCore
import Foundation

#if canImport(CoreLocation)
import CoreLocation

/// On Apple platforms the engine speaks CoreLocation's types, so the seed's delegate code compiles unchanged.
public typealias RezolveCoordinate = CLLocationCoordinate2D
/// On Apple platforms, CoreLocation's circular region.
public typealias RezolveCircularRegion = CLCircularRegion

extension RezolveCircularRegion {
    static func make(center: RezolveCoordinate, radius: Double, identifier: String) -> RezolveCircularRegion {
        CLCircularRegion(center: center, radius: radius, identifier: identifier)
    }
}
#else
/// A latitude/longitude pair in degrees, with CoreLocation's member names (`CLLocationCoordinate2D` on Apple).
public struct RezolveCoordinate: Sendable, Hashable {
    /// Degrees north of the equator, from -90 to 90.
    public var latitude: Double
    /// Degrees east of Greenwich, from -180 to 180.
    public var longitude: Double

    /// Creates a coordinate from degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The coordinate 0, 0, as CoreLocation's empty initialiser gives.
    public init() { self.init(latitude: 0, longitude: 0) }
}

/// A circle on Earth with CoreLocation's member names (`CLCircularRegion` on Apple).
public struct RezolveCircularRegion: Sendable, Hashable {
    /// The circle's centre.
    public let center: RezolveCoordinate
    /// Metres.
    public let radius: Double
    /// The id the region is reported under; the engine uses the engagement id.
    public let identifier: String

    /// Creates a region from its centre, radius in metres and id.
    public init(center: RezolveCoordinate, radius: Double, identifier: String) {
        self.center = center
        self.radius = radius
        self.identifier = identifier
    }

    static func make(center: RezolveCoordinate, radius: Double, identifier: String) -> RezolveCircularRegion {
        RezolveCircularRegion(center: center, radius: radius, identifier: identifier)
    }
}

/// CoreLocation's name for ``RezolveCoordinate``, where CoreLocation does not exist, so a delegate written
/// with the Rezolve document's types compiles everywhere.
public typealias CLLocationCoordinate2D = RezolveCoordinate
/// CoreLocation's name for ``RezolveCircularRegion``, where CoreLocation does not exist.
public typealias CLCircularRegion = RezolveCircularRegion
#endif

extension RezolveCoordinate {
    var geoPoint: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
    init(_ point: GeoPoint) { self.init(latitude: point.latitude, longitude: point.longitude) }
}
