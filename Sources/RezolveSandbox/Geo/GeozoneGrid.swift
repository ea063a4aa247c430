import CommerceCore
import Foundation
import SandboxCore

/// What the triggered-zones query needs of every zone (centre, radius, row key, validity), grouped by a
/// latitude/longitude grid, so it can count and rank matches without reading SQLite row by row. Built in the
/// background from one consistent state of `rz_geozone`, tagged with that state's change count
/// (``GeozoneGridCache``); the R*Tree answers whenever the count has moved on.
///
/// Each cell knows a circle holding its zones' centres. By the triangle inequality a whole cell is then
/// either certainly out of reach, certainly within reach (its always-valid zones are counted in one addition),
/// or measured zone by zone with the same haversine as the full scan. Only the cells near the query circle's
/// edge, and the nearest ones that may enter the top `limit`, cost a distance per zone. The bounds decide only
/// what needs measuring, never whether a zone matches, so the answer equals a full scan's.
///
/// Memory: the zones are columns (struct of arrays) sorted by cell, 36 bytes per always-valid zone (three
/// `Double`s, the `Int64` key, an `Int32` schedule index); no ids or other strings. A scheduled zone adds
/// 4 bytes and 16 per validity period; a cell costs 56 bytes plus its 8-byte key.
struct GeozoneGrid: Sendable {
    /// A run of zones sharing one grid cell, and the circle (`centre`, `spread`) holding their centres.
    struct Cell: Sendable {
        let centre: GeoPoint
        let spread: Double
        let minRadius: Double
        let maxRadius: Double
        let start: Int32
        let end: Int32
        /// Members with validity periods; they are tested one by one even when the cell is within reach.
        let scheduledCount: Int32
    }

    /// About 280 m north to south: at city density a cell holds a few dozen zones, so edge cells are cheap to
    /// measure and a 5 km circle needs a couple of thousand cells.
    static let cellDegrees = 0.0025
    /// Covers the rounding of three haversines (the worst, near-antipodal, is about 0.1 m), so a bound can
    /// only be loose, never wrong.
    static let boundSlackMeters = 1.0
    /// Rows and columns of cells; a cell key is `row << 18 | column`, both counted from the south-west corner.
    private static let rowCount: Int64 = 72_001
    private static let columnCount: Int64 = 144_001
    private static let columnBits: Int64 = 18

    /// The state of `rz_geozone` this grid shows (`rz_geozone_change_count.changes` when it was read).
    let changeCount: Int64

    // The zones, one element per zone, sorted by cell.
    private let latitudes: [Double]
    private let longitudes: [Double]
    private let radii: [Double]
    private let seqs: [Int64]
    /// `-1` for an always-valid zone; otherwise `s`, whose periods are `periodBounds[s]..<periodBounds[s + 1]`.
    private let schedules: [Int32]
    private let periodBounds: [Int32]
    private let periodStarts: [Double]
    private let periodEnds: [Double]

    // The non-empty cells, sorted by key.
    private let cellKeys: [Int64]
    private let cells: [Cell]
    /// The largest zone radius: how far beyond the query circle a matching zone's centre can lie.
    private let maxRadius: Double

    var zoneCount: Int { seqs.count }

    /// The memory the grid's arrays hold, for the benchmark's bytes-per-zone figure.
    var byteCount: Int {
        let zones =
            (latitudes.capacity + longitudes.capacity + radii.capacity) * MemoryLayout<Double>.stride
            + seqs.capacity * MemoryLayout<Int64>.stride + schedules.capacity * MemoryLayout<Int32>.stride
        let periods =
            periodBounds.capacity * MemoryLayout<Int32>.stride
            + (periodStarts.capacity + periodEnds.capacity) * MemoryLayout<Double>.stride
        return zones + periods + cellKeys.capacity * MemoryLayout<Int64>.stride
            + cells.capacity * MemoryLayout<Cell>.stride
    }

