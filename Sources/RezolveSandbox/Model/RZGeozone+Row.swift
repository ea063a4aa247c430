import Foundation
import GRDB

extension RZGeozone {
    /// The columns ``init(selected:)`` reads, in its order.
    static let selectedColumns = """
        seq, id, engagement_id, name, latitude, longitude, radius_meters, active_time_type, validity_periods,
        target_user_ids, trigger_notification_type, dwell_time, related_type, related_item_id, related_title,
        related_subtitle, related_price, created_at
        """

    /// Reads a row of ``selectedColumns`` by position. The query loads up to `limit` zones per request, and the
    /// keyed `Codable` decoder (a column-name look-up per field, two JSON decoders per zone) cost more than the
    /// grid's whole ranking. Same values as the `Codable` form, which the equality tests compare it with; the JSON
    /// decoder runs only for non-empty lists.
    init(selected row: Row) throws {
        self.init(
            seq: try row.decode(atIndex: 0), id: try row.decode(atIndex: 1), engagementId: try row.decode(atIndex: 2),
            name: try row.decode(atIndex: 3), latitude: try row.decode(atIndex: 4),
            longitude: try row.decode(atIndex: 5), radiusMeters: try row.decode(atIndex: 6),
            activeTimeType: try row.decode(atIndex: 7),
            validityPeriods: try Self.jsonList(try row.decode(atIndex: 8), "validity_periods"),
            targetUserIds: try Self.jsonList(try row.decode(atIndex: 9), "target_user_ids"),
            triggerNotificationType: try row.decode(atIndex: 10), dwellTime: try row.decode(atIndex: 11),
            relatedType: try row.decode(atIndex: 12), relatedItemId: try row.decode(atIndex: 13),
            relatedTitle: try row.decode(atIndex: 14), relatedSubtitle: try row.decode(atIndex: 15),
            relatedPrice: try row.decode(atIndex: 16), createdAt: try row.decode(atIndex: 17))
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
