import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The geozone table, its R*Tree and its in-memory grid outside a running sandbox, for the benchmark harness:
/// the real migrations, the real index rows, the real background grid build and the real query
/// (`RezolveGeozoneStore`), against a lean full scan of the same table.
package final class GeozoneBenchmarkIndex: Sendable {
    private let database: SandboxDatabase
    private let grids: GeozoneGridCache

    /// What a finished grid build holds.
    package struct GridReport: Sendable {
        package let zoneCount: Int
        /// The bytes the grid's arrays hold.
        package let byteCount: Int
    }

    /// `zoneCount` Always-valid zones placed uniformly within `spreadMeters` of `center`, radii 50–300 m,
    /// from a fixed seed so runs compare. `progress` hears how many rows are in after each batch.
    ///
    /// A million zones must build in seconds, not minutes: one transaction, two statements prepared once and
    /// bound per row with plain values (no record encoding), committed at the end.
    package init(
        zoneCount: Int, center: GeoPoint, spreadMeters: Double, seed: UInt64,
        progress: (Int) -> Void = { _ in }
    ) throws {
        database = try SandboxDatabase()
        grids = GeozoneGridCache(reader: database.writer)
        try database.migrate { RezolveGeozoneSchema.register(&$0) }
        var generator = SeededRandomGenerator(seed: seed)
        let metresPerDegree = GeoPoint.earthRadiusMeters * Double.pi / 180
        let batch = 100_000
        try database.writer.write { db in
            let zones = try db.makeStatement(
                sql: """
                    INSERT INTO \(RezolveGeozoneSchema.table) (seq, id, name, latitude, longitude, radius_meters, active_time_type,
                      validity_periods, target_user_ids, trigger_notification_type, related_type, related_item_id, related_title,
                      related_subtitle, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, 'Always', '[]', '[]', 'Enter', 'Product', ?, 'Item', '', 0)
                    """)
            let index = try RezolveGeozoneStore.indexStatement(db)
            for row in 0..<zoneCount {
                let distance = spreadMeters * Double.random(in: 0...1, using: &generator).squareRoot()
                let bearing = Double.random(in: 0..<(2 * Double.pi), using: &generator)
                let point = GeoPoint(
                    latitude: center.latitude + distance * cos(bearing) / metresPerDegree,
                    longitude: center.longitude
                        + distance * sin(bearing) / (metresPerDegree * cos(center.latitude * Double.pi / 180)))
                let radius = Double.random(in: 50...300, using: &generator)
                let seq = Int64(row + 1)
                try zones.execute(arguments: [
                    seq, "bench-\(row)", "Zone \(row)", point.latitude, point.longitude, radius,
                    "\(row % 5000)",
                ])
                try index.execute(
                    arguments: RezolveGeozoneStore.indexArguments(seq: seq, center: point, radiusMeters: radius))
                if (row + 1) % batch == 0 { progress(row + 1) }
            }
        }
        if zoneCount % batch != 0 { progress(zoneCount) }
    }

    /// Builds the grid of the current table as a query would start it (in the background), and waits for
    /// it. `nil` if no grid came of it.
    package func buildGrid() async throws -> GridReport? {
        let changeCount = try await database.read { db in try GeozoneGridRows.changeCount(db) }
        guard let changeCount else { return nil }
        _ = grids.grid(matching: changeCount)
        await grids.settle()
        return grids.grid(matching: changeCount).map { GridReport(zoneCount: $0.zoneCount, byteCount: $0.byteCount) }
    }

    /// The sandbox's query path (exact distance, validity, proximity order, limit 100, the winners loaded from
    /// SQLite), through the grid when `throughGrid` and it is current, else through the R*Tree. Returns how
    /// many zones matched and whether the grid answered.
    package func indexedQuery(center: GeoPoint, radiusMeters: Double, throughGrid: Bool) throws -> (
        total: Int, byGrid: Bool
    ) {
        let query = GeozoneQuery(center: center, radiusMeters: radiusMeters, minutesFurther: 40, limit: 100)
        let grids = throughGrid ? grids : nil
        let answer = try database.writer.read { db in try RezolveGeozoneStore.answer(query, now: 0, grids: grids, db) }
        return (answer.matches.total, answer.path == .grid)
    }

    /// The best a scan can do: read every zone's centre and radius (no record decoding) and test the distance.
    package func fullScanCount(center: GeoPoint, radiusMeters: Double) throws -> Int {
        try database.writer.read { db in
            var count = 0
            let rows = try Row.fetchCursor(
                db, sql: "SELECT latitude, longitude, radius_meters FROM \(RezolveGeozoneSchema.table)")
            while let row = try rows.next() {
                let zone = GeoPoint(latitude: row[0], longitude: row[1])
                let radius: Double = row[2]
                if center.distance(to: zone) <= radiusMeters + radius { count += 1 }
            }
            return count
        }
    }
}
