import CommerceCore
import Foundation

/// One geo engagement the engine monitors (spec §2.8), with its distance from the latest location.
public struct GeofenceData: Sendable, Equatable {
    /// The geo engagement's id (the zone).
    public let engagementId: String
    /// The zone's name; its id when the service gives no name.
    public let name: String
    /// Latitude of the zone's centre in degrees, as the geozone service sent it.
    public let centerLatitude: Double
    /// Longitude of the zone's centre in degrees, as the geozone service sent it.
    public let centerLongitude: Double
    /// Metres.
    public let radius: Double
    /// Metres from the latest location to the centre; the server's proximity until a sample has been seen.
    public internal(set) var distance: Double
    /// What entering the zone should show.
    public let relatedItem: GeofenceRelatedItem
    /// `Enter` (the only kind the services send).
    public let triggerNotificationType: String
    /// Seconds the device must stay inside before the zone counts as entered; `nil` for at once.
    public let dwellTime: Int?
    /// The engagement the resolver answers for this zone (the wire's `clientReferenceId`), if any.
    public let resolverEngagementId: String?
    /// Whether the server called the zone valid when it was fetched.
    public let isValidNow: Bool
    /// When a `Scheduled` zone is active; empty for `Always`.
    let validityWindows: [ClosedRange<Date>]

    /// The zone's centre as one coordinate.
    public var center: RezolveCoordinate { RezolveCoordinate(latitude: centerLatitude, longitude: centerLongitude) }

    /// Whether the zone may be entered at `now`: valid when fetched, or inside one of its validity periods
    /// since (so a zone listed as "about to start" needs no refresh to become enterable).
    func isActive(at now: Date) -> Bool {
        isValidNow || validityWindows.contains { $0.contains(now) }
    }

    /// `type:itemIdInfo`, the key duplicates and suppression use.
    var relatedItemKey: String { relatedItem.key }

    init(
        engagementId: String, name: String, center: GeoPoint, radius: Double, distance: Double,
        relatedItem: GeofenceRelatedItem, triggerNotificationType: String = "Enter", dwellTime: Int? = nil,
        resolverEngagementId: String? = nil, isValidNow: Bool = true, validityWindows: [ClosedRange<Date>] = []
    ) {
        self.engagementId = engagementId
        self.name = name
        self.centerLatitude = center.latitude
        self.centerLongitude = center.longitude
        self.radius = radius
        self.distance = distance
        self.relatedItem = relatedItem
        self.triggerNotificationType = triggerNotificationType
        self.dwellTime = dwellTime
        self.resolverEngagementId = resolverEngagementId
        self.isValidNow = isValidNow
        self.validityWindows = validityWindows
    }
}

/// What a geo engagement points to.
public struct GeofenceRelatedItem: Sendable, Equatable {
    /// `Product`, `Category`, `Act` or `Url`.
    public let type: String
    /// Id of the item, as text, in the form its type uses.
    public let itemIdInfo: String
    /// Heading to show for the item.
    public let title: String
    /// Second line to show for the item.
    public let subtitle: String

    /// Creates a related item, for tests and previews.
    public init(type: String, itemIdInfo: String, title: String, subtitle: String) {
        self.type = type
        self.itemIdInfo = itemIdInfo
        self.title = title
        self.subtitle = subtitle
    }

    var key: String { type + ":" + itemIdInfo }
}
