import Foundation

// Runs every benchmark in release mode and prints ratios measured in the same run:
//   swift run -c release CommerceBenchmarks [--quick]
let quick = CommandLine.arguments.contains("--quick")
print("CommerceKit benchmarks (\(quick ? "quick" : "full") run, release build expected)\n")
try await SandboxThroughputBenchmark(quick: quick).run()
try BuyBenchmarks(quick: quick).run()
try GeozoneQueryBenchmark(quick: quick).run()
try await NearbyEngineBenchmark(quick: quick).run()
