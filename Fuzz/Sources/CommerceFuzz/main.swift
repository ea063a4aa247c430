// The fuzzing and replay driver for the harnesses in CommerceFuzzHarness (see `scripts/fuzz.sh`).
//
// Built with `-sanitize=fuzzer,address -D FUZZING`, it is a libFuzzer binary for the target named by
// `COMMERCE_FUZZ_TARGET`, taking libFuzzer's own arguments. Built normally, it replays inputs:
// `CommerceFuzz <target> <file or directory>...` runs each file once and exits non-zero if any breaks an invariant
// (a crash stops it, as it would stop the fuzzer).
import CommerceFuzzHarness
import Foundation

#if FUZZING
import CLibFuzzer
#endif

/// The target this process fuzzes or replays, chosen once.
enum Selection {
    #if FUZZING
    static let name = ProcessInfo.processInfo.environment["COMMERCE_FUZZ_TARGET"] ?? ""
    #else
    static let name = CommandLine.arguments.dropFirst().first ?? ""
    #endif
    static let target = FuzzTarget.named(name)
}

guard let target = Selection.target else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    #if FUZZING
    print("Set COMMERCE_FUZZ_TARGET to one of: \(names)")
    #else
    print("usage: CommerceFuzz <target> <file or directory>...\ntargets: \(names)")
    #endif
    exit(2)
}

#if FUZZING
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        do {
            try Selection.target?.run(data)
        } catch {
            fatalError("\(Selection.name): invariant broken: \(error)")
        }
        return 0
    })
#else
var files: [URL] = []
for path in CommandLine.arguments.dropFirst(2) {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        files.append(url)
        continue
    }
    let children = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
    files += children.sorted { $0.path < $1.path }
}
var failures = 0
for file in files {
    guard let data = try? Data(contentsOf: file) else {
        print("\(file.path): unreadable")
        failures += 1
        continue
    }
    do {
        try target.run(data)
    } catch {
        print("\(file.path): \(error)")
        failures += 1
    }
}
print("\(target.name): \(files.count) inputs replayed, \(failures) failed")
exit(failures == 0 ? 0 : 1)
#endif
