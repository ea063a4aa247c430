import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// A zone the triggered-zones query returned, with its distance from the query centre.
struct TriggeredGeozone: Sendable, Equatable {
    let zone: RZGeozone
    /// Metres from the query centre to the zone centre.
    let proximity: Double
    let isValidNow: Bool
}

/// What the triggered-zones query asks for, already validated and in WGS-84.
struct GeozoneQuery: Sendable, Equatable {
    var center: GeoPoint
    var radiusMeters: Double
    var minutesFurther: Int
    var limit: Int
}

/// The matches of a query: the first `limit` in proximity order, and how many matched in all.
struct GeozoneMatches: Sendable, Equatable {
    let zones: [TriggeredGeozone]
    let total: Int
}

/// Reads and writes `rz_geozone` and keeps its R*Tree in step.
enum RezolveGeozoneStore {
    /// Whether a zone with the fixture id `id` is stored.
    static func contains(id: String, _ db: Database) throws -> Bool {
        try RZGeozone.filter(RZGeozone.Columns.id == id).fetchCount(db) > 0
    }

    /// Inserts `zone` and its bounding box (both halves when it crosses the antimeridian, which the R*Tree's
    /// single box per key cannot hold, so such a zone gets the full longitude range instead).
    static func insert(_ zone: RZGeozone, _ db: Database) throws -> RZGeozone {
        var zone = zone
        zone.seq = nil
        try zone.insert(db)
        let seq = db.lastInsertedRowID
        zone.seq = seq
        try indexStatement(db).execute(
            arguments: indexArguments(seq: seq, center: zone.center, radiusMeters: zone.radiusMeters))
        return zone
    }

    /// The one R*Tree insert, prepared once per connection.
    static func indexStatement(_ db: Database) throws -> Statement {
        // Raw SQL: the R*Tree is a virtual table with no record type, and the seed inserts through this one statement.
        try db.cachedStatement(
            sql:
                "INSERT INTO \(RezolveGeozoneSchema.rtree) (seq, min_lat, max_lat, min_lon, max_lon) VALUES (?, ?, ?, ?, ?)"
        )
    }

    /// The R*Tree row of a zone: its bounding box, or the full longitude range when it crosses the antimeridian.
    static func indexArguments(seq: Int64, center: GeoPoint, radiusMeters: Double) -> StatementArguments {
        let boxes = GeoBoundingBox.covering(center: center, radiusMeters: radiusMeters)
        let box =
            boxes.count == 1
            ? boxes[0]
            : GeoBoundingBox(
                minLatitude: boxes[0].minLatitude, maxLatitude: boxes[0].maxLatitude,
                minLongitude: -180, maxLongitude: 180)
        return [seq, box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude]
    }

    /// The query of spec §5.9: every zone with `distance ≤ query radius + zone radius` that is valid some time
    /// in the next `minutesFurther`, counted, and the `limit` nearest (ties by id) returned.
    ///
    /// `grids`' in-memory grid answers when it was built from exactly the state this read transaction sees
    /// (same change count); otherwise the R*Tree does, and `grids` starts building the next grid in the
    /// background. Both give the full scan's answer. Without `grids` the R*Tree always answers.
    static func triggered(
        _ query: GeozoneQuery, now: Double, grids: GeozoneGridCache? = nil, _ db: Database
    ) throws -> GeozoneMatches {
        try answer(query, now: now, grids: grids, db).matches
    }

    /// ``triggered(_:now:grids:_:)`` and which index answered.
    static func answer(
        _ query: GeozoneQuery, now: Double, grids: GeozoneGridCache?, _ db: Database
    ) throws -> (matches: GeozoneMatches, path: GeozoneAnswerPath) {
        guard let grids else { return (try rtreeTriggered(query, now: now, db), .rtree) }
        guard let changeCount = try GeozoneGridRows.changeCount(db), let grid = grids.grid(matching: changeCount)
        else {
            grids.record(.rtree)
            return (try rtreeTriggered(query, now: now, db), .rtree)
        }
        var nearest = NearestGridZones(limit: query.limit)
        grid.collect(query, now: now, into: &nearest)
        let contenders = nearest.contenders
        // The grid shows this very state, so every zone it ranked is there.
        let loaded = try load(contenders.map { grid.seq(of: $0.zone) }, db)
        var zones = contenders.compactMap { contender in
            loaded[grid.seq(of: contender.zone)].map {
                TriggeredGeozone(zone: $0, proximity: contender.proximity, isValidNow: contender.isValidNow)
            }
        }
        zones.sort { ($0.proximity, $0.zone.id) < ($1.proximity, $1.zone.id) }
        grids.record(.grid)
        return (GeozoneMatches(zones: Array(zones.prefix(query.limit)), total: nearest.total), .grid)
    }

