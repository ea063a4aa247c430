import CommerceCore
import Foundation

/// A latitude/longitude rectangle that contains every point within some distance of a centre. A rectangle that
/// would cross the antimeridian is split in two, so each part keeps `minLongitude ≤ maxLongitude`.
package struct GeoBoundingBox: Sendable, Hashable {
    /// The southern edge, in degrees from -90.
    package var minLatitude: Double
    /// The northern edge, in degrees up to 90.
    package var maxLatitude: Double
    /// The western edge, in degrees from -180; never greater than ``maxLongitude``.
    package var minLongitude: Double
    /// The eastern edge, in degrees up to 180.
    package var maxLongitude: Double

    /// Creates a box from its edges in degrees; the caller keeps `minLongitude ≤ maxLongitude`.
    package init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.minLongitude = minLongitude
        self.maxLongitude = maxLongitude
    }

    /// The whole globe.
    static let world = GeoBoundingBox(minLatitude: -90, maxLatitude: 90, minLongitude: -180, maxLongitude: 180)

    // Widens every edge a little so rounding in the trigonometry can never exclude a point exactly on the circle.
    private static let slackDegrees = 1e-7

    /// The rectangles covering the spherical cap of `radiusMeters` around `center`: one, or two when the cap
    /// crosses the antimeridian. A cap that reaches a pole covers every longitude.
    package static func covering(center: GeoPoint, radiusMeters: Double) -> [GeoBoundingBox] {
        let angular = max(0, radiusMeters) / GeoPoint.earthRadiusMeters
        guard angular < Double.pi / 2 else { return [.world] }
        let degrees = 180 / Double.pi
        let minLat = center.latitude - angular * degrees - slackDegrees
        let maxLat = center.latitude + angular * degrees + slackDegrees
        if minLat <= -90 || maxLat >= 90 {
            return [
                GeoBoundingBox(
                    minLatitude: max(-90, minLat), maxLatitude: min(90, maxLat),
                    minLongitude: -180, maxLongitude: 180)
            ]
        }
        // The widest longitude span of a cap is at the latitude where its edge is tangent to a meridian.
        let ratio = sin(angular) / cos(center.latitude * Double.pi / 180)
        guard ratio < 1 else {
            return [GeoBoundingBox(minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: 180)]
        }
        let halfWidth = asin(ratio) * degrees + slackDegrees
        let west = center.longitude - halfWidth
        let east = center.longitude + halfWidth
        if west < -180 {
            return [
                GeoBoundingBox(minLatitude: minLat, maxLatitude: maxLat, minLongitude: west + 360, maxLongitude: 180),
                GeoBoundingBox(minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: east),
            ]
        }
        if east > 180 {
            return [
                GeoBoundingBox(minLatitude: minLat, maxLatitude: maxLat, minLongitude: west, maxLongitude: 180),
                GeoBoundingBox(minLatitude: minLat, maxLatitude: maxLat, minLongitude: -180, maxLongitude: east - 360),
            ]
        }
        return [GeoBoundingBox(minLatitude: minLat, maxLatitude: maxLat, minLongitude: west, maxLongitude: east)]
    }

    /// Whether the two rectangles share any point.
    func intersects(_ other: GeoBoundingBox) -> Bool {
        minLatitude <= other.maxLatitude && other.minLatitude <= maxLatitude
            && minLongitude <= other.maxLongitude && other.minLongitude <= maxLongitude
    }
}
