import CommerceCore
import Foundation

/// Where the device is relative to one zone (spec §5.9 rules 4–5).
enum ZonePresence: Equatable, Sendable {
    case outside
    /// Inside a zone with a `dwellTime`, not yet long enough to count as entered.
    case dwelling(since: Date)
    /// Entered; stays so until the device is beyond the exit distance.
    case inside
}

/// The enter/exit state machine over the monitored zones. Pure: it measures and decides, the manager talks.
///
/// | From | Condition (accurate sample, zone active) | To | Reported |
/// |---|---|---|---|
/// | outside | distance ≤ radius, no dwell time | inside | enter |
/// | outside | distance ≤ radius, dwell time | dwelling | — |
/// | dwelling | distance > radius | outside | — |
/// | dwelling | inside for dwell time | inside | enter |
/// | inside | distance > radius + max(10 %, 10 m) | outside | exit |
struct ZoneTracker: Sendable {
    /// The monitored zones, nearest first, each with its latest distance.
    private(set) var zones: [GeofenceData] = []
    private var presence: [String: ZonePresence] = [:]

    struct Transitions: Sendable {
        var entered: [GeofenceData] = []
        var exited: [GeofenceData] = []
    }

    /// The distance beyond which an entered zone counts as left: 10 % of the radius, at least 10 m.
    static func exitDistance(radius: Double) -> Double { radius + max(radius * 0.1, 10) }

    func presence(of engagementId: String) -> ZonePresence { presence[engagementId] ?? .outside }

    /// Monitors `newZones` from now on. A zone kept from the previous set keeps its state, so a refresh does not
    /// enter it again; a dropped zone is forgotten.
    mutating func replaceZones(_ newZones: [GeofenceData]) {
        let ids = Set(newZones.map(\.engagementId))
        presence = presence.filter { ids.contains($0.key) }
        zones = newZones
    }

    mutating func reset() {
        zones = []
        presence = [:]
    }

    /// Measures every zone from `point` and applies the transitions. A sample whose accuracy is worse than a
    /// zone's radius updates that zone's distance but decides nothing about it.
    mutating func observe(_ point: GeoPoint, accuracy: Double, at now: Date) -> Transitions {
        var transitions = Transitions()
        for index in zones.indices {
            let distance = point.distance(
                to: GeoPoint(
                    latitude: zones[index].centerLatitude,
                    longitude: zones[index].centerLongitude))
            zones[index].distance = distance
            let zone = zones[index]
            guard accuracy <= zone.radius else { continue }
            let state = presence[zone.engagementId] ?? .outside
            let isWithin = distance <= zone.radius
            switch state {
            case .outside:
                guard isWithin, zone.isActive(at: now) else { continue }
                if let dwell = zone.dwellTime, dwell > 0 {
                    presence[zone.engagementId] = .dwelling(since: now)
                } else {
                    presence[zone.engagementId] = .inside
                    transitions.entered.append(zone)
                }
            case .dwelling(let since):
                if !isWithin {
                    presence[zone.engagementId] = .outside
                } else if now.timeIntervalSince(since) >= Double(zone.dwellTime ?? 0) {
                    presence[zone.engagementId] = .inside
                    transitions.entered.append(zone)
                }
            case .inside:
                if distance > Self.exitDistance(radius: zone.radius) {
                    presence[zone.engagementId] = .outside
                    transitions.exited.append(zone)
                }
            }
        }
        return transitions
    }
}
