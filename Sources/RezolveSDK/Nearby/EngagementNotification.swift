import Foundation

/// The one notification a bundle of entered zones becomes (spec §5.9 rule 7).
public struct EngagementNotification: Sendable, Equatable, Identifiable {
    public let id: String
    public let engagements: [GeofenceData]
    public let title: String
    public let body: String
    public let createdAt: Date
    /// Built from suppressed zones because ``NearbyEngagementsManager/debugNotifications`` is on.
    public let isDebug: Bool

    public init(id: String, engagements: [GeofenceData], title: String, body: String, createdAt: Date, isDebug: Bool) {
        self.id = id
        self.engagements = engagements
        self.title = title
        self.body = body
        self.createdAt = createdAt
        self.isDebug = isDebug
    }
}
