import Foundation

extension StorefrontCodegen {
    /// Writes `files` under `directory`, removing stale `.swift` files from the generated subdirectory
    /// so a type dropped from the schema does not linger.
    public static func write(_ files: [GeneratedFile], to directory: URL, subdirectory: String) throws {
        let manager = FileManager.default
        let typesDirectory = directory.appendingPathComponent(subdirectory)
        try manager.createDirectory(at: typesDirectory, withIntermediateDirectories: true)
        let wanted = Set(files.map(\.path))
        for name in (try? manager.contentsOfDirectory(atPath: typesDirectory.path)) ?? [] where name.hasSuffix(".swift")
        {
            if !wanted.contains("\(subdirectory)/\(name)") {
                try manager.removeItem(at: typesDirectory.appendingPathComponent(name))
            }
        }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            try data.write(to: url, options: .atomic)
        }
    }

    /// Human-readable differences between `files` and what is on disk: missing, changed and extra files.
    public static func differences(between files: [GeneratedFile], and directory: URL, subdirectory: String) -> [String]
    {
        var result: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            guard let data = try? Data(contentsOf: url) else {
                result.append("missing: \(file.path)")
                continue
            }
            if data != Data(file.contents.utf8) { result.append("changed: \(file.path)") }
        }
        let wanted = Set(files.map(\.path))
        let typesDirectory = directory.appendingPathComponent(subdirectory)
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: typesDirectory.path)) ?? []).sorted()
        for name in present where name.hasSuffix(".swift") && !wanted.contains("\(subdirectory)/\(name)") {
            result.append("extra: \(subdirectory)/\(name)")
        }
        return result
    }
}
