import CommerceCore
import CommerceTesting
import Foundation

@testable import RezolveSDK

/// A fake SSP for the engine: the OAuth proxy answers with a long-lived bearer and the geozone query answers
/// with whatever zones the test has placed, all through an `InMemoryTransport`.
final class FakeGeozoneServer: Sendable {
    struct Zone: Sendable {
        var id: String
        var latitude: Double
        var longitude: Double
        var radius: Double
        var type = "Product"
        var item: String
        var title: String
        var subtitle = ""
        var dwellTime: Int?
        var isValidNow = true
        var validFrom: Date?
        var validTo: Date?
        var engagementId: String?
    }

    private let zones = Locked<[Zone]>([])
    private let failures = Locked<[Int]>([])
    let transport: InMemoryTransport

    init() {
        let zones = self.zones
        let failures = self.failures
        transport = InMemoryTransport { request in
            if request.url.path == "/v1/OAuthProxy/token" {
                return .json(200, #"{"bearerToken":"bearer-1","expirationUtc":"2099-01-01T00:00:00Z"}"#)
            }
            if request.url.path.hasPrefix("/v1/resolver/400/api/v2/payoffcpm/") {
                let id = request.url.lastPathComponent
                return .json(
                    200,
                    #"{"result":"Success","serviceId":"scan-1","payloadPath":"/engagements/\#(id)","payoffs":[],"rezolveCustomPayload":{"isActive":true,"product":null,"category":null,"act":{"id":"act-1","name":"Newsletter sign-up","customUrl":null,"isInformationPage":false,"isBuy":false,"pageBuildingBlocks":[{"id":"b1","type":"text","text":"Join our newsletter"}],"questions":[]}}}"#
                )
            }
            guard request.url.path == "/v1/Engagements/geolocation/triggered" else { return .json(404, "{}") }
            if let status = failures.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                return .json(status, #"{"title":"Injected","status":\#(status)}"#)
            }
            return .json(200, Self.page(zones.get(), query: request.url))
        }
    }

    func place(_ newZones: [Zone]) { zones.set(newZones) }

    /// The next queries answer these statuses, one each.
    func fail(with statuses: [Int]) { failures.set(statuses) }

    /// The geozone queries sent so far, as their query items.
    var queries: [[String: String]] {
        transport.requests.filter { $0.url.path == "/v1/Engagements/geolocation/triggered" }.map { request in
            var items: [String: String] = [:]
            for item in URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
                items[item.name] = item.value ?? ""
            }
            return items
        }
    }

    private static func page(_ zones: [Zone], query: URL) -> String {
        var items: [String: String] = [:]
        for item in URLComponents(url: query, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            items[item.name] = item.value
        }
        let center = GeoPoint(
            latitude: Double(items["area.center.latitude"] ?? "") ?? 0,
            longitude: Double(items["area.center.longitude"] ?? "") ?? 0)
        let data: [JSONValue] = zones.map { zone in
            let proximity = center.distance(to: GeoPoint(latitude: zone.latitude, longitude: zone.longitude))
            var periods: [JSONValue] = []
            if let from = zone.validFrom, let to = zone.validTo {
                periods = [
                    [
                        "from": .string(from.iso8601), "to": .string(to.iso8601), "timeZone": "UTC",
                        "timeZoneOffset": "+00:00",
                    ]
                ]
            }
            return [
                "id": .string(zone.id), "name": .string(zone.title), "clientReferenceId": .from(zone.engagementId),
                "areas": [
                    [
                        "center": [
                            "type": "Point",
                            "coordinates": [
                                "latitude": .double(zone.latitude),
                                "longitude": .double(zone.longitude),
                            ],
                        ],
                        "radiusInMeters": .double(zone.radius),
                    ]
                ],
                "validityPeriods": .array(periods), "targetUserIds": [],
                "activeTimeType": periods.isEmpty ? "Always" : "Scheduled",
                "triggerNotificationType": "Enter", "dwellTime": zone.dwellTime.map { .integer(Int64($0)) } ?? .null,
                "isValidNow": .bool(zone.isValidNow), "proximity": .double(proximity),
                "relatedItem": [
                    "type": .string(zone.type), "itemIdInfo": .string(zone.item), "title": .string(zone.title),
                    "subtitle": .string(zone.subtitle), "price": .null,
                ],
            ]
        }
        let page: JSONValue = [
            "currentDate": "2026-01-01T00:00:00Z",
            "engagements": [
                "meta": ["offset": 0, "limit": 100, "total": .integer(Int64(data.count))],
                "data": .array(data),
            ],
        ]
        return String(decoding: page.serializedData(), as: UTF8.self)
    }

