import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox
@testable import RezolveSandbox
@testable import SandboxCore

/// Where the grid's shortcuts could go wrong (cells counted whole, cells skipped for the ranking, zones exactly
/// on the edge, ties across cells), each also through the R*Tree; and the hybrid itself: a write is seen at
/// once (the R*Tree answers while the grid is behind), the background build then takes over, reset and seed
/// follow, and a data dir from before the grid keeps its R*Tree.
@Suite struct RezolveGeozoneGridTests {
    static let now = 1_800_000_000.0

    private func insert(_ zones: [RZGeozone], _ rig: RezolveRig) async throws -> [RZGeozone] {
        try await rig.context.database.write { [zones] db in
            for zone in zones { _ = try RezolveGeozoneStore.insert(zone, db) }
        }
        return try await rig.context.database.read { db in try RZGeozone.fetchAll(db) }
    }

    /// A city's worth of zones (radii from 1 m to 5 km, a quarter scheduled around now): whole cells inside the
    /// circle are counted without measuring, and small limits skip most cells when ranking.
    @Test(arguments: GeozoneIndex.allCases)
    func denseCityAnswersEqualTheFullScan(_ index: GeozoneIndex) async throws {
        let rig = try RezolveRig()
        var rng = SeededRandomGenerator(seed: 13)
        let city = GeoPoint(latitude: 52.52, longitude: 13.405)
        var zones: [RZGeozone] = []
        for number in 0..<4000 {
            let point = GeoPoint(
                latitude: city.latitude + Double.random(in: -0.05...0.05, using: &rng),
                longitude: city.longitude + Double.random(in: -0.08...0.08, using: &rng))
            let radius = number % 97 == 0 ? 5_000 : number % 89 == 0 ? 1 : Double.random(in: 50...300, using: &rng)
            let scheduled: Double? = number % 4 == 0 ? Self.now + Double.random(in: -7200...7200, using: &rng) : nil
            zones.append(RezolveGeozoneIndexTests.zone(number, point, radius: radius, scheduledFrom: scheduled))
        }
        let everyZone = try await insert(zones, rig)
        let ask = try await GeozoneAsker(index, rig)
        var sizable = 0
        for _ in 0..<150 {
            let centre = GeoPoint(
                latitude: city.latitude + Double.random(in: -0.05...0.05, using: &rng),
                longitude: city.longitude + Double.random(in: -0.08...0.08, using: &rng))
            let query = GeozoneQuery(
                center: centre, radiusMeters: [200.0, 1_000, 5_000][Int.random(in: 0..<3, using: &rng)],
                minutesFurther: [0, 40][Int.random(in: 0..<2, using: &rng)],
                limit: [1, 7, 100][Int.random(in: 0..<3, using: &rng)])
            let answer = try await ask(query, now: Self.now)
            #expect(answer == RezolveGeozoneStore.select(everyZone, query, now: Self.now), "query \(query)")
            if answer.total > query.limit * 3 { sizable += 1 }
        }
        #expect(sizable > 40, "most queries must match many more zones than they return")
    }

