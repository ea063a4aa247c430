import CommerceCore
import Foundation

/// One isolated world of a running CommerceKit sandbox: its own database, clock, faults, journal and seeded
/// credentials, on its own port. Point the clients under test at ``baseURL``; nothing another session does is
/// seen here, so tests that each take a session run in parallel against one sandbox.
///
/// ```swift
/// let session = try await SandboxSession.create(on: URL(string: "http://127.0.0.1:8080")!, name: "checkout")
/// defer { Task { try? await session.delete() } }
/// let client = Graph.Client(shopDomain: session.baseURL.absoluteString, apiKey: "sandbox-storefront-token")
/// ```
///
/// With the `CommerceSandbox` library, `Sandbox.withSession { session in … }` starts the sandbox in-process (or
/// uses the one `COMMERCEKIT_SANDBOX_URL` names) and deletes the session afterwards.
public struct SandboxSession: Sendable {
    /// `COMMERCEKIT_SANDBOX_URL`: a running sandbox tests should use instead of starting their own.
    public static let sandboxURLVariable = "COMMERCEKIT_SANDBOX_URL"

    /// The session of the code running now: set for a test with the `.sandboxSession` trait (the
    /// `CommerceSandboxTesting` library) and inside `Sandbox.withSession`, else `nil`. A task local, so parallel
    /// tests each see their own, and helpers can find it without being handed it.
    @TaskLocal public static var current: SandboxSession?

    public let id: String
    public let name: String?
    /// The session's own address: every vendor path and every `/sandbox/…` route, for this session alone.
    public let baseURL: URL
    /// The session's seeded test credentials, in the shape of `GET /sandbox/credentials`.
    public let credentials: JSONValue
    /// The sandbox the session was made on (its main port).
    public let sandboxURL: URL
    private let controlToken: String?
    private let transport: any HTTPTransport

    /// Creates a session on the sandbox at `sandboxURL`: seeded, or a copy of snapshot `from`.
    public static func create(
        on sandboxURL: URL, name: String? = nil, from snapshot: String? = nil, controlToken: String? = nil,
        transport: any HTTPTransport = URLSessionTransport()
    ) async throws -> SandboxSession {
        var body: JSONObject = [:]
        if let name { body["name"] = .string(name) }
        if let snapshot { body["from"] = .string(snapshot) }
        let answer = try await Self.call(
            .post, sandboxURL, "/sandbox/sessions", body: .object(body), token: controlToken, transport: transport,
            expecting: 201)
        guard let id = answer["id"]?.stringValue, let base = answer["base_url"]?.stringValue.flatMap(URL.init(string:))
        else { throw SandboxSessionError.unexpectedAnswer(status: 201, body: answer) }
        return SandboxSession(
            id: id, name: answer["name"]?.stringValue, baseURL: base, credentials: answer["credentials"] ?? .null,
            sandboxURL: sandboxURL, controlToken: controlToken, transport: transport)
    }

    /// Ends the session: its port closes and its state is gone.
    public func delete() async throws {
        _ = try await Self.call(
            .delete, sandboxURL, "/sandbox/sessions/\(id)", body: nil, token: controlToken, transport: transport,
            expecting: 204)
    }

    /// Saves this session's whole state as snapshot `name` (any session, or the main world, can reset to it).
    public func snapshot(named name: String) async throws {
        _ = try await Self.call(
            .post, baseURL, "/sandbox/snapshots", body: ["name": .string(name)], token: controlToken,
            transport: transport, expecting: 201)
    }

    /// Returns this session to snapshot `name`.
    public func reset(to name: String) async throws {
        _ = try await Self.call(
            .post, baseURL, "/sandbox/reset", body: ["to": .string(name)], token: controlToken, transport: transport,
            expecting: 200)
    }

    private static func call(
        _ method: HTTPMethod, _ base: URL, _ path: String, body: JSONValue?, token: String?,
        transport: any HTTPTransport, expecting status: Int
    ) async throws -> JSONValue {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text + path) else { throw SandboxSessionError.invalidURL(text + path) }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = try await transport.send(
            HTTPRequest(method: method, url: url, headers: headers, body: body?.serializedData()))
        let answer = response.body.isEmpty ? JSONValue.null : (try? JSONValue.parse(response.body)) ?? .null
        guard response.statusCode == status else {
            throw SandboxSessionError.unexpectedAnswer(status: response.statusCode, body: answer)
        }
        return answer
    }
}

/// Why a session call failed.
public enum SandboxSessionError: Error, Equatable, CustomStringConvertible {
    case invalidURL(String)
    /// The sandbox answered something else; `body` holds its error (`error.fields` names the field).
    case unexpectedAnswer(status: Int, body: JSONValue)

    public var description: String {
        switch self {
        case .invalidURL(let text): "Not a URL: \(text)"
        case .unexpectedAnswer(let status, let body): "The sandbox answered \(status): \(body.serialized())"
        }
    }
}
