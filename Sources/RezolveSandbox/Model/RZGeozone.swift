import CommerceCore
import Foundation
import GRDB

/// One circular geo engagement zone (`rz_geozone`). Instants are epoch seconds.
struct RZGeozone: RezolveRecord, Equatable {
    static let databaseTableName = RezolveGeozoneSchema.table
    /// The R*Tree's key; `nil` until inserted.
    var seq: Int64?
    var id: String
    /// The linked `rz_engagement` that the resolver answers for this zone, if any.
    var engagementId: String?
    var name: String
    var latitude: Double
    var longitude: Double
    var radiusMeters: Double
    /// `Always` or `Scheduled`.
    var activeTimeType: String
    var validityPeriods: [GeozoneValidityPeriod]
    var targetUserIds: [String]
    var triggerNotificationType: String
    var dwellTime: Int64?
    /// `Product`, `Category`, `Act` or `Url`.
    var relatedType: String
    var relatedItemId: String
    var relatedTitle: String
    var relatedSubtitle: String
    var relatedPrice: Double?
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case seq, id, name, latitude, longitude
        case engagementId = "engagement_id"
        case radiusMeters = "radius_meters"
        case activeTimeType = "active_time_type"
        case validityPeriods = "validity_periods"
        case targetUserIds = "target_user_ids"
        case triggerNotificationType = "trigger_notification_type"
        case dwellTime = "dwell_time"
        case relatedType = "related_type"
        case relatedItemId = "related_item_id"
        case relatedTitle = "related_title"
        case relatedSubtitle = "related_subtitle"
        case relatedPrice = "related_price"
        case createdAt = "created_at"
    }

    enum Columns {
        static let seq = Column(CodingKeys.seq)
        static let id = Column(CodingKeys.id)
        static let engagementId = Column(CodingKeys.engagementId)
        static let name = Column(CodingKeys.name)
        static let latitude = Column(CodingKeys.latitude)
        static let longitude = Column(CodingKeys.longitude)
        static let radiusMeters = Column(CodingKeys.radiusMeters)
        static let activeTimeType = Column(CodingKeys.activeTimeType)
        static let validityPeriods = Column(CodingKeys.validityPeriods)
        static let targetUserIds = Column(CodingKeys.targetUserIds)
        static let triggerNotificationType = Column(CodingKeys.triggerNotificationType)
        static let dwellTime = Column(CodingKeys.dwellTime)
        static let relatedType = Column(CodingKeys.relatedType)
        static let relatedItemId = Column(CodingKeys.relatedItemId)
        static let relatedTitle = Column(CodingKeys.relatedTitle)
        static let relatedSubtitle = Column(CodingKeys.relatedSubtitle)
        static let relatedPrice = Column(CodingKeys.relatedPrice)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    var center: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }

    /// Whether the zone is active at `now`.
    func isValid(at now: Double) -> Bool {
        activeTimeType != "Scheduled" || Self.isValid(validityPeriods, at: now)
    }

    /// Whether the zone is active at some instant of `[now, now + seconds]` (the query's `MinutesFurther`).
    func isValid(within seconds: Double, of now: Double) -> Bool {
        activeTimeType != "Scheduled" || Self.isValid(validityPeriods, within: seconds, of: now)
    }

    /// Whether one of a scheduled zone's `periods` contains `now`.
    static func isValid(_ periods: [GeozoneValidityPeriod], at now: Double) -> Bool {
        periods.contains { $0.from <= now && now <= $0.to }
    }

    /// Whether one of a scheduled zone's `periods` meets `[now, now + seconds]`.
    static func isValid(_ periods: [GeozoneValidityPeriod], within seconds: Double, of now: Double) -> Bool {
        periods.contains { $0.from <= now + seconds && now <= $0.to }
    }
}

/// A window in which a `Scheduled` zone is active.
struct GeozoneValidityPeriod: Codable, Sendable, Equatable {
    var from: Double
    var to: Double
    var timeZone: String
    var timeZoneOffset: String
}
