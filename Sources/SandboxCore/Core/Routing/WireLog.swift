import CommerceCore
import Foundation
import Logging

/// Appends every exchange the server answers (control routes and refusals included) to a file, one JSON
/// object per line: what `commercekit serve --wire-log FILE` writes, and how a change to the server is shown
/// to keep every wire byte (`scripts/wire-corpus.py` compares two recordings of the test suite, modulo ids
/// and times). Unlike the journal it keeps nothing in memory and never drops an entry.
package final class WireLog: Sendable {
    /// Set to a file path to record every sandbox of the process there, as `swift test` does for the corpus.
    package static let environmentVariable = "COMMERCEKIT_WIRE_LOG"

    private let file: Locked<FileHandle>

    private init(file: FileHandle) { self.file = Locked(file) }

    /// The log for `options`: its `wireLog`, else the environment's, else none. Sandboxes of one process that
    /// name the same file share one handle, so their lines never interleave. A file that cannot be opened is
    /// logged as an error and nothing is recorded.
    package static func open(for options: SandboxOptions, logger: Logger) -> WireLog? {
        guard
            let path = options.wireLog?.path
                ?? ProcessInfo.processInfo.environment[environmentVariable].flatMap({ $0.isEmpty ? nil : $0 })
        else { return nil }
        return openLogs.withLock { logs in
            if let log = logs[path] { return log }
            if !FileManager.default.fileExists(atPath: path),
                !FileManager.default.createFile(atPath: path, contents: nil)
            {
                logger.error("Cannot create the wire log \(path); no exchange will be recorded")
                return nil
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                logger.error("Cannot write to the wire log \(path); no exchange will be recorded")
                return nil
            }
            handle.seekToEndOfFile()
            let log = WireLog(file: handle)
            logs[path] = log
            return log
        }
    }

    private static let openLogs = Locked<[String: WireLog]>([:])

    /// Writes one exchange as a line. Bodies that are not UTF-8 are written as base64 (`bodyBase64`).
    func record(_ request: SandboxRequest, _ response: SandboxResponse) {
        var line: JSONObject = [
            "method": .string(request.method.rawValue),
            "path": .string(request.rawPath),
        ]
        if let query = request.rawQuery { line["query"] = .string(query) }
        line["requestHeaders"] = Self.headers(request.headers)
        Self.add(body: request.body, as: "requestBody", to: &line)
        line["status"] = .integer(Int64(response.status))
        line["responseHeaders"] = Self.headers(response.headers)
        Self.add(body: response.body, as: "responseBody", to: &line)
        if response.dropsConnection { line["dropped"] = .bool(true) }
        var data = JSONValue.object(line).serializedData()
        data.append(UInt8(ascii: "\n"))
        file.withLock { $0.write(data) }
    }

    private static func headers(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { .array([.string($0.name), .string($0.value)]) })
    }

    private static func add(body: Data, as key: String, to line: inout JSONObject) {
        guard !body.isEmpty else { return }
        if let text = String(data: body, encoding: .utf8) {
            line[key] = .string(text)
        } else {
            line[key + "Base64"] = .string(body.base64EncodedString())
        }
    }
}
