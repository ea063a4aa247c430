import CommerceCore
import Foundation

/// One HTTP response produced by a sandbox service.
public struct SandboxResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response with `Content-Type: application/json; charset=utf-8`.
    public static func json(_ value: JSONValue, status: Int = 200, headers: HTTPHeaders = [:]) -> SandboxResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return SandboxResponse(status: status, headers: all, body: value.serializedData())
    }

    /// An HTML page.
    public static func html(_ text: String, status: Int = 200) -> SandboxResponse {
        SandboxResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    }

    /// A redirect to `location`.
    public static func redirect(to location: String, status: Int = 302) -> SandboxResponse {
        SandboxResponse(status: status, headers: ["Location": location])
    }
}
