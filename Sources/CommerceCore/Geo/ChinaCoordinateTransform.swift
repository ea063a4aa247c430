import Foundation

/// Conversions between WGS-84 (GPS), GCJ-02 (China's obfuscated datum) and BD-09 (Baidu's), using the widely
/// published public formulas. The forward steps are closed-form; each inverse refines the closed-form
/// approximation by fixed-point iteration until it is within 1e-9°, far below the 1e-6° the spec asks for.
public enum ChinaCoordinateTransform {
    // Krasovsky 1940 ellipsoid, which GCJ-02's offsets are expressed on.
    private static let semiMajorAxis = 6_378_245.0
    private static let eccentricitySquared = 0.00669342162296594323
    private static let baiduXPi = Double.pi * 3000.0 / 180.0
    private static let tolerance = 1e-9
    private static let maximumIterations = 30

    /// GCJ-02 only shifts points inside mainland China's rough box; elsewhere it equals WGS-84.
    public static func isInsideChina(_ point: GeoPoint) -> Bool {
        (72.004...137.8347).contains(point.longitude) && (0.8293...55.8271).contains(point.latitude)
    }

    /// Moves a GPS point onto China's GCJ-02 datum; points outside mainland China come back unchanged.
    public static func wgs84ToGCJ02(_ point: GeoPoint) -> GeoPoint {
        guard isInsideChina(point) else { return point }
        let x = point.longitude - 105.0
        let y = point.latitude - 35.0
        var dLat = latitudeOffset(x, y)
        var dLon = longitudeOffset(x, y)
        let radLat = point.latitude / 180.0 * Double.pi
        let magic = 1 - eccentricitySquared * sin(radLat) * sin(radLat)
        let sqrtMagic = magic.squareRoot()
        dLat = (dLat * 180.0) / ((semiMajorAxis * (1 - eccentricitySquared)) / (magic * sqrtMagic) * Double.pi)
        dLon = (dLon * 180.0) / (semiMajorAxis / sqrtMagic * cos(radLat) * Double.pi)
        return GeoPoint(latitude: point.latitude + dLat, longitude: point.longitude + dLon)
    }

    /// Moves a GCJ-02 point onto Baidu's BD-09 datum (applied everywhere, China or not).
    public static func gcj02ToBD09(_ point: GeoPoint) -> GeoPoint {
        let x = point.longitude
        let y = point.latitude
        let z = (x * x + y * y).squareRoot() + 0.00002 * sin(y * baiduXPi)
        let theta = atan2(y, x) + 0.000003 * cos(x * baiduXPi)
        return GeoPoint(latitude: z * sin(theta) + 0.006, longitude: z * cos(theta) + 0.0065)
    }

    /// Brings a GCJ-02 point back to GPS coordinates, to within 1e-9 degrees.
    public static func gcj02ToWGS84(_ point: GeoPoint) -> GeoPoint {
        invert(wgs84ToGCJ02, target: point, start: point)
    }

    /// Brings a BD-09 point back to GCJ-02, to within 1e-9 degrees.
    public static func bd09ToGCJ02(_ point: GeoPoint) -> GeoPoint {
        // The classic closed-form inverse is only approximate; it seeds the iteration.
        let x = point.longitude - 0.0065
        let y = point.latitude - 0.006
        let z = (x * x + y * y).squareRoot() - 0.00002 * sin(y * baiduXPi)
        let theta = atan2(y, x) - 0.000003 * cos(x * baiduXPi)
        return invert(gcj02ToBD09, target: point, start: GeoPoint(latitude: z * sin(theta), longitude: z * cos(theta)))
    }

    /// Moves a GPS point onto BD-09, through GCJ-02.
    public static func wgs84ToBD09(_ point: GeoPoint) -> GeoPoint { gcj02ToBD09(wgs84ToGCJ02(point)) }

    /// Brings a BD-09 point back to GPS coordinates, through GCJ-02.
    public static func bd09ToWGS84(_ point: GeoPoint) -> GeoPoint { gcj02ToWGS84(bd09ToGCJ02(point)) }

    /// Finds `p` with `forward(p) ≈ target` by repeatedly moving `p` by the remaining error. The offsets change
    /// slowly with position, so this converges in a few steps.
    private static func invert(_ forward: (GeoPoint) -> GeoPoint, target: GeoPoint, start: GeoPoint) -> GeoPoint {
        var guess = start
        for _ in 0..<maximumIterations {
            let image = forward(guess)
            let dLat = image.latitude - target.latitude
            let dLon = image.longitude - target.longitude
            guess = GeoPoint(latitude: guess.latitude - dLat, longitude: guess.longitude - dLon)
            if abs(dLat) < tolerance && abs(dLon) < tolerance { break }
        }
        return guess
    }

    private static func latitudeOffset(_ x: Double, _ y: Double) -> Double {
        var value = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * abs(x).squareRoot()
        value += (20.0 * sin(6.0 * x * Double.pi) + 20.0 * sin(2.0 * x * Double.pi)) * 2.0 / 3.0
        value += (20.0 * sin(y * Double.pi) + 40.0 * sin(y / 3.0 * Double.pi)) * 2.0 / 3.0
        value += (160.0 * sin(y / 12.0 * Double.pi) + 320.0 * sin(y * Double.pi / 30.0)) * 2.0 / 3.0
        return value
    }

    private static func longitudeOffset(_ x: Double, _ y: Double) -> Double {
        var value = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * abs(x).squareRoot()
        value += (20.0 * sin(6.0 * x * Double.pi) + 20.0 * sin(2.0 * x * Double.pi)) * 2.0 / 3.0
        value += (20.0 * sin(x * Double.pi) + 40.0 * sin(x / 3.0 * Double.pi)) * 2.0 / 3.0
        value += (150.0 * sin(x / 12.0 * Double.pi) + 300.0 * sin(x / 30.0 * Double.pi)) * 2.0 / 3.0
        return value
    }
}
