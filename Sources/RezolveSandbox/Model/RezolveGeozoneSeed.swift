import Foundation
import GRDB

/// The seeded geozones of spec §5.2: one in Brooklyn, three overlapping in Manhattan (for bundling and for
/// discarding a duplicate related item) and one in San Juan. Time-dependent zones are added by tests.
enum RezolveGeozoneSeed {
    private struct Zone {
        let id: String, engagementId: String?, latitude: Double, longitude: Double, radius: Double
        let type: String, itemId: String, title: String, subtitle: String, price: Double?
    }

    private static let zones = [
        Zone(
            id: "geo-brooklyn", engagementId: "eng-product-6", latitude: 40.6782, longitude: -73.9442, radius: 150,
            type: "Product", itemId: "6", title: "Classic Tee", subtitle: "At the Brooklyn Store", price: 20.00),
        Zone(
            id: "geo-manhattan-a", engagementId: "eng-act-1", latitude: 40.7580, longitude: -73.9855, radius: 200,
            type: "Act", itemId: "act-1", title: "Newsletter sign-up", subtitle: "Join our newsletter", price: nil),
        Zone(
            id: "geo-manhattan-b", engagementId: nil, latitude: 40.7580, longitude: -73.9855, radius: 120,
            type: "Product", itemId: "7", title: "Hoodie", subtitle: "At the Manhattan Store", price: 45.00),
        Zone(
            id: "geo-manhattan-dup", engagementId: nil, latitude: 40.7581, longitude: -73.9856, radius: 100,
            type: "Product", itemId: "7", title: "Hoodie", subtitle: "Around the corner", price: 45.00),
        Zone(
            id: "geo-sanjuan", engagementId: nil, latitude: 18.4655, longitude: -66.1057, radius: 100,
            type: "Category", itemId: "3", title: "Featured", subtitle: "Sandbox Books & Media", price: nil),
    ]

    /// Inserts the zones that are missing (idempotent, as `SandboxService.seed` requires).
    static func seed(_ db: Database, now: Double) throws {
        for zone in zones where try !RezolveGeozoneStore.contains(id: zone.id, db) {
            _ = try RezolveGeozoneStore.insert(
                RZGeozone(
                    seq: nil, id: zone.id, engagementId: zone.engagementId, name: zone.title, latitude: zone.latitude,
                    longitude: zone.longitude, radiusMeters: zone.radius, activeTimeType: "Always", validityPeriods: [],
                    targetUserIds: [], triggerNotificationType: "Enter", dwellTime: nil, relatedType: zone.type,
                    relatedItemId: zone.itemId, relatedTitle: zone.title, relatedSubtitle: zone.subtitle,
                    relatedPrice: zone.price, createdAt: now), db)
        }
    }
}
