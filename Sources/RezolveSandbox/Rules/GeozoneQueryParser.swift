import CommerceCore
import Foundation

/// Reads `GET /v1/Engagements/geolocation/triggered`'s query string (spec §3.5.11, §4.2). Parameter names are
/// matched without regard to case, as the real ASP.NET service does. Every problem is reported at once, each
/// under its parameter's name.
enum GeozoneQueryParser {
    static let defaultLimit = 100
    static let maximumLimit = 1000
    /// One week; a longer look-ahead has no use for "about to become valid".
    static let maximumMinutesFurther = 10_080

    static func parse(_ parameters: [String: String]) throws(SspProblem) -> GeozoneQuery {
        var byName: [String: String] = [:]
        for (name, value) in parameters { byName[name.lowercased()] = value }
        var errors: [String: [String]] = [:]

        func number(_ name: String) -> Double? {
            guard let text = byName[name.lowercased()], !text.isEmpty else {
                errors[name] = ["The value is required."]
                return nil
            }
            guard let value = Double(text), value.isFinite else {
                errors[name] = ["The value '\(text)' is not a number."]
                return nil
            }
            return value
        }
        func integer(_ name: String, default fallback: Int, within range: ClosedRange<Int>) -> Int {
            guard let text = byName[name.lowercased()], !text.isEmpty else { return fallback }
            guard let value = Int(text), range.contains(value) else {
                errors[name] = ["Must be an integer from \(range.lowerBound) to \(range.upperBound)."]
                return fallback
            }
            return value
        }

        let latitude = number("area.center.latitude")
        let longitude = number("area.center.longitude")
        let radius = number("area.radiusinmeters")
        if let latitude, abs(latitude) > 90 { errors["area.center.latitude"] = ["Invalid latitude."] }
        if let longitude, abs(longitude) > 180 { errors["area.center.longitude"] = ["Invalid longitude."] }
        if let radius, radius <= 0 { errors["area.radiusinmeters"] = ["Must be greater than 0."] }

        let system = (byName["area.coordinatestype"] ?? "WGS84").uppercased()
        if system != "WGS84" && system != "BD09" { errors["area.coordinatestype"] = ["Must be WGS84 or BD09."] }
        let resultSystem = (byName["resultcoordinatetype"] ?? "WGS84").uppercased()
        if resultSystem != "WGS84" { errors["ResultCoordinateType"] = ["Only WGS84 is supported."] }

        let minutes = integer("MinutesFurther", default: 0, within: 0...maximumMinutesFurther)
        let limit = integer("limit", default: defaultLimit, within: 1...maximumLimit)

        guard errors.isEmpty, let latitude, let longitude, let radius else { throw .invalid(errors) }
        var center = GeoPoint(latitude: latitude, longitude: longitude)
        if system == "BD09" { center = ChinaCoordinateTransform.bd09ToWGS84(center) }
        return GeozoneQuery(center: center, radiusMeters: radius, minutesFurther: minutes, limit: limit)
    }
}
