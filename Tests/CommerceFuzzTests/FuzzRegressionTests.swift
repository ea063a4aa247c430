import CommerceFuzzHarness
import Foundation
import Testing

/// Replays every committed fuzzing input (`Fuzz/Corpus/<target>/`: the seeds and each input that once crashed a
/// parser) through the same harness the fuzzer runs, so a fixed crash stays fixed.
@Suite struct FuzzRegressionTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: corpus.appendingPathComponent(target), includingPropertiesForKeys: nil
        ).sorted { $0.path < $1.path }
    }

    @Test func everyTargetHasASeedCorpus() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(folders == FuzzTarget.all.map(\.name).sorted())
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func replaysCorpus(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let inputs = try Self.inputs(name)
        #expect(!inputs.isEmpty)
        for input in inputs {
            do {
                try target.run(try Data(contentsOf: input))
            } catch let violation as InvariantViolation {
                Issue.record("\(name)/\(input.lastPathComponent): \(violation)")
            }
        }
    }
}
