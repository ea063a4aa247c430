import CommerceCore
import Foundation

/// When each engagement and each related item was last notified (spec §3.11 `rezolve/nearby/suppression`):
/// `{"engagements": {id: epoch}, "relatedItems": {"<type>:<itemIdInfo>": epoch}}`.
struct SuppressionMemory: Codable, Sendable, Equatable {
    static let storeKey = "rezolve/nearby/suppression"

    var engagements: [String: Double] = [:]
    var relatedItems: [String: Double] = [:]

    /// Whether `zone`'s engagement or related item was notified less than `silencePeriod` before `now`.
    func isSuppressed(_ zone: GeofenceData, now: Date, silencePeriod: TimeInterval) -> Bool {
        let cutoff = now.timeIntervalSince1970 - silencePeriod
        if let last = engagements[zone.engagementId], last > cutoff { return true }
        if let last = relatedItems[zone.relatedItemKey], last > cutoff { return true }
        return false
    }

    mutating func record(_ zones: [GeofenceData], at now: Date) {
        for zone in zones {
            engagements[zone.engagementId] = now.timeIntervalSince1970
            relatedItems[zone.relatedItemKey] = now.timeIntervalSince1970
        }
    }

    static func load(from store: PersistentStore) -> SuppressionMemory {
        store.codable(SuppressionMemory.self, forKey: storeKey) ?? SuppressionMemory()
    }

    func save(to store: PersistentStore) { store.set(codable: self, forKey: Self.storeKey) }
}