    /// The R*Tree path: the index keeps only zones whose box meets the query circle's box, then the exact test
    /// `distance ≤ query radius + zone radius` and the validity window decide.
    ///
    /// The prefilter never loses a match: when the two circles overlap, some point lies in both, and each box
    /// contains its circle, so the boxes overlap too.
    ///
    /// Ranking reads only the numbers it needs (id, centre, radius, validity) and keeps the `limit` nearest in a
    /// bounded heap; whole zones are loaded for those alone. At a 5 km radius a query matches thousands of zones,
    /// and decoding every one of them used to cost more than a full scan.
    private static func rtreeTriggered(_ query: GeozoneQuery, now: Double, _ db: Database) throws -> GeozoneMatches {
        let boxes = GeoBoundingBox.covering(center: query.center, radiusMeters: query.radiusMeters)
        let condition = boxes.map { _ in "(r.max_lat >= ? AND r.min_lat <= ? AND r.max_lon >= ? AND r.min_lon <= ?)" }
            .joined(separator: " OR ")
        var arguments = StatementArguments()
        for box in boxes {
            arguments += [box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude]
        }
        // Raw SQL: the query interface cannot join the R*Tree virtual table or OR together its box conditions.
        let sql = """
            SELECT z.seq, z.id, z.latitude, z.longitude, z.radius_meters, z.active_time_type, z.validity_periods
            FROM \(RezolveGeozoneSchema.table) z JOIN \(RezolveGeozoneSchema.rtree) r ON r.seq = z.seq WHERE \(condition)
            """
        let horizon = Double(query.minutesFurther) * 60
        var nearest = NearestGeozones(limit: query.limit)
        let rows = try Row.fetchCursor(try db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            let proximity = query.center.distance(to: GeoPoint(latitude: row[2], longitude: row[3]))
            let radius: Double = row[4]
            guard proximity <= query.radiusMeters + radius else { continue }
            var isValidNow = true
            if (row[5] as String) == "Scheduled" {
                // Only scheduled zones need their periods, and only once they are close enough to matter.
                let periods = try RZGeozone.validityPeriods(row[6])
                guard RZGeozone.isValid(periods, within: horizon, of: now) else { continue }
                isValidNow = RZGeozone.isValid(periods, at: now)
            }
            nearest.offer(RankedGeozone(proximity: proximity, id: row[1], seq: row[0], isValidNow: isValidNow))
        }
        let ranked = nearest.nearestFirst
        let loaded = try load(ranked.map(\.seq), db)
        let zones = ranked.compactMap { match in
            loaded[match.seq].map {
                TriggeredGeozone(zone: $0, proximity: match.proximity, isValidNow: match.isValidNow)
            }
        }
        return GeozoneMatches(zones: zones, total: nearest.total)
    }

    /// The zones with these keys, in one cached statement whatever their number (the keys travel as one JSON
    /// array), each row read by position.
    private static func load(_ seqs: [Int64], _ db: Database) throws -> [Int64: RZGeozone] {
        guard !seqs.isEmpty else { return [:] }
        // Raw SQL: `json_each` keeps one cached statement for any number of keys, which `filter(keys:)` cannot.
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(RZGeozone.selectedColumns) FROM \(RezolveGeozoneSchema.table)
                WHERE seq IN (SELECT value FROM json_each(?))
                """)
        let keys = "[" + seqs.map(String.init).joined(separator: ",") + "]"
        var zones: [Int64: RZGeozone] = [:]
        zones.reserveCapacity(seqs.count)
        let rows = try Row.fetchCursor(statement, arguments: [keys])
        while let row = try rows.next() {
            let zone = try RZGeozone(selected: row)
            if let seq = zone.seq { zones[seq] = zone }
        }
        return zones
    }

    /// The exact filter, proximity order (ties by id, so the answer is stable) and the limit. Given every zone,
    /// this is the full scan both the grid and the R*Tree are tested against.
    static func select(_ candidates: [RZGeozone], _ query: GeozoneQuery, now: Double) -> GeozoneMatches {
        let horizon = Double(query.minutesFurther) * 60
        var matches: [TriggeredGeozone] = []
        for zone in candidates {
            let proximity = query.center.distance(to: zone.center)
            guard proximity <= query.radiusMeters + zone.radiusMeters, zone.isValid(within: horizon, of: now) else {
                continue
            }
            matches.append(TriggeredGeozone(zone: zone, proximity: proximity, isValidNow: zone.isValid(at: now)))
        }
        matches.sort { ($0.proximity, $0.zone.id) < ($1.proximity, $1.zone.id) }
        return GeozoneMatches(zones: Array(matches.prefix(query.limit)), total: matches.count)
    }
}
