import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The geozone query (spec §3.5.11, §4.2, §5.9), its R*Tree index, the seeded zones of §5.2 and
/// `POST /sandbox/rezolve/geozones` (§5.11).
@Suite struct RezolveGeozoneTests {
    static let path = "/v1/Engagements/geolocation/triggered"

    private func bearer(_ rig: RezolveRig) async throws -> String {
        let reply = try await rig.call(
            .post, "/v1/OAuthProxy/token",
            json: [
                "clientId": "sbx-ssp-client", "clientSecret": "sbx-ssp-secret-not-a-secret",
                "apiAudience": "commercekit-sandbox-audience",
            ])
        return try #require(reply.json["bearerToken"]?.stringValue, "\(reply.status) \(reply.text)")
    }

    private func query(_ rig: RezolveRig, _ parameters: String, bearer: String?) async throws -> RezolveRig.Reply {
        try await rig.call(
            .get, Self.path + "?" + parameters,
            headers: bearer.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    private func ids(_ reply: RezolveRig.Reply) -> [String] {
        reply.json["engagements"]?["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test func manhattanQueryListsTheOverlappingZonesByProximity() async throws {
        let rig = try RezolveRig()
        let token = try await bearer(rig)
        let reply = try await query(
            rig,
            "area.center.latitude=40.7580&area.center.longitude=-73.9855&area.coordinatestype=WGS84"
                + "&area.radiusinmeters=50&ResultCoordinateType=WGS84&MinutesFurther=40&limit=100", bearer: token)
        #expect(reply.status == 200)
        #expect(ids(reply) == ["geo-manhattan-a", "geo-manhattan-b", "geo-manhattan-dup"])
        #expect(reply.json["engagements"]?["meta"] == ["offset": 0, "limit": 100, "total": 3])
        let dup = try #require(reply.json["engagements"]?["data"]?[2])
        #expect(dup["proximity"]?.doubleValue == 13.9)
        #expect(dup["relatedItem"]?["type"] == "Product")
        #expect(dup["relatedItem"]?["itemIdInfo"] == "7")
        #expect(dup["areas"]?[0]?["center"]?["coordinates"]?["values"] == [-73.9856, 40.7581])
        #expect(dup["areas"]?[0]?["radiusInMeters"]?.doubleValue == 100)
        #expect(dup["isValidNow"] == true)
        #expect(reply.json["engagements"]?["data"]?[0]?["clientReferenceId"] == "eng-act-1")
    }

    @Test func zonesReachTheQueryCircleByTheirOwnRadius() async throws {
        let rig = try RezolveRig()
        let token = try await bearer(rig)
        // 300 m south of Brooklyn's centre: only the 150 m zone's edge is within 200 m of the query centre.
        let near = try await query(
            rig, "area.center.latitude=40.67550&area.center.longitude=-73.9442&area.radiusinmeters=200", bearer: token)
        #expect(ids(near) == ["geo-brooklyn"])
        let far = try await query(
            rig, "area.center.latitude=40.67550&area.center.longitude=-73.9442&area.radiusinmeters=100", bearer: token)
        #expect(ids(far).isEmpty)
        #expect(far.json["engagements"]?["meta"]?["total"] == 0)
    }

    @Test func limitCutsTheListButTotalCountsEveryMatch() async throws {
        let rig = try RezolveRig()
        let token = try await bearer(rig)
        let reply = try await query(
            rig, "area.center.latitude=40.7580&area.center.longitude=-73.9855&area.radiusinmeters=50&limit=2",
            bearer: token)
        #expect(ids(reply) == ["geo-manhattan-a", "geo-manhattan-b"])
        #expect(reply.json["engagements"]?["meta"] == ["offset": 0, "limit": 2, "total": 3])
    }

    @Test func bd09CentreIsConvertedBeforeTheDistanceMaths() async throws {
        let rig = try RezolveRig()
        let token = try await bearer(rig)
        let bd = ChinaCoordinateTransform.wgs84ToBD09(GeoPoint(latitude: 18.4655, longitude: -66.1057))
        let asBaidu = try await query(
            rig,
            "area.center.latitude=\(bd.latitude)&area.center.longitude=\(bd.longitude)"
                + "&area.coordinatestype=BD09&area.radiusinmeters=10", bearer: token)
        #expect(ids(asBaidu) == ["geo-sanjuan"])
        #expect((asBaidu.json["engagements"]?["data"]?[0]?["proximity"]?.doubleValue ?? 99) < 0.5)
        let asGPS = try await query(
            rig,
            "area.center.latitude=\(bd.latitude)&area.center.longitude=\(bd.longitude)"
                + "&area.coordinatestype=WGS84&area.radiusinmeters=10", bearer: token)
        #expect(ids(asGPS).isEmpty)
    }

    @Test func scheduledZoneIsListedWithinMinutesFurtherAndValidOnceItStarts() async throws {
        let rig = try RezolveRig()
        let token = try await bearer(rig)
        let created = try await rig.call(
            .post, "/sandbox/rezolve/geozones",
            json: [
                "id": "geo-later", "latitude": 40.6782, "longitude": -73.9442, "radiusInMeters": 150,
                "relatedItem": ["type": "Product", "itemIdInfo": "10", "title": "Gift card"],
                "validityPeriods": [["fromSeconds": 1800, "toSeconds": 86_400]],
            ])
        #expect(created.status == 201)
        #expect(created.json["activeTimeType"] == "Scheduled")
        #expect(created.json["isValidNow"] == false)
        let base = "area.center.latitude=40.6782&area.center.longitude=-73.9442&area.radiusinmeters=10"
        let soon = try await query(rig, base + "&MinutesFurther=40", bearer: token)
        #expect(ids(soon) == ["geo-brooklyn", "geo-later"])
        #expect(soon.json["engagements"]?["data"]?[1]?["isValidNow"] == false)
        let now = try await query(rig, base + "&MinutesFurther=10", bearer: token)
        #expect(ids(now) == ["geo-brooklyn"])
        try await rig.context.clock.advance(by: 1800)
        let later = try await query(rig, base, bearer: token)
        #expect(ids(later) == ["geo-brooklyn", "geo-later"])
        #expect(later.json["engagements"]?["data"]?[1]?["isValidNow"] == true)
    }

    @Test func missingBearerIs401() async throws {
        let rig = try RezolveRig()
        let reply = try await query(
            rig, "area.center.latitude=40.7580&area.center.longitude=-73.9855&area.radiusinmeters=50", bearer: nil)
        #expect(reply.status == 401)
        #expect(reply.json == ["title": "Unauthorized", "status": 401])
    }

    @Test(arguments: [
        ("area.center.longitude=-73.9855&area.radiusinmeters=50", "area.center.latitude", "The value is required."),
        (
            "area.center.latitude=north&area.center.longitude=-73.9855&area.radiusinmeters=50", "area.center.latitude",
            "The value 'north' is not a number."
        ),
        (
            "area.center.latitude=91&area.center.longitude=-73.9855&area.radiusinmeters=50", "area.center.latitude",
            "Invalid latitude."
        ),
        (
            "area.center.latitude=40&area.center.longitude=-73.9855&area.radiusinmeters=0", "area.radiusinmeters",
            "Must be greater than 0."
        ),
        (
            "area.center.latitude=40&area.center.longitude=-73.9855&area.radiusinmeters=50&area.coordinatestype=GCJ02",
            "area.coordinatestype", "Must be WGS84 or BD09."
        ),
        (
            "area.center.latitude=40&area.center.longitude=-73.9855&area.radiusinmeters=50&ResultCoordinateType=BD09",
            "ResultCoordinateType", "Only WGS84 is supported."
        ),
        (
            "area.center.latitude=40&area.center.longitude=-73.9855&area.radiusinmeters=50&limit=0", "limit",
            "Must be an integer from 1 to 1000."
        ),
    ])
    func badQueriesAre400ProblemsNamingTheParameter(_ parameters: String, _ field: String, _ message: String)
        async throws
    {
        let rig = try RezolveRig()
        let reply = try await query(rig, parameters, bearer: try await bearer(rig))
        #expect(reply.status == 400)
        #expect(reply.json["title"] == "One or more validation errors occurred.")
        #expect(reply.json["errors"] == .object([field: [.string(message)]]))
    }

    @Test(arguments: [
        (
            ["longitude": 1, "radiusInMeters": 10, "relatedItem": ["type": "Url", "itemIdInfo": "u", "title": "t"]]
                as JSONValue,
            "latitude: must be a number from -90.0 to 90.0"
        ),
        (
            [
                "latitude": 1, "longitude": 1, "radiusInMeters": 0,
                "relatedItem": ["type": "Url", "itemIdInfo": "u", "title": "t"],
            ] as JSONValue,
            "radiusInMeters: must be greater than 0"
        ),
        (
            [
                "latitude": 1, "longitude": 1, "radiusInMeters": 10,
                "relatedItem": ["type": "Shoe", "itemIdInfo": "u", "title": "t"],
            ] as JSONValue,
            "relatedItem.type: must be one of Product, Category, Act, Url"
        ),
        (
            [
                "latitude": 1, "longitude": 1, "radiusInMeters": 10,
                "relatedItem": ["type": "Url", "itemIdInfo": "u", "title": "t"],
                "validityPeriods": [["fromSeconds": 10, "toSeconds": 5]],
            ] as JSONValue,
            "validityPeriods[0].toSeconds: must be a number of seconds from sandbox-now, after fromSeconds"
        ),
    ])
    func badFixturesAre400NamingTheField(_ body: JSONValue, _ error: String) async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(.post, "/sandbox/rezolve/geozones", json: body)
        #expect(reply.status == 400)
        #expect(reply.json == ["error": .string(error)])
    }

    @Test func duplicateFixtureIdIs409() async throws {
        let rig = try RezolveRig()
        let reply = try await rig.call(
            .post, "/sandbox/rezolve/geozones",
            json: [
                "id": "geo-brooklyn", "latitude": 1, "longitude": 1, "radiusInMeters": 10,
                "relatedItem": ["type": "Url", "itemIdInfo": "u", "title": "t"],
            ])
        #expect(reply.status == 409)
    }
}
