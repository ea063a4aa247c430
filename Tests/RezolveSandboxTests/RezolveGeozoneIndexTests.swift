import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// Both indexes — the in-memory grid while it is current, the R*Tree otherwise — must give exactly the full
/// scan's answer (spec §5.9), including zones and queries that straddle the antimeridian or reach a pole.
@Suite struct RezolveGeozoneIndexTests {
    static func zone(_ index: Int, _ point: GeoPoint, radius: Double, scheduledFrom: Double?) -> RZGeozone {
        RZGeozone(
            seq: nil, id: "rnd-\(index)", engagementId: nil, name: "Zone \(index)", latitude: point.latitude,
            longitude: point.longitude, radiusMeters: radius,
            activeTimeType: scheduledFrom == nil ? "Always" : "Scheduled",
            validityPeriods: scheduledFrom.map {
                [GeozoneValidityPeriod(from: $0, to: $0 + 3600, timeZone: "UTC", timeZoneOffset: "+00:00")]
            } ?? [],
            targetUserIds: [], triggerNotificationType: "Enter", dwellTime: nil, relatedType: "Product",
            relatedItemId: "\(index)", relatedTitle: "Zone \(index)", relatedSubtitle: "", relatedPrice: nil,
            createdAt: 0)
    }

    /// Points clustered where box arithmetic is hardest, plus a city cluster and uniform ones.
    static func point(_ rng: inout SeededRandomGenerator) -> GeoPoint {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:  // around the antimeridian
            let lon = Double.random(in: 179.9...180, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            return GeoPoint(latitude: Double.random(in: -60...60, using: &rng), longitude: lon)
        case 1:  // near either pole
            let lat = Double.random(in: 89.9...90, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            return GeoPoint(latitude: lat, longitude: Double.random(in: -180...180, using: &rng))
        case 2:  // a city
            return GeoPoint(
                latitude: 40.75 + Double.random(in: -0.05...0.05, using: &rng),
                longitude: -73.98 + Double.random(in: -0.05...0.05, using: &rng))
        default:
            return GeoPoint(
                latitude: Double.random(in: -90...90, using: &rng),
                longitude: Double.random(in: -180...180, using: &rng))
        }
    }

    @Test(arguments: GeozoneIndex.allCases)
    func answerEqualsFullScanOnRandomZones(_ index: GeozoneIndex) async throws {
        let rig = try RezolveRig()
        var rng = SeededRandomGenerator(seed: 20_261_125)
        let now = 1_800_000_000.0
        var zones: [RZGeozone] = []
        for index in 0..<3000 {
            let radius = [10.0, 150, 2_000, 20_000, 100_000][Int.random(in: 0..<5, using: &rng)]
            let scheduled: Double? = Bool.random(using: &rng) ? nil : now + Double.random(in: -7200...7200, using: &rng)
            zones.append(Self.zone(index, Self.point(&rng), radius: radius, scheduledFrom: scheduled))
        }
        let inserted = try await rig.context.database.write { [zones] db in
            try zones.map { zone in try RezolveGeozoneStore.insert(zone, db) }
        }
        // The reference: every row, through the same exact filter, order and limit.
        let everyZone = try await rig.context.database.read { db in try RZGeozone.fetchAll(db) }
        #expect(everyZone.count == 3005)
        // Rows read back (RZGeozone.init(row:)) equal what was written.
        #expect(Array(everyZone.sorted { ($0.seq ?? 0) < ($1.seq ?? 0) }.suffix(3000)) == inserted)
        let ask = try await GeozoneAsker(index, rig)
        var nonEmpty = 0
        for _ in 0..<300 {
            let query = GeozoneQuery(
                center: Self.point(&rng),
                radiusMeters: [50.0, 1_000, 5_000, 50_000, 500_000][Int.random(in: 0..<5, using: &rng)],
                minutesFurther: [0, 40][Int.random(in: 0..<2, using: &rng)],
                limit: [1, 7, 1000][Int.random(in: 0..<3, using: &rng)])
            let indexed = try await ask(query, now: now)
            let scanned = RezolveGeozoneStore.select(everyZone, query, now: now)
            #expect(indexed == scanned, "query \(query)")
            if indexed.total > 0 { nonEmpty += 1 }
        }
        #expect(nonEmpty > 75, "the random queries must actually find zones for the comparison to mean anything")
    }

    /// Many zones at one spot tie on proximity: a small limit must keep the same ids, in the same order, as the
    /// scan's sort by (proximity, id), whatever order the rows were inserted in.
    @Test(arguments: GeozoneIndex.allCases)
    func smallLimitKeepsTheScansTieOrder(_ index: GeozoneIndex) async throws {
        let rig = try RezolveRig()
        let spot = GeoPoint(latitude: -33.8688, longitude: 151.2093)
        let ids = [17, 3, 11, 42, 5, 29, 8, 23, 1, 36]
        try await rig.context.database.write { db in
            for index in ids {
                _ = try RezolveGeozoneStore.insert(Self.zone(index, spot, radius: 100, scheduledFrom: nil), db)
            }
            // A nearer zone beats every tied one, and a scheduled zone out of its window is never kept.
            let nearer = GeoPoint(latitude: spot.latitude, longitude: spot.longitude + 0.0001)
            _ = try RezolveGeozoneStore.insert(Self.zone(99, nearer, radius: 100, scheduledFrom: nil), db)
            _ = try RezolveGeozoneStore.insert(Self.zone(98, nearer, radius: 100, scheduledFrom: 1_000), db)
        }
        let everyZone = try await rig.context.database.read { db in try RZGeozone.fetchAll(db) }
        let ask = try await GeozoneAsker(index, rig)
        let centre = GeoPoint(latitude: spot.latitude, longitude: spot.longitude + 0.0002)
        for limit in [1, 3, 4, 11, 12] {
            let query = GeozoneQuery(center: centre, radiusMeters: 50, minutesFurther: 0, limit: limit)
            let indexed = try await ask(query, now: 1_800_000_000)
            #expect(indexed == RezolveGeozoneStore.select(everyZone, query, now: 1_800_000_000), "limit \(limit)")
            #expect(indexed.total == 11)
            #expect(indexed.zones.count == min(limit, 11))
        }
        let three = try await ask(
            GeozoneQuery(center: centre, radiusMeters: 50, minutesFurther: 0, limit: 3), now: 1_800_000_000)
        #expect(three.zones.map(\.zone.id) == ["rnd-99", "rnd-1", "rnd-11"])
    }

    @Test func rtreeModuleIsAvailableAndHoldsEveryZone() async throws {
        let rig = try RezolveRig()
        let counts = try await rig.context.database.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM rz_geozone_rtree") ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM rz_geozone") ?? -2
            )
        }
        #expect(counts.0 == 5)
        #expect(counts.0 == counts.1)
    }

    @Test func boxesCoverTheirCapEvenAcrossTheAntimeridianAndPoles() {
        let crossing = GeoBoundingBox.covering(center: GeoPoint(latitude: 10, longitude: 179.999), radiusMeters: 1_000)
        #expect(crossing.count == 2)
        #expect(crossing.contains { $0.maxLongitude == 180 } && crossing.contains { $0.minLongitude == -180 })
        let polar = GeoBoundingBox.covering(center: GeoPoint(latitude: 89.999, longitude: 0), radiusMeters: 1_000)
        #expect(
            polar == [
                GeoBoundingBox(
                    minLatitude: polar[0].minLatitude, maxLatitude: 90, minLongitude: -180, maxLongitude: 180)
            ])
        #expect(GeoBoundingBox.covering(center: GeoPoint(latitude: 0, longitude: 0), radiusMeters: 2e7) == [.world])
    }
}
