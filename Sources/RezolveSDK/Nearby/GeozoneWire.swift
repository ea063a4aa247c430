import CommerceCore
import Foundation

/// `GET /v1/Engagements/geolocation/triggered`'s answer (spec §3.5.11), decoded to what the engine needs.
struct GeozonePage: Decodable, Sendable {
    let engagements: Engagements

    struct Engagements: Decodable, Sendable {
        let data: [GeoEngagementWire]
    }
}

/// One geo engagement as the SSP sends it. Fields the engine does not use are not decoded.
struct GeoEngagementWire: Decodable, Sendable {
    let id: String
    let name: String?
    let clientReferenceId: String?
    let areas: [Area]
    let validityPeriods: [Period]?
    let activeTimeType: String?
    let triggerNotificationType: String?
    let dwellTime: Int?
    let isValidNow: Bool?
    let proximity: Double?
    let relatedItem: Related

    struct Area: Decodable, Sendable {
        let center: Center
        let radiusInMeters: Double
    }

    struct Center: Decodable, Sendable {
        let coordinates: Coordinates
    }

    struct Coordinates: Decodable, Sendable {
        let latitude: Double
        let longitude: Double
    }

    struct Period: Decodable, Sendable {
        let from: Date
        let to: Date
    }

    struct Related: Decodable, Sendable {
        let type: String
        let itemIdInfo: String
        let title: String?
        let subtitle: String?

        enum CodingKeys: String, CodingKey { case type, itemIdInfo, title, subtitle }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = try c.decode(String.self, forKey: .type)
            // Ids are strings in the sandbox; a numeric id from elsewhere is read as its decimal text.
            if let number = try? c.decode(Int64.self, forKey: .itemIdInfo) {
                itemIdInfo = String(number)
            } else {
                itemIdInfo = try c.decode(String.self, forKey: .itemIdInfo)
            }
            title = try c.decodeIfPresent(String.self, forKey: .title)
            subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        }
    }

    /// The zone as the engine monitors it: the first area is the circle (the services send one per zone).
    var geofence: GeofenceData? {
        guard let area = areas.first, area.radiusInMeters > 0 else { return nil }
        let center = GeoPoint(latitude: area.center.coordinates.latitude, longitude: area.center.coordinates.longitude)
        guard center.isValid else { return nil }
        let scheduled = activeTimeType == "Scheduled"
        return GeofenceData(
            engagementId: id, name: name ?? id, center: center, radius: area.radiusInMeters,
            distance: proximity ?? .infinity,
            relatedItem: GeofenceRelatedItem(
                type: relatedItem.type, itemIdInfo: relatedItem.itemIdInfo,
                title: relatedItem.title ?? "", subtitle: relatedItem.subtitle ?? ""),
            triggerNotificationType: triggerNotificationType ?? "Enter", dwellTime: dwellTime,
            resolverEngagementId: clientReferenceId, isValidNow: isValidNow ?? true,
            validityWindows: scheduled
                ? (validityPeriods ?? []).filter { $0.from <= $0.to }.map { $0.from...$0.to } : [])
    }
}
