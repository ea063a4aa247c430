import CommerceCore
@_spi(Benchmarks) import CommerceSandbox
import Foundation

/// The sandbox's triggered-zones query (R*Tree prefilter + exact haversine, validity, order, limit) over
/// `zoneCount` zones (1,000,000 in a full run) around a city, against a full scan of the same table in the
/// same run. Progress lines are written as they happen (`say`), so a long run can be watched.
struct GeozoneQueryBenchmark {
    let quick: Bool
    let zoneCount: Int

    func run() throws {
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
        say("  radius   matches  indexed p50 ms  p99 ms   full scan p50 ms  ratio scan/indexed")
        for radius in [200.0, 1_000.0, 5_000.0] {
            let queries = quick ? 200 : 1_000
            var indexed: [Duration] = []
            var matches: [Int] = []
            let centres = (0..<queries).map { _ in randomCentre() }
            for centre in centres.prefix(20) { _ = try index.indexedQuery(center: centre, radiusMeters: radius) }  // warm-up
            for centre in centres {
                let began = clock.now
                matches.append(try index.indexedQuery(center: centre, radiusMeters: radius))
                indexed.append(clock.now - began)
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
            let fast = LatencyStats(latencies: indexed, elapsed: .zero)
            let slow = LatencyStats(latencies: scans, elapsed: .zero)
            let medianMatches = matches.sorted()[matches.count / 2]
            say(
                "  \(String(Int(radius)).leftPad(5)) m  \(String(medianMatches).leftPad(7))  \(format(fast.percentile(0.5).milliseconds, 3).leftPad(14))"
                    + "  \(format(fast.percentile(0.99).milliseconds, 3).leftPad(6))   \(format(slow.percentile(0.5).milliseconds, 1).leftPad(16))"
                    + "  \(format(slow.percentile(0.5).seconds / fast.percentile(0.5).seconds, 0).leftPad(18))")
        }
        say("")
    }
}
