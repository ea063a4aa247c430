import CommerceCore
import Foundation

/// The geo engagement object of spec §3.5.11, in the SSP's camelCase.
enum GeozoneWire {
    static func engagement(_ zone: RZGeozone, proximity: Double?, isValidNow: Bool, now: Date) -> JSONValue {
        let center: JSONValue = [
            "type": "Point",
            "coordinates": [
                "latitude": .double(zone.latitude), "longitude": .double(zone.longitude),
                "values": [.double(zone.longitude), .double(zone.latitude)],
            ],
        ]
        let scheduled = zone.activeTimeType == "Scheduled"
        let start = zone.validityPeriods.map(\.from).min()
        let end = zone.validityPeriods.map(\.to).max()
        return [
            "id": .string(zone.id),
            "name": .string(zone.name),
            // Sandbox decision: the engagement the resolver answers for this zone travels here.
            "clientReferenceId": .from(zone.engagementId),
            "areas": [["center": center, "radiusInMeters": .double(zone.radiusMeters)]],
            "validityPeriods": .array(
                zone.validityPeriods.map { period in
                    [
                        "from": .string(instant(period.from)), "to": .string(instant(period.to)),
                        "timeZone": .string(period.timeZone), "timeZoneOffset": .string(period.timeZoneOffset),
                    ]
                }),
            "targetUserIds": .array(zone.targetUserIds.map(JSONValue.string)),
            "activeTimeType": .string(zone.activeTimeType),
            "startTime": scheduled ? .from(start.map(instant)) : .null,
            "endTime": scheduled ? .from(end.map(instant)) : .null,
            "triggerNotificationType": .string(zone.triggerNotificationType),
            "dwellTime": .from(zone.dwellTime),
            "isValidNow": .bool(isValidNow),
            "isValidNowUtcTimestamp": .string(now.iso8601),
            "proximity": proximity.map { .double(($0 * 10).rounded() / 10) } ?? .null,
            "relatedItem": [
                "type": .string(zone.relatedType),
                "itemIdInfo": .string(zone.relatedItemId),
                "title": .string(zone.relatedTitle),
                "subtitle": .string(zone.relatedSubtitle),
                "price": zone.relatedPrice.map(JSONValue.double) ?? .null,
                "startDate": scheduled ? .from(start.map(instant)) : .null,
            ],
        ]
    }

    /// `{currentDate, engagements:{meta:{offset, limit, total}, data:[…]}}`.
    static func page(_ matches: GeozoneMatches, limit: Int, now: Date) -> JSONValue {
        [
            "currentDate": .string(now.iso8601),
            "engagements": [
                "meta": ["offset": 0, "limit": .integer(Int64(limit)), "total": .integer(Int64(matches.total))],
                "data": .array(
                    matches.zones.map {
                        engagement($0.zone, proximity: $0.proximity, isValidNow: $0.isValidNow, now: now)
                    }),
            ],
        ]
    }

    private static func instant(_ epoch: Double) -> String { Date(timeIntervalSince1970: epoch).iso8601 }
}
