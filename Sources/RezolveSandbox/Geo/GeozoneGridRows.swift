import Foundation
import GRDB

/// The zones a ``GeozoneGrid`` is built from, read from one consistent state of `rz_geozone`.
///
/// The table is read in chunks of `chunkSize` rows by key, each in its own short read transaction, so a
/// million zones never hold a reader (or, in memory, the only connection) for the second a single read would
/// take. Every chunk also reads the change count: the chunks add up to one state exactly when they all saw the
/// same count, because every committed change to the table raises it. Otherwise the rows are thrown away.
struct GeozoneGridRows: Sendable {
    static let chunkSize = 4_096

    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var radii: [Double] = []
    var seqs: [Int64] = []
    /// `nil` for an always-valid zone, else its periods (possibly none: a scheduled zone without periods is
    /// never valid).
    var schedules: [[GeozoneValidityPeriod]?] = []

    /// The current zones and the change count they belong to, or `nil` when the table changed while it was
    /// being read (the caller tries again later). `betweenChunks` runs after each chunk (tests write there).
    static func read(
        _ reader: any DatabaseReader, betweenChunks: @Sendable () async throws -> Void = {}
    ) async throws -> (rows: GeozoneGridRows, changeCount: Int64)? {
        var rows = GeozoneGridRows()
        var changeCount: Int64?
        var after = Int64.min
        while true {
            let from = after
            let chunk = try await reader.read { db in try Self.chunk(after: from, db) }
            guard let count = chunk.changeCount, changeCount == nil || changeCount == count else { return nil }
            changeCount = count
            rows.append(chunk.rows)
            guard chunk.rows.seqs.count == chunkSize, let last = chunk.rows.seqs.last else { break }
            after = last
            try await betweenChunks()
        }
        guard let changeCount else { return nil }
        return (rows, changeCount)
    }

    /// The table's current change count; `nil` before migration `rezolve-5-geozone-change-count`.
    static func changeCount(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(
            try db.cachedStatement(
                sql: "SELECT changes FROM \(RezolveGeozoneSchema.changeCountTable) WHERE id = 1"))
    }

    private static func chunk(after seq: Int64, _ db: Database) throws -> (rows: GeozoneGridRows, changeCount: Int64?) {
        var rows = GeozoneGridRows()
        let statement = try db.cachedStatement(
            sql: """
                SELECT seq, latitude, longitude, radius_meters, active_time_type, validity_periods
                FROM \(RezolveGeozoneSchema.table) WHERE seq > ? ORDER BY seq LIMIT \(chunkSize)
                """)
        let cursor = try Row.fetchCursor(statement, arguments: [seq])
        while let row = try cursor.next() {
            rows.seqs.append(row[0])
            rows.latitudes.append(row[1])
            rows.longitudes.append(row[2])
            rows.radii.append(row[3])
            // Only a scheduled zone's periods matter; an always-valid zone's are never read.
            var periods: [GeozoneValidityPeriod]?
            if (row[4] as String) == "Scheduled" { periods = try RZGeozone.validityPeriods(row[5]) }
            rows.schedules.append(periods)
        }
        return (rows, try changeCount(db))
    }

    private mutating func append(_ other: GeozoneGridRows) {
        latitudes += other.latitudes
        longitudes += other.longitudes
        radii += other.radii
        seqs += other.seqs
        schedules += other.schedules
    }
}
