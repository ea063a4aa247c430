import Foundation

/// The one notification a bundle of entered zones becomes (spec §5.9 rule 7).
public struct EngagementNotification: Sendable, Equatable, Identifiable {
    /// A unique id for the notification, also used for the local notification request.
    public let id: String
    /// The zones the notification announces, one or more.
    public let engagements: [GeofenceData]
    /// The notification's heading.
    public let title: String
    /// The notification's text.
    public let body: String
    /// When the notification was composed.
    public let createdAt: Date
    /// Built from suppressed zones because ``NearbyEngagementsManager/debugNotifications`` is on.
    public let isDebug: Bool

    /// Creates a notification, for tests and for apps that compose their own.
    public init(id: String, engagements: [GeofenceData], title: String, body: String, createdAt: Date, isDebug: Bool) {
        self.id = id
        self.engagements = engagements
        self.title = title
        self.body = body
        self.createdAt = createdAt
        self.isDebug = isDebug
    }
}
