import CommerceCore
import Foundation
import RezolveSandbox

/// The sandbox's triggered-zones query over `zoneCount` zones (1,000,000 in a full run) around a city, through
/// both of its indexes — the in-memory grid (when current) and the R*Tree (while the grid is behind) — against
/// a full scan of the same table in the same run, plus the grid's background build time and size. Progress
/// lines are written as they happen (`say`), so a long run can be watched.
struct GeozoneQueryBenchmark {
    let quick: Bool
    let zoneCount: Int

    func run() async throws {
        let spread = 30_000.0
        let city = GeoPoint(latitude: 40.7580, longitude: -73.9855)
        let clock = ContinuousClock()
        let buildStart = clock.now
        say("Geozone query: building \(zoneCount) zones …")
        let index = try GeozoneBenchmarkIndex(zoneCount: zoneCount, center: city, spreadMeters: spread, seed: 42) {
            built in
            say("  \(built) zones in \(format((clock.now - buildStart).seconds, 1)) s")
        }
        let buildTime = clock.now - buildStart

        // What a sandbox does in the background after the first query that finds the grid behind.
        let residentBefore = Self.residentBytes()
        let gridStart = clock.now
        guard let grid = try await index.buildGrid() else { throw BenchmarkFailure("the grid was not built") }
        let gridTime = clock.now - gridStart
        let perZone = Double(grid.byteCount) / Double(max(1, grid.zoneCount))
        say(
            "  grid of \(grid.zoneCount) zones built in the background in \(format(gridTime.seconds, 2)) s:"
                + " arrays \(format(Double(grid.byteCount) / 1_048_576, 1)) MiB (\(format(perZone, 1)) bytes per zone)")
        if let residentBefore, let residentAfter = Self.residentBytes() {
            say(
                "  resident memory grew by \(format(Double(residentAfter - residentBefore) / 1_048_576, 1)) MiB over the build"
            )
        }

        var generator = SystemRandomNumberGenerator()
        let metresPerDegree = GeoPoint.earthRadiusMeters * Double.pi / 180
        func randomCentre() -> GeoPoint {
            let distance = spread * 0.9 * Double.random(in: 0...1, using: &generator).squareRoot()
            let bearing = Double.random(in: 0..<(2 * Double.pi), using: &generator)
            return GeoPoint(
                latitude: city.latitude + distance * cos(bearing) / metresPerDegree,
                longitude: city.longitude + distance * sin(bearing)
                    / (metresPerDegree * cos(city.latitude * Double.pi / 180)))
        }

        say(
            "Geozone query: \(zoneCount) zones within \(Int(spread / 1000)) km of a city, radii 50–300 m (built in \(format(buildTime.seconds, 1)) s)"
        )
        say("  radius   matches  grid p50 ms  p99 ms  R*Tree p50 ms  p99 ms  full scan p50 ms  scan/grid  scan/R*Tree")
        for radius in [200.0, 1_000.0, 5_000.0] {
            let queries = quick ? 200 : 1_000
            let centres = (0..<queries).map { _ in randomCentre() }
            let (byGrid, matches) = try measure(index, centres, radius, throughGrid: true)
            // The R*Tree is slow at 5 km (tens of ms a query): fewer of them keep the run short.
            let rtreeCentres = Array(centres.prefix(radius >= 5_000 ? queries / 5 : queries))
            let (byRtree, rtreeMatches) = try measure(index, rtreeCentres, radius, throughGrid: false)
            guard rtreeMatches == Array(matches.prefix(rtreeCentres.count)) else {
                throw BenchmarkFailure("the grid and the R*Tree counted different zones at \(radius) m")
            }
            var scans: [Duration] = []
            for (offset, centre) in centres.prefix(quick ? 3 : 7).enumerated() {
                let began = clock.now
                let scanned = try index.fullScanCount(center: centre, radiusMeters: radius)
                scans.append(clock.now - began)
                guard scanned == matches[offset] else {
                    throw BenchmarkFailure("indexed query found \(matches[offset]) zones, full scan \(scanned)")
                }
            }
            let scan = LatencyStats(latencies: scans, elapsed: .zero).percentile(0.5)
            let medianMatches = matches.sorted()[matches.count / 2]
            say(
                "  \(String(Int(radius)).leftPad(5)) m  \(String(medianMatches).leftPad(7))"
                    + "  \(format(byGrid.percentile(0.5).milliseconds, 3).leftPad(11))  \(format(byGrid.percentile(0.99).milliseconds, 3).leftPad(6))"
                    + "  \(format(byRtree.percentile(0.5).milliseconds, 3).leftPad(13))  \(format(byRtree.percentile(0.99).milliseconds, 3).leftPad(6))"
                    + "  \(format(scan.milliseconds, 1).leftPad(16))"
                    + "  \(format(scan.seconds / byGrid.percentile(0.5).seconds, 0).leftPad(9))"
                    + "  \(format(scan.seconds / byRtree.percentile(0.5).seconds, 0).leftPad(11))")
        }
        say("")
    }

    /// The process's resident memory (Linux: `/proc/self/statm`), else `nil`.
    private static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Times one query per centre (after a warm-up), through the grid or the R*Tree, checking which answered.
    private func measure(
        _ index: GeozoneBenchmarkIndex, _ centres: [GeoPoint], _ radius: Double, throughGrid: Bool
    ) throws -> (LatencyStats, [Int]) {
        let clock = ContinuousClock()
        for centre in centres.prefix(20) {
            _ = try index.indexedQuery(center: centre, radiusMeters: radius, throughGrid: throughGrid)
        }
        var latencies: [Duration] = []
        var matches: [Int] = []
        for centre in centres {
            let began = clock.now
            let answer = try index.indexedQuery(center: centre, radiusMeters: radius, throughGrid: throughGrid)
            latencies.append(clock.now - began)
            guard answer.byGrid == throughGrid else {
                throw BenchmarkFailure("the query was answered by the \(answer.byGrid ? "grid" : "R*Tree")")
            }
            matches.append(answer.total)
        }
        return (LatencyStats(latencies: latencies, elapsed: .zero), matches)
    }
}