    /// Sorts `rows` into cells. `nil` when a zone's numbers are outside what the cell arithmetic assumes
    /// (coordinates out of range, a radius that is negative or not finite), which only hand-edited data can
    /// hold; the R*Tree keeps answering such a table.
    init?(_ rows: GeozoneGridRows, changeCount: Int64) {
        let count = rows.seqs.count
        // The sort packs a cell key (35 bits) and a row index into one UInt64.
        guard count < 1 << 28 else { return nil }
        var packed: [UInt64] = []
        packed.reserveCapacity(count)
        for index in 0..<count {
            let latitude = rows.latitudes[index]
            let longitude = rows.longitudes[index]
            let radius = rows.radii[index]
            guard abs(latitude) <= 90, abs(longitude) <= 180, radius >= 0, radius.isFinite else { return nil }
            packed.append(UInt64(Self.key(latitude: latitude, longitude: longitude)) << 28 | UInt64(index))
        }
        packed.sort()

        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var radii: [Double] = []
        var seqs: [Int64] = []
        var schedules: [Int32] = []
        var periodBounds: [Int32] = [0]
        var periodStarts: [Double] = []
        var periodEnds: [Double] = []
        latitudes.reserveCapacity(count)
        longitudes.reserveCapacity(count)
        radii.reserveCapacity(count)
        seqs.reserveCapacity(count)
        schedules.reserveCapacity(count)
        var cellKeys: [Int64] = []
        var cells: [Cell] = []
        var start = 0
        while start < count {
            let key = Int64(packed[start] >> 28)
            var end = start
            var centreSpread = 0.0
            var minRadius = Double.infinity
            var cellMaxRadius = 0.0
            var scheduled: Int32 = 0
            let centre = Self.centre(ofCell: key)
            while end < count && Int64(packed[end] >> 28) == key {
                let source = Int(packed[end] & (1 << 28 - 1))
                let latitude = rows.latitudes[source]
                let longitude = rows.longitudes[source]
                let radius = rows.radii[source]
                latitudes.append(latitude)
                longitudes.append(longitude)
                radii.append(radius)
                seqs.append(rows.seqs[source])
                if let periods = rows.schedules[source] {
                    schedules.append(Int32(periodBounds.count - 1))
                    for period in periods {
                        periodStarts.append(period.from)
                        periodEnds.append(period.to)
                    }
                    periodBounds.append(Int32(periodStarts.count))
                    scheduled += 1
                } else {
                    schedules.append(-1)
                }
                centreSpread = max(
                    centreSpread, centre.distance(to: GeoPoint(latitude: latitude, longitude: longitude)))
                minRadius = min(minRadius, radius)
                cellMaxRadius = max(cellMaxRadius, radius)
                end += 1
            }
            cellKeys.append(key)
            cells.append(
                Cell(
                    centre: centre, spread: centreSpread, minRadius: minRadius, maxRadius: cellMaxRadius,
                    start: Int32(start), end: Int32(end), scheduledCount: scheduled))
            start = end
        }
        self.changeCount = changeCount
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.radii = radii
        self.seqs = seqs
        self.schedules = schedules
        self.periodBounds = periodBounds
        self.periodStarts = periodStarts
        self.periodEnds = periodEnds
        self.cellKeys = cellKeys
        self.cells = cells
        maxRadius = radii.max() ?? 0
    }

    /// The row key (`seq`) of the zone at `index`, to load it from SQLite.
    func seq(of index: Int32) -> Int64 { seqs[Int(index)] }

    /// Counts every zone within reach of `query` and valid some time in `[now, now + horizon]`, and keeps the
    /// nearest in `nearest`. Cells come nearest bound first, so the ranking fills early and most cells inside
    /// the circle are then counted whole.
    func collect(_ query: GeozoneQuery, now: Double, into nearest: inout NearestGridZones) {
        let horizon = Double(query.minutesFurther) * 60
        let reach = query.radiusMeters
        for candidate in candidateCells(query) {
            let cell = cells[Int(candidate.index)]
            let members = Int(cell.start)..<Int(cell.end)
            if candidate.upper <= reach + cell.minRadius && !nearest.admits(candidate.lower) {
                // Every centre is within reach and none can rank: validity alone decides.
                var valid = members.count - Int(cell.scheduledCount)
                if cell.scheduledCount > 0 {
                    for index in members where schedules[index] >= 0 && isValid(index, within: horizon, of: now) {
                        valid += 1
                    }
                }
                nearest.count(valid)
                continue
            }
            for index in members {
                let proximity = query.center.distance(
                    to: GeoPoint(latitude: latitudes[index], longitude: longitudes[index]))
                guard proximity <= reach + radii[index] else { continue }
                var isValidNow = true
                if schedules[index] >= 0 {
                    guard isValid(index, within: horizon, of: now) else { continue }
                    isValidNow = isValid(index, within: 0, of: now)
                }
                nearest.offer(.init(proximity: proximity, zone: Int32(index), isValidNow: isValidNow))
            }
        }
    }

