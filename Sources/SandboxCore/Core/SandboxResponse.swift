import CommerceCore
import Foundation

/// One HTTP response produced by a sandbox service.
package struct SandboxResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: Data
    /// When set, the server closes the connection instead of sending this response: the client sees the
    /// connection drop with no HTTP answer (a lost response). Whatever the handler committed stays
    /// committed; `status` is what would have been sent, and is what the request logs record.
    package var dropsConnection: Bool
    /// Facts for the request journal that only the service knows (the endpoint or operation a request named);
    /// never sent to the client.
    package var journalNotes: JSONObject = [:]

    package init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), dropsConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.dropsConnection = dropsConnection
    }

    /// This response with `notes` added to its journal entry.
    package func noting(_ notes: JSONObject) -> SandboxResponse {
        var noted = self
        for (key, value) in notes { noted.journalNotes[key] = value }
        return noted
    }

    /// This response, never sent: the connection is closed instead (see ``dropsConnection``).
    package func droppingConnection() -> SandboxResponse {
        var dropped = self
        dropped.dropsConnection = true
        return dropped
    }

    /// A JSON response with `Content-Type: application/json; charset=utf-8`.
    package static func json(_ value: JSONValue, status: Int = 200, headers: HTTPHeaders = [:]) -> SandboxResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return SandboxResponse(status: status, headers: all, body: value.serializedData())
    }

    /// An HTML page.
    package static func html(_ text: String, status: Int = 200) -> SandboxResponse {
        SandboxResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    }

    /// A redirect to `location`.
    package static func redirect(to location: String, status: Int = 302) -> SandboxResponse {
        SandboxResponse(status: status, headers: ["Location": location])
    }
}
