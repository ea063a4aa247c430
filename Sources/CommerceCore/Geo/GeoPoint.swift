import Foundation

/// A latitude/longitude pair in degrees. Shared by the Rezolve client engine and the sandbox's geozone query so
/// that both sides measure distance the same way.
public struct GeoPoint: Sendable, Hashable, Codable {
    /// Degrees north of the equator, from -90 to 90.
    public var latitude: Double
    /// Degrees east of Greenwich, from -180 to 180.
    public var longitude: Double

    /// Creates a point from degrees; values are not checked or wrapped.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Mean Earth radius (IUGG), the radius every CommerceKit distance uses.
    public static let earthRadiusMeters = 6_371_008.8

    /// Whether both values are finite and within ±90° / ±180°.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// Great-circle distance in metres (haversine), unrounded.
    public func distance(to other: GeoPoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let sinLat = sin(dLat / 2)
        let sinLon = sin(dLon / 2)
        let h = sinLat * sinLat + cos(latitude * radians) * cos(other.latitude * radians) * sinLon * sinLon
        return 2 * Self.earthRadiusMeters * asin(min(1, h.squareRoot()))
    }
}
