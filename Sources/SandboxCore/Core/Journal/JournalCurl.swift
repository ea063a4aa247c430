import CommerceCore
import Foundation

/// A `curl` command that sends a journal entry's request again, for pasting into a terminal. It is built from
/// the redacted entry, so masked credentials (`***`) must be filled in by hand; nothing secret is shown.
enum JournalCurl {
    /// Headers curl sets itself or that would mislead when replayed.
    static let skippedHeaders: Set<String> = ["host", "content-length", "connection", "accept-encoding", "user-agent"]

    static func command(for entry: JournalEntry, baseURL: String) -> String {
        var parts = ["curl"]
        if entry.method == .head {
            parts.append("-I")
        } else if entry.method != .get || !entry.requestBody.isEmpty {
            parts += ["-X", entry.method.rawValue]
        }
        for (name, value) in entry.requestHeaders where !skippedHeaders.contains(name.lowercased()) {
            parts += [
                "-H",
                quoted(
                    "\(name): \(JournalRedaction.redactedHeader(name: name, value: value, secret: entry.secretHeaders))"
                ),
            ]
        }
        let binary = !entry.requestBody.isEmpty && String(data: entry.requestBody, encoding: .utf8) == nil
        switch entry.redactedRequestBody {
        case .null: break
        case _ where binary: parts += ["--data-binary", "@body.bin"]  // the bytes are not shown; supply them from a file
        case .string(let text): parts += ["--data-raw", quoted(text)]
        case let json: parts += ["--data-raw", quoted(json.serialized())]
        }
        let query = entry.query.map { "?" + $0 } ?? ""
        parts.append(
            quoted(
                baseURL + (entry.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? entry.path)
                    + query))
        return parts.joined(separator: " ")
    }

    /// POSIX shell single quotes: everything literal, a `'` closes, is escaped, and reopens.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