    /// Zones whose edge lies exactly on the query circle, as the scan computes it, and one bit short of it,
    /// placed all round the circle so they fall in many cells; limits around the number of matches.
    @Test(arguments: GeozoneIndex.allCases)
    func zonesOnTheEdgeMatchExactlyAsInTheScan(_ index: GeozoneIndex) async throws {
        let rig = try RezolveRig()
        let centre = GeoPoint(latitude: -33.8688, longitude: 151.2093)
        let reach = 1_000.0
        var zones: [RZGeozone] = []
        for step in 0..<72 {
            let bearing = Double(step) * 5 * Double.pi / 180
            let point = GeoPoint(
                latitude: centre.latitude + 0.02 * cos(bearing), longitude: centre.longitude + 0.02 * sin(bearing))
            let gap = centre.distance(to: point) - reach
            let radius = step % 2 == 0 ? gap : gap.nextDown
            zones.append(RezolveGeozoneIndexTests.zone(step, point, radius: radius, scheduledFrom: nil))
        }
        let everyZone = try await insert(zones, rig)
        let ask = try await GeozoneAsker(index, rig)
        let everything = GeozoneQuery(center: centre, radiusMeters: reach, minutesFurther: 0, limit: 1000)
        let scan = RezolveGeozoneStore.select(everyZone, everything, now: Self.now)
        #expect(scan.total > 0, "some edge zones must match in the scan")
        for limit in [1, max(1, scan.total - 1), scan.total, scan.total + 1] {
            let query = GeozoneQuery(center: centre, radiusMeters: reach, minutesFurther: 0, limit: limit)
            #expect(
                try await ask(query, now: Self.now) == RezolveGeozoneStore.select(everyZone, query, now: Self.now),
                "limit \(limit)")
        }
    }

    /// Pairs mirrored across the prime meridian (a cell border) are exactly equally far from a centre on it, so
    /// a limit that cuts a pair must go by id across two cells — which the grid, holding no ids, leaves to
    /// the loaded zones.
    @Test(arguments: GeozoneIndex.allCases)
    func tiesAcrossCellsGoById(_ index: GeozoneIndex) async throws {
        let rig = try RezolveRig()
        var zones: [RZGeozone] = []
        for step in 1...6 {
            let offset = Double(step) * 0.001
            zones.append(
                RezolveGeozoneIndexTests.zone(
                    100 - step, GeoPoint(latitude: 51.4779, longitude: offset), radius: 50, scheduledFrom: nil))
            zones.append(
                RezolveGeozoneIndexTests.zone(
                    step, GeoPoint(latitude: 51.4779, longitude: -offset), radius: 50, scheduledFrom: nil))
        }
        let everyZone = try await insert(zones, rig)
        let ask = try await GeozoneAsker(index, rig)
        let centre = GeoPoint(latitude: 51.4779, longitude: 0)
        for limit in 1...12 {
            let query = GeozoneQuery(center: centre, radiusMeters: 1_000, minutesFurther: 0, limit: limit)
            let answer = try await ask(query, now: Self.now)
            #expect(answer == RezolveGeozoneStore.select(everyZone, query, now: Self.now), "limit \(limit)")
            #expect(answer.total == 12)
        }
        let three = try await ask(
            GeozoneQuery(center: centre, radiusMeters: 1_000, minutesFurther: 0, limit: 3), now: Self.now)
        #expect(three.zones.map(\.zone.id) == ["rnd-1", "rnd-99", "rnd-2"])
    }

    @Test func changeCountCountsEveryChange() async throws {
        let rig = try RezolveRig()
        let read = {
            try await rig.context.database.read { db in try GeozoneGridRows.changeCount(db) }
        }
        let before = try #require(try await read())
        _ = try await insert(
            [RezolveGeozoneIndexTests.zone(1, GeoPoint(latitude: 0, longitude: 0), radius: 10, scheduledFrom: nil)],
            rig)
        try await rig.context.database.write { db in
            try db.execute(sql: "UPDATE rz_geozone SET radius_meters = 20 WHERE id = 'rnd-1'")
            try db.execute(sql: "DELETE FROM rz_geozone WHERE id = 'rnd-1'")
        }
        #expect(try await read() == before + 3)
    }

    /// A build whose chunks saw different states keeps nothing: a zone written between two chunks makes the
    /// rows read so far belong to another state than the rest.
    @Test func rowsReadAcrossAWriteAreDropped() async throws {
        let rig = try RezolveRig()
        let database = rig.context.database
        let zones = (0..<(GeozoneGridRows.chunkSize + 10)).map { number in
            RezolveGeozoneIndexTests.zone(
                number, GeoPoint(latitude: 10 + Double(number) * 1e-4, longitude: 20), radius: 10, scheduledFrom: nil)
        }
        _ = try await insert(zones, rig)
        let whole = try #require(try await GeozoneGridRows.read(database.writer))
        #expect(whole.rows.seqs.count == zones.count + 5)
        let written = Locked(false)
        let torn = try await GeozoneGridRows.read(database.writer) {
            guard !written.withLock({ $0 }) else { return }
            written.set(true)
            try await database.write { db in
                _ = try RezolveGeozoneStore.insert(
                    RezolveGeozoneIndexTests.zone(
                        -1, GeoPoint(latitude: 0, longitude: 0), radius: 10, scheduledFrom: nil), db)
            }
        }
        #expect(written.current)
        #expect(torn == nil)
    }

    /// A table the grid cannot show (a hand-edited latitude out of range) stays with the R*Tree, and is read
    /// once, not again on every query.
    @Test func aTableTheGridCannotShowStaysWithTheRtree() async throws {
        let rig = try RezolveRig()
        try await rig.context.database.write { db in
            try db.execute(sql: "UPDATE rz_geozone SET latitude = 95 WHERE id = 'geo-sanjuan'")
        }
        let grids = GeozoneGridCache(reader: rig.context.database.writer)
        let query = GeozoneQuery(
            center: GeoPoint(latitude: 40.6782, longitude: -73.9442), radiusMeters: 10, minutesFurther: 0, limit: 10)
        for _ in 0..<3 {
            let answer = try await rig.context.database.read { db in
                try RezolveGeozoneStore.answer(query, now: Self.now, grids: grids, db)
            }
            #expect(answer.path == .rtree)
            #expect(answer.matches.zones.map(\.zone.id) == ["geo-brooklyn"])
            await grids.settle()
        }
        #expect(grids.finishedBuilds == 1)
        #expect(grids.latestGrid == nil)
    }
}
