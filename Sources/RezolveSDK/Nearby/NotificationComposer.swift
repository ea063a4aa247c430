import Foundation

/// Turns a closed bundle of entered zones into at most one notification (spec §5.9 rules 7–9): suppression
/// first, then duplicates of one related item (keeping the nearest), then the title and body.
enum NotificationComposer {
    struct Outcome: Sendable {
        let notification: EngagementNotification
        /// Whether delivering it should update the suppression memory (never for a debug notification).
        let recordsSuppression: Bool
    }

    static func compose(
        _ bundle: [GeofenceData], memory: SuppressionMemory, silencePeriod: TimeInterval,
        debug: Bool, now: Date, id: String = UUID().uuidString
    ) -> Outcome? {
        let fresh = bundle.filter { !memory.isSuppressed($0, now: now, silencePeriod: silencePeriod) }
        let anySuppressed = fresh.count < bundle.count
        let isDebug = debug && anySuppressed
        let chosen = isDebug ? bundle : fresh
        guard !chosen.isEmpty else { return nil }

        var seenItems = Set<String>()
        let kept = chosen.sorted { ($0.distance, $0.engagementId) < ($1.distance, $1.engagementId) }
            .filter { seenItems.insert($0.relatedItemKey).inserted }

        let title: String
        let body: String
        if kept.count == 1 {
            title = kept[0].relatedItem.title
            body = kept[0].relatedItem.subtitle
        } else {
            title = "\(kept.count) nearby offers"
            body = kept.map(\.relatedItem.title).joined(separator: "\n")
        }
        let notification = EngagementNotification(
            id: id, engagements: kept, title: title, body: body,
            createdAt: now, isDebug: isDebug)
        return Outcome(notification: notification, recordsSuppression: !isDebug)
    }
}
