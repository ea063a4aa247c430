import Foundation

/// The command line: `[--quick] [--only throughput|buy|geozone|nearby|sessions] [--geozones N]`.
struct BenchmarkOptions {
    static let names = ["throughput", "buy", "geozone", "nearby", "sessions"]

    var quick = false
    var only: String?
    /// Zones in the geozone table; 1,000,000 by default, 100,000 in a quick run.
    var geozones: Int?

    init(_ arguments: [String]) throws {
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--only":
                guard let name = rest.popFirst(), Self.names.contains(name) else {
                    throw BenchmarkFailure("--only needs one of \(Self.names.joined(separator: ", "))")
                }
                only = name
            case "--geozones":
                guard let text = rest.popFirst(), let count = Int(text), count > 0 else {
                    throw BenchmarkFailure("--geozones needs a positive zone count")
                }
                geozones = count
            default:
                throw BenchmarkFailure("unknown argument \(argument); usage: [--quick] [--only NAME] [--geozones N]")
            }
        }
    }

    func runs(_ name: String) -> Bool { only == nil || only == name }
}

/// Writes a line at once, even when stdout is a pipe or a file, so a long run shows its progress as it goes.
/// Anything `print` has buffered is flushed first, so the order of lines is kept.
func say(_ line: String) {
    fflush(nil)
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
