import Foundation
import GRDB

extension RZGeozone {
    /// Reads a whole row without the keyed `Codable` decoder. The query loads up to `limit` zones per request,
    /// and keyed decoding plus two JSON decoders per zone cost more than the grid's whole ranking. Same columns
    /// and JSON as the `Codable` form; the JSON decoder runs only for non-empty lists.
    init(row: Row) throws {
        self.init(
            seq: try row.decode(forColumn: "seq"), id: try row.decode(forColumn: "id"),
            engagementId: try row.decode(forColumn: "engagement_id"), name: try row.decode(forColumn: "name"),
            latitude: try row.decode(forColumn: "latitude"), longitude: try row.decode(forColumn: "longitude"),
            radiusMeters: try row.decode(forColumn: "radius_meters"),
            activeTimeType: try row.decode(forColumn: "active_time_type"),
            validityPeriods: try Self.jsonList(try row.decode(forColumn: "validity_periods"), "validity_periods"),
            targetUserIds: try Self.jsonList(try row.decode(forColumn: "target_user_ids"), "target_user_ids"),
            triggerNotificationType: try row.decode(forColumn: "trigger_notification_type"),
            dwellTime: try row.decode(forColumn: "dwell_time"), relatedType: try row.decode(forColumn: "related_type"),
            relatedItemId: try row.decode(forColumn: "related_item_id"),
            relatedTitle: try row.decode(forColumn: "related_title"),
            relatedSubtitle: try row.decode(forColumn: "related_subtitle"),
            relatedPrice: try row.decode(forColumn: "related_price"),
            createdAt: try row.decode(forColumn: "created_at"))
    }

    /// Decodes a `validity_periods` column the way the record itself stores it.
    static func validityPeriods(_ text: String) throws -> [GeozoneValidityPeriod] {
        try jsonList(text, "validity_periods")
    }

    /// A JSON list column as the record stores it.
    private static func jsonList<Element: Decodable>(_ text: String, _ column: String) throws -> [Element] {
        if text == "[]" { return [] }
        return try databaseJSONDecoder(for: column).decode([Element].self, from: Data(text.utf8))
    }
}