    // The seeded zones of spec §5.2.
    static let sanJuan = Zone(
        id: "geo-sanjuan", latitude: 18.4655, longitude: -66.1057, radius: 100, type: "Category",
        item: "3", title: "Featured", subtitle: "Books")
    static let manhattanA = Zone(
        id: "geo-manhattan-a", latitude: 40.7580, longitude: -73.9855, radius: 200, type: "Act",
        item: "act-1", title: "Newsletter sign-up", subtitle: "Join", engagementId: "eng-act-1")
    static let manhattanB = Zone(
        id: "geo-manhattan-b", latitude: 40.7580, longitude: -73.9855, radius: 120,
        item: "7", title: "Hoodie", subtitle: "At the Manhattan Store")
    static let manhattanDup = Zone(
        id: "geo-manhattan-dup", latitude: 40.7581, longitude: -73.9856, radius: 100,
        item: "7", title: "Hoodie", subtitle: "Around the corner")
    static let brooklyn = Zone(
        id: "geo-brooklyn", latitude: 40.6782, longitude: -73.9442, radius: 150,
        item: "6", title: "Classic Tee", subtitle: "At the Brooklyn Store")
}

/// Records every delegate call and every notification the sink receives.
@MainActor
final class RecordingNearbyDelegate: NearbyEngagementsManagerDelegate {
    var entered: [String] = []
    var exited: [String] = []
    var failures: [any Error] = []
    var started: [(regions: [String], radius: Int)] = []
    var distanceUpdates: [[GeofenceData]] = []
    var notifications: [EngagementNotification] = []
    var acts: [SspResolverAct?] = []
    /// Fired with each distance update, which the engine makes once per handled sample while distance updates
    /// are on (the default): a test awaits it to know a pushed sample has been handled.
    let samplesHandled = TestSignal()
    /// Fired with each resolved act delivered.
    let actsDelivered = TestSignal()

    func didStartMonitoring(for circularRegions: [RezolveCircularRegion], coordinate: RezolveCoordinate, radius: Int) {
        started.append((circularRegions.map(\.identifier), radius))
    }
    func didEnter(circularRegion: GeofenceData) { entered.append(circularRegion.engagementId) }
    func didExit(circularRegion: GeofenceData) { exited.append(circularRegion.engagementId) }
    func didFail(with error: Error) { failures.append(error) }
    func didUpdateCurrentDistanceFrom(location: RezolveCoordinate, geofences: [GeofenceData], beacons: [BeaconData]) {
        distanceUpdates.append(geofences)
        samplesHandled.fire()
    }
    func didReceiveInAppNotification(engagement: EngagementNotification) { notifications.append(engagement) }
    func didReceiveInAppNotification(act: SspResolverAct?) {
        acts.append(act)
        actsDelivered.fire()
    }
}

/// Collects what a `notificationSink` receives (it may be called from any context).
final class NotificationCollector: Sendable {
    private let received = Locked<[EngagementNotification]>([])
    /// Fired after each notification is recorded.
    let arrived = TestSignal()
    var all: [EngagementNotification] { received.get() }
    var sink: @Sendable (EngagementNotification) -> Void {
        { [received, arrived] note in
            received.withLock { $0.append(note) }
            arrived.fire()
        }
    }
}

/// One engine over a fake SSP, a manual clock and an in-memory store, with a recording delegate.
@MainActor
struct NearbyRig {
    let server = FakeGeozoneServer()
    let clock = TestClock(Date(timeIntervalSince1970: 1_767_225_600), mode: .suspending)
    let store: PersistentStore
    let delegate = RecordingNearbyDelegate()
    let collector = NotificationCollector()
    let manager: NearbyEngagementsManager

    init(
        zones: [FakeGeozoneServer.Zone], store: PersistentStore = PersistentStore(inMemory: [:]),
        converter: CoordinatesConverter = .default, source: any RezolveLocationSource = ManualLocationSource()
    ) {
        self.store = store
        server.place(zones)
        let config = RezolveConfig(
            transport: server.transport, sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider(Fixture.deviceId),
            store: store, clock: clock.dateSource)
        let settings = SspActManagerSettings(
            auth0ClientId: "client", auth0Secret: "secret", auth0Audience: "audience",
            auth0Endpoint: "http://127.0.0.1:8080", sspEndpoint: "http://127.0.0.1:8080",
            sspWidth: "400", baiduLocationKey: nil)
        let rezolve = Rezolve(
            apiKey: "api-key", partnerId: Fixture.partnerId, subPartnerId: nil,
            environment: RezolveEnv(rawValue: "http://127.0.0.1:8080")!, config: config,
            sspActManagerSettings: settings, coordinatesConverter: converter)
        manager = rezolve.createRezolveSsp()!.makeNearbyEngagementsManager(
            locationSource: source, dateSource: clock.dateSource,
            sleep: clock.sleep)
        manager.notificationSink = collector.sink
        manager.delegate = delegate
    }

    /// Feeds one precise sample and waits until the engine has handled it.
    func at(_ latitude: Double, _ longitude: Double, accuracy: Double = 5) async {
        await manager.process(
            RezolveLocationSample(latitude: latitude, longitude: longitude, horizontalAccuracy: accuracy))
    }

    /// Lets the bundling window close: moves the clock past it and handles one more sample there.
    func closeWindow(at latitude: Double, _ longitude: Double) async {
        clock.advance(manager.bundlingWindow)
        await at(latitude, longitude)
    }
}
