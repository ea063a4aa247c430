import CommerceCore
import Foundation

/// Injected failures, shared by every service's control routes. Faults are the only way the sandbox ever
/// answers 5xx or drops a connection. A fault lives in memory unless it says it survives a restart; those
/// are also kept in the sandbox database (``FaultStore``) when the injector has one.
public final class FaultInjector: @unchecked Sendable {
    public enum Mode: String, Sendable {
        /// Answer with the fault's status without touching state.
        case before
        /// Process the request, wait, then answer (with the fault's status if given): a response lost after commit.
        case after
    }

    public struct Fault: Sendable {
        public let id: String
        public let method: HTTPMethod
        /// An exact path, or a prefix ending in `*`.
        public let path: String
        public var remaining: Int
        public let mode: Mode
        public let status: Int?
        public let delayMilliseconds: Int
        /// The body to answer with, in the owning service's error envelope.
        public let body: JSONValue
        /// Close the connection instead of answering: with `after`, the request is committed and its answer
        /// lost; with `before`, the request is lost unprocessed. `status` and `body` are then never sent.
        public let dropsConnection: Bool
        /// Kept in the database, so a restart does not clear it (the owning service's spec decides).
        public let survivesRestart: Bool

        public init(id: String = "fault-" + RandomToken.hex(12), method: HTTPMethod, path: String, count: Int,
                    mode: Mode, status: Int?, delayMilliseconds: Int, body: JSONValue, dropsConnection: Bool = false,
                    survivesRestart: Bool = false) {
            self.id = id
            self.method = method
            self.path = path
            self.remaining = count
            self.mode = mode
            self.status = status
            self.delayMilliseconds = delayMilliseconds
            self.body = body
            self.dropsConnection = dropsConnection
            self.survivesRestart = survivesRestart
        }

        func matches(_ request: SandboxRequest) -> Bool {
            guard method == request.method else { return false }
            let requestPath = request.path
            if path.hasSuffix("*") { return requestPath.hasPrefix(String(path.dropLast())) }
            return requestPath == path
        }

        public var json: JSONValue {
            var object: JSONObject = [
                "id": .string(id), "method": .string(method.rawValue), "path": .string(path), "count": .integer(Int64(remaining)),
                "mode": .string(mode.rawValue), "status": status.map { .integer(Int64($0)) } ?? .null,
                "delay_ms": .integer(Int64(delayMilliseconds)),
            ]
            // Only drop faults carry the key, so services that cannot create them keep their documented shape.
            if dropsConnection { object["drop_connection"] = true }
            return .object(object)
        }
    }

    private let lock = NSLock()
    private var faults: [Fault] = []
    private let database: SandboxDatabase?

    /// Memory only: faults that ask to survive a restart are kept like the others.
    public init() { database = nil }

    /// Backed by `database` (``FaultStore``'s migration must have run): starts with the stored faults.
    init(database: SandboxDatabase) throws {
        self.database = database
        faults = try FaultStore.load(database)
    }

    /// Adds a fault; the database write happens under the lock so memory and disk agree on the order.
    public func add(_ fault: Fault) throws {
        try lock.withLock {
            if fault.survivesRestart, let database { try FaultStore.insert(fault, database) }
            faults.append(fault)
        }
    }

    public var all: [Fault] { lock.withLock { faults } }

    /// Removes every fault whose path starts with `pathPrefix` (all of them by default).
    public func removeAll(pathPrefix: String = "") throws {
        try lock.withLock {
            if let database { try FaultStore.delete(pathPrefix: pathPrefix, database) }
            faults.removeAll { $0.path.hasPrefix(pathPrefix) }
        }
    }

    /// Takes one use of the first fault matching the request, if any.
    func consume(for request: SandboxRequest) throws -> Fault? {
        try lock.withLock {
            guard let index = faults.firstIndex(where: { $0.remaining > 0 && $0.matches(request) }) else { return nil }
            var fault = faults[index]
            fault.remaining -= 1
            if fault.survivesRestart, let database { try FaultStore.saveRemaining(of: fault, database) }
            if fault.remaining == 0 { faults.remove(at: index) } else { faults[index] = fault }
            return fault
        }
    }

    /// Runs `handler` under any matching fault.
    func apply(to request: SandboxRequest, handler: () async throws -> SandboxResponse) async throws -> SandboxResponse {
        guard let fault = try consume(for: request) else { return try await handler() }
        switch fault.mode {
        case .before:
            let answer = SandboxResponse.json(fault.body, status: fault.status ?? 503)
            return fault.dropsConnection ? answer.droppingConnection() : answer
        case .after:
            let response = try await handler()
            if fault.delayMilliseconds > 0 { try await Task.sleep(for: .milliseconds(fault.delayMilliseconds)) }
            if fault.dropsConnection { return response.droppingConnection() }
            guard let status = fault.status else { return response }
            return .json(fault.body, status: status)
        }
    }
}
