import CommerceCore
import Foundation

/// One injected failure: which requests it catches and what happens to them. Every service's fault route
/// produces this one shape; a service contributes only how its error envelope looks (``SandboxService/faultResponse(status:body:request:)``).
public struct FaultRule: Sendable {
    /// When the fault's status is answered.
    public enum Timing: String, Sendable {
        /// Instead of processing: state is untouched.
        case before
        /// After processing: the request is committed and its real answer replaced (or only delayed).
        case after
    }

    /// Closing the connection instead of answering.
    public enum Drop: String, Sendable {
        /// The request is lost unprocessed.
        case before
        /// The request is committed and its answer lost: what idempotent-retry tests need.
        case afterCommit
    }

    public let id: String
    /// `nil` matches every method.
    public let method: HTTPMethod?
    public let path: PathPattern
    public var remaining: Int
    /// A service-defined qualifier (a tenant, such as a shop). Scoped rules fire only where their service asks for
    /// them with the same scope; unscoped rules fire for every matching request.
    public let scope: String?
    public let timing: Timing
    public let status: Int?
    /// A body to answer with as given; `nil` renders the owning service's error envelope for `status`.
    public let body: JSONValue?
    public let delayMilliseconds: Int
    public let drop: Drop?
    /// Kept in the database, so a restart does not clear it (for services whose spec asks for that).
    public let survivesRestart: Bool
    /// The shape a service alias created this rule from, reported back by that alias's own listing.
    public let origin: JSONValue?

    /// The largest `delay_ms` any fault route accepts: ten minutes outlasts every client timeout.
    package static let maximumDelayMilliseconds = 600_000
    package static let maximumCount = 1_000_000

    public init(
        id: String = "fault-" + RandomToken.hex(12), method: HTTPMethod?, path: PathPattern, count: Int,
        scope: String? = nil, timing: Timing = .before, status: Int? = nil, body: JSONValue? = nil,
        delayMilliseconds: Int = 0, drop: Drop? = nil, survivesRestart: Bool = false, origin: JSONValue? = nil
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.remaining = count
        self.scope = scope
        self.timing = timing
        self.status = status
        self.body = body
        self.delayMilliseconds = delayMilliseconds
        self.drop = drop
        self.survivesRestart = survivesRestart
        self.origin = origin
    }

    func matches(_ request: SandboxRequest, scope: String?) -> Bool {
        guard remaining > 0, self.scope == scope else { return false }
        if let method, method != request.method { return false }
        return path.matches(request.path)
    }

    /// The listing shape every fault route shares. Keys that only some rules use appear only on those rules,
    /// so the services whose documents never mention them keep their documented shape.
    package var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "method": method.map { .string($0.rawValue) } ?? .null, "path": .string(path.text),
            "count": .integer(Int64(remaining)), "mode": .string(timing.rawValue),
            "status": status.map { .integer(Int64($0)) } ?? .null, "delay_ms": .integer(Int64(delayMilliseconds)),
        ]
        if let drop {
            object["drop"] = .string(drop.rawValue)
            object["drop_connection"] = true
        }
        if let scope { object["scope"] = .string(scope) }
        if let body { object["body"] = body }
        return .object(object)
    }
}
