import Foundation

// Runs the benchmarks in release mode and prints ratios measured in the same run:
//   swift run -c release CommerceBenchmarks [--quick] [--only throughput|buy|geozone|nearby|sessions] [--geozones N]
let options = try BenchmarkOptions(CommandLine.arguments)
let quick = options.quick
say("CommerceKit benchmarks (\(quick ? "quick" : "full") run, release build expected)\n")
if options.runs("throughput") { try await SandboxThroughputBenchmark(quick: quick).run() }
if options.runs("buy") { try BuyBenchmarks(quick: quick).run() }
if options.runs("geozone") {
    try await GeozoneQueryBenchmark(quick: quick, zoneCount: options.geozones ?? (quick ? 100_000 : 1_000_000)).run()
}
if options.runs("nearby") { try await NearbyEngineBenchmark(quick: quick).run() }
if options.runs("sessions") { try await SessionBenchmark(quick: quick).run() }
