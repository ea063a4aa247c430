import CommerceCore
import CommerceTesting
import Foundation
import RezolveSDK

/// The client engine's cost per location sample (distances, enter/exit/dwell decisions, the distance report to
/// the delegate, the serial queue hop) with 20 and with 1,000 zones, against one haversine per zone.
@MainActor
struct NearbyEngineBenchmark {
    let quick: Bool

    func run() async throws {
        print("Nearby engine: cost per location sample vs one haversine per zone")
        print("  zones   per sample µs   haversines µs   ratio")
        for zoneCount in [20, 1_000] {
            let (perSample, baseline) = try await measure(zoneCount: zoneCount)
            print(
                "  \(String(zoneCount).leftPad(5))  \(format(perSample * 1e6, 2).leftPad(14))  \(format(baseline * 1e6, 2).leftPad(14))"
                    + "  \(format(perSample / baseline, 2).leftPad(6))")
        }
        print("")
    }

    private func measure(zoneCount: Int) async throws -> (perSample: Double, baseline: Double) {
        let city = GeoPoint(latitude: 40.7580, longitude: -73.9855)
        var generator = SystemRandomNumberGenerator()
        // Zones within 2 km, so every sample stays inside the first query's refresh distance.
        let zones: [GeoPoint] = (0..<zoneCount).map { _ in
            GeoPoint(
                latitude: city.latitude + Double.random(in: -0.018...0.018, using: &generator),
                longitude: city.longitude + Double.random(in: -0.024...0.024, using: &generator))
        }
        let page = Self.page(zones)
        let transport = InMemoryTransport { request in
            if request.url.path == "/v1/OAuthProxy/token" {
                return .json(200, #"{"bearerToken":"b","expirationUtc":"2099-01-01T00:00:00Z"}"#)
            }
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: page)
        }
        guard let environment = RezolveEnv(rawValue: "http://127.0.0.1:1") else {
            throw BenchmarkFailure("bad environment URL")
        }
        let config = RezolveConfig(
            transport: transport, sleep: { _ in }, deviceIdProvider: FixedDeviceIdProvider("bench"),
            store: PersistentStore(inMemory: [:]))
        let settings = SspActManagerSettings(
            auth0ClientId: "c", auth0Secret: "s", auth0Audience: "a",
            auth0Endpoint: "http://127.0.0.1:1", sspEndpoint: "http://127.0.0.1:1",
            sspWidth: "400", baiduLocationKey: nil)
        let sdk = Rezolve(
            apiKey: "k", partnerId: "1", subPartnerId: nil, environment: environment, config: config,
            sspActManagerSettings: settings, coordinatesConverter: .default)
        guard let ssp = sdk.createRezolveSsp() else { throw BenchmarkFailure("no SSP") }
        let clock = TestClock(Date(timeIntervalSince1970: 1_767_225_600), mode: .suspending)
        let manager = ssp.makeNearbyEngagementsManager(
            locationSource: ManualLocationSource(), dateSource: clock.dateSource,
            sleep: clock.sleep)
        manager.maximumMonitoredZones = zoneCount
        manager.notificationSink = nil

        let samples = (0..<(quick ? 2_000 : 20_000)).map { _ in
            RezolveLocationSample(
                latitude: city.latitude + Double.random(in: -0.01...0.01, using: &generator),
                longitude: city.longitude + Double.random(in: -0.01...0.01, using: &generator))
        }
        await manager.process(samples[0])  // the one zone query
        guard manager.monitoredZones.count == zoneCount else {
            throw BenchmarkFailure("monitoring \(manager.monitoredZones.count) zones")
        }
        let timer = ContinuousClock()
        let began = timer.now
        for sample in samples.dropFirst() { await manager.process(sample) }
        let perSample = (timer.now - began).seconds / Double(samples.count - 1)

        // The floor: one haversine per zone for the same samples, kept alive through a sum.
        var sink = 0.0
        let floorBegan = timer.now
        for sample in samples.dropFirst() {
            let point = GeoPoint(latitude: sample.latitude, longitude: sample.longitude)
            for zone in zones { sink += point.distance(to: zone) }
        }
        let baseline = (timer.now - floorBegan).seconds / Double(samples.count - 1)
        if sink.isNaN { print("unreachable") }
        return (perSample, baseline)
    }

    private static func page(_ zones: [GeoPoint]) -> Data {
        let data: [JSONValue] = zones.enumerated().map { index, zone in
            [
                "id": .string("z\(index)"), "name": "Zone",
                "areas": [
                    [
                        "center": [
                            "type": "Point",
                            "coordinates": ["latitude": .double(zone.latitude), "longitude": .double(zone.longitude)],
                        ],
                        "radiusInMeters": 150,
                    ]
                ],
                "triggerNotificationType": "Enter", "dwellTime": .null, "isValidNow": true, "activeTimeType": "Always",
                "proximity": 0,
                "relatedItem": ["type": "Product", "itemIdInfo": .string("\(index)"), "title": "Item", "subtitle": ""],
            ]
        }
        let page: JSONValue = [
            "currentDate": "2026-01-01T00:00:00Z",
            "engagements": [
                "meta": ["offset": 0, "limit": 100, "total": .integer(Int64(zones.count))], "data": .array(data),
            ],
        ]
        return page.serializedData()
    }
}
