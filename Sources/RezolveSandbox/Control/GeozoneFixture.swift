import CommerceCore
import Foundation
import SandboxCore

/// Reads the body of `POST /sandbox/rezolve/geozones` (spec §5.11) into a zone. Validity periods are given in
/// seconds relative to sandbox-now, so a test can say "valid from in 30 minutes" without knowing the clock.
///
/// ```json
/// {"id":"geo-later","latitude":40.6782,"longitude":-73.9442,"radiusInMeters":150,
///  "relatedItem":{"type":"Product","itemIdInfo":"10","title":"Gift card","subtitle":"","price":10.0},
///  "validityPeriods":[{"fromSeconds":1800,"toSeconds":86400}],"dwellTime":null,"engagementId":null}
/// ```
enum GeozoneFixture {
    typealias Failure = SandboxPlainError

    static let maximumZoneRadius = 100_000.0
    static let relatedTypes = ["Product", "Category", "Act", "Url"]

    static func zone(from body: JSONObject, now: Double) throws(Failure) -> RZGeozone {
        let id = try text(body, "id") ?? "geo-" + RandomToken.hex(12)
        let latitude = try number(body, "latitude", within: -90...90)
        let longitude = try number(body, "longitude", within: -180...180)
        let radius = try number(body, "radiusInMeters", within: 0...maximumZoneRadius)
        guard radius > 0 else { throw .field("radiusInMeters", "must be greater than 0") }

        guard case .object(let related)? = body["relatedItem"] else { throw .field("relatedItem", "must be an object") }
        guard let type = try text(related, "type", prefix: "relatedItem."), relatedTypes.contains(type) else {
            throw .field("relatedItem.type", "must be one of \(relatedTypes.joined(separator: ", "))")
        }
        guard let itemId = try text(related, "itemIdInfo", prefix: "relatedItem.") else {
            throw .field("relatedItem.itemIdInfo", "is required")
        }
        guard let title = try text(related, "title", prefix: "relatedItem.") else {
            throw .field("relatedItem.title", "is required")
        }
        let subtitle = try text(related, "subtitle", prefix: "relatedItem.", allowEmpty: true) ?? ""
        var price: Double?
        if let value = related["price"], !value.isNull {
            guard let amount = value.doubleValue, amount >= 0 else {
                throw .field("relatedItem.price", "must be a number ≥ 0")
            }
            price = amount
        }

        let periods = try validityPeriods(body, now: now)
        let activeType = try text(body, "activeTimeType") ?? (periods.isEmpty ? "Always" : "Scheduled")
        guard activeType == "Always" || activeType == "Scheduled" else {
            throw .field("activeTimeType", "must be Always or Scheduled")
        }
        if activeType == "Scheduled" && periods.isEmpty {
            throw .field("validityPeriods", "a Scheduled zone needs at least one period")
        }

        var dwell: Int64?
        if let value = body["dwellTime"], !value.isNull {
            guard let seconds = value.integerValue, (0...86_400).contains(seconds) else {
                throw .field("dwellTime", "must be an integer number of seconds from 0 to 86400")
            }
            dwell = seconds
        }
        var targets: [String] = []
        if let value = body["targetUserIds"], !value.isNull {
            guard let items = value.arrayValue?.compactMap(\.stringValue), items.count == value.arrayValue?.count else {
                throw .field("targetUserIds", "must be an array of strings")
            }
            targets = items
        }
        return RZGeozone(
            seq: nil, id: id, engagementId: try text(body, "engagementId"), name: try text(body, "name") ?? id,
            latitude: latitude, longitude: longitude, radiusMeters: radius, activeTimeType: activeType,
            validityPeriods: periods, targetUserIds: targets, triggerNotificationType: "Enter", dwellTime: dwell,
            relatedType: type, relatedItemId: itemId, relatedTitle: title, relatedSubtitle: subtitle,
            relatedPrice: price, createdAt: now)
    }

    private static func validityPeriods(_ body: JSONObject, now: Double) throws(Failure) -> [GeozoneValidityPeriod] {
        guard let value = body["validityPeriods"], !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw .field("validityPeriods", "must be an array") }
        var periods: [GeozoneValidityPeriod] = []
        for (index, item) in items.enumerated() {
            let field = "validityPeriods[\(index)]"
            guard case .object(let period) = item else { throw .field(field, "must be an object") }
            guard let from = period["fromSeconds"]?.doubleValue, from.isFinite else {
                throw .field(field + ".fromSeconds", "must be a number of seconds from sandbox-now")
            }
            guard let to = period["toSeconds"]?.doubleValue, to.isFinite, to > from else {
                throw .field(field + ".toSeconds", "must be a number of seconds from sandbox-now, after fromSeconds")
            }
            periods.append(
                GeozoneValidityPeriod(
                    from: now + from, to: now + to,
                    timeZone: period["timeZone"]?.stringValue ?? "UTC", timeZoneOffset: "+00:00"))
        }
        return periods
    }

    private static func number(_ body: JSONObject, _ field: String, within range: ClosedRange<Double>) throws(Failure)
        -> Double
    {
        guard let value = body[field]?.doubleValue, value.isFinite, range.contains(value) else {
            throw .field(field, "must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    private static func text(
        _ body: JSONObject, _ field: String, prefix: String = "",
        allowEmpty: Bool = false
    ) throws(Failure) -> String? {
        guard let value = body[field], !value.isNull else { return nil }
        guard let text = value.stringValue, allowEmpty || !text.isEmpty else {
            throw .field(prefix + field, "must be a non-empty string")
        }
        return text
    }
}
