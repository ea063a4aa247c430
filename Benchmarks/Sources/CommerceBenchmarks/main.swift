import Foundation

// Runs the benchmarks in release mode and prints ratios measured in the same run:
//   swift run -c release CommerceBenchmarks [--quick] [--only throughput|buy|geozone|nearby|sessions] [--geozones N]
// A bad command line is reported with status 2 and a failed measurement with status 1: a top-level throw would
// abort with a crash report.
let options: BenchmarkOptions
do { options = try BenchmarkOptions(CommandLine.arguments) } catch {
    FileHandle.standardError.write(Data("CommerceBenchmarks: \(error)\n".utf8))
    exit(2)
}
do {
    let quick = options.quick
    say("CommerceKit benchmarks (\(quick ? "quick" : "full") run, release build expected)\n")
    if options.runs("throughput") { try await SandboxThroughputBenchmark(quick: quick).run() }
    if options.runs("buy") { try BuyBenchmarks(quick: quick).run() }
    if options.runs("geozone") {
        try await GeozoneQueryBenchmark(quick: quick, zoneCount: options.geozones ?? (quick ? 100_000 : 1_000_000))
            .run()
    }
    if options.runs("nearby") { try await NearbyEngineBenchmark(quick: quick).run() }
    if options.runs("sessions") { try await SessionBenchmark(quick: quick).run() }
} catch {
    FileHandle.standardError.write(Data("CommerceBenchmarks: \(error)\n".utf8))
    exit(1)
}