    /// `RZGeozone.isValid(_:within:of:)` over the zone's stored periods; `within: 0` is `isValid(_:at:)`.
    private func isValid(_ index: Int, within seconds: Double, of now: Double) -> Bool {
        let schedule = Int(schedules[index])
        let latest = now + seconds
        for period in Int(periodBounds[schedule])..<Int(periodBounds[schedule + 1])
        where periodStarts[period] <= latest && now <= periodEnds[period] {
            return true
        }
        return false
    }

    /// The cells that may hold a match, nearest bound first, each with bounds on its members' distances.
    private func candidateCells(_ query: GeozoneQuery) -> [(index: Int32, lower: Double, upper: Double)] {
        var found: [(index: Int32, lower: Double, upper: Double)] = []
        func consider(_ index: Int) {
            let cell = cells[index]
            let toCentre = query.center.distance(to: cell.centre)
            let lower = toCentre - cell.spread - Self.boundSlackMeters
            guard lower <= query.radiusMeters + cell.maxRadius else { return }
            found.append((Int32(index), lower, toCentre + cell.spread + Self.boundSlackMeters))
        }
        let boxes = GeoBoundingBox.covering(center: query.center, radiusMeters: query.radiusMeters + maxRadius)
        let rows = boxes.map { Self.row($0.minLatitude)...Self.row($0.maxLatitude) }
        // Each row of cells costs a binary search; past this many rows, walking every cell is cheaper.
        if rows.reduce(0, { $0 + $1.count }) * 20 > cells.count {
            for index in cells.indices { consider(index) }
        } else {
            for (box, rowRange) in zip(boxes, rows) {
                let west = Self.column(box.minLongitude)
                let east = Self.column(box.maxLongitude)
                for row in rowRange {
                    let last = row << Self.columnBits | east
                    var index = firstCell(atLeast: row << Self.columnBits | west)
                    while index < cellKeys.count && cellKeys[index] <= last {
                        consider(index)
                        index += 1
                    }
                }
            }
        }
        found.sort { $0.lower < $1.lower }
        return found
    }

    /// The position of the first cell whose key is `key` or greater.
    private func firstCell(atLeast key: Int64) -> Int {
        var low = 0
        var high = cellKeys.count
        while low < high {
            let middle = (low + high) / 2
            if cellKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func key(latitude: Double, longitude: Double) -> Int64 {
        row(latitude) << columnBits | column(longitude)
    }

    /// Cells counted from the south pole; degrees are clamped, so a box edge past a pole still maps to a row.
    private static func row(_ latitude: Double) -> Int64 { step(latitude, limit: rowCount / 2) }

    /// Cells counted from the antimeridian's west side.
    private static func column(_ longitude: Double) -> Int64 { step(longitude, limit: columnCount / 2) }

    private static func step(_ degrees: Double, limit: Int64) -> Int64 {
        guard degrees.isFinite else { return limit }
        let cells = (degrees / cellDegrees).rounded(.down)
        return Int64(min(max(cells, Double(-limit)), Double(limit))) + limit
    }

    /// A cell's middle, kept on the globe for the edge rows and columns.
    private static func centre(ofCell key: Int64) -> GeoPoint {
        let row = key >> columnBits - rowCount / 2
        let column = key & (1 << columnBits - 1) - columnCount / 2
        return GeoPoint(
            latitude: min(90, (Double(row) + 0.5) * cellDegrees),
            longitude: min(180, (Double(column) + 0.5) * cellDegrees))
    }
}
