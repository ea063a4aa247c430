import CommerceCore
import Foundation

/// Hands the GraphQL documents a test sent to CI's graphql-core check (Tests/RealClients/storefront_graphql_check.py),
/// so a GraphQL implementation nobody here wrote judges exactly what went on the wire. One JSON file per test in
/// `<package>/.build/<folder>/`; `.ci/run` empties the folders before `swift test`, so a test that stopped writing
/// its file is noticed. The end-to-end journeys (Buy's documents), the Storefront2026_04 tests (documents built with
/// the 2026-04 models) and the Storefront sandbox tests (documents with the sandbox's verdict) all write through here.
public enum GraphQLDocumentExport {
    /// `<package>/.build/<folder>/`.
    public static func directory(_ folder: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/\(folder)", isDirectory: true)
    }

    /// `Module.Suite/test()` from a swift-testing test id (`"\(Test.current.id)"`), without the source location,
    /// so a file keeps its name when lines move; `unnamed` outside a test.
    public static func testName(_ testID: String?) -> String {
        testID.map { $0.split(separator: "/").prefix(2).joined(separator: "/") } ?? "unnamed"
    }

    /// Writes `file` as `<folder>/<test>.json`, the test name reduced to characters any file system takes.
    public static func write(_ file: JSONValue, test: String, folder: String) throws {
        let fileName = String(test.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        let directory = directory(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try file.serializedData().write(to: directory.appendingPathComponent(fileName + ".json"), options: .atomic)
    }
}
