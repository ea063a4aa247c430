import CommerceCore
import Foundation

/// The instance-wide operations every service's control routes share, so each has one implementation:
/// moving the clock (then each service's after-move hook) and resetting services.
extension SandboxContext {
    /// How the clock moves.
    public enum ClockChange: Sendable {
        case advance(seconds: TimeInterval)
        case set(Date, frozen: Bool)
        /// Stops the clock where it is (`true`) or lets it run on from there (`false`).
        case freeze(Bool)
        /// Back to wall time.
        case real
    }

    /// Moves the clock, then runs every service's ``SandboxService/clockDidMove(to:)``. Returns the clock's
    /// JSON plus whatever the hooks reported (the records a service changed as time passed).
    @discardableResult
    public func moveClock(_ change: ClockChange) async throws -> JSONObject {
        switch change {
        case .advance(let seconds): try await clock.advance(by: seconds)
        case .set(let instant, let frozen): try await clock.set(instant, frozen: frozen)
        case .freeze(let frozen): try await clock.set(clock.now(), frozen: frozen)
        case .real: try await clock.reset()
        }
        let now = clock.now()
        var answer = clock.json().objectValue ?? [:]
        for service in services {
            for (key, value) in try await service.clockDidMove(to: now) { answer[key] = value }
        }
        return answer
    }

    /// Resets `service`: its data (re-seeded), its fault rules and its journal entries. The clock stays.
    package func reset(_ service: any SandboxService) async throws {
        try await service.reset()
        try removeFaults(of: service.name)
        journal.removeAll(service: service.name)
    }

    /// The fault rules whose path belongs to the service named `name` (by the longest-prefix rule).
    public func faultRules(of name: String) -> [FaultRule] {
        faults.all.filter { owner(ofPath: $0.path.text)?.name == name }
    }

    public func removeFaults(of name: String) throws {
        try faults.removeAll { owner(ofPath: $0.path.text)?.name == name }
    }

    /// Resets the service named `name` (see ``reset(_:)``); unknown names do nothing.
    public func reset(named name: String) async throws {
        guard let service = services.first(where: { $0.name == name }) else { return }
        try await reset(service)
    }

    /// Resets every service and clears every fault rule and journal entry. The clock stays.
    public func resetAll() async throws {
        for service in services { try await service.reset() }
        try faults.removeAll()
        journal.removeAll()
    }

    /// The service whose vendor prefix is the longest match for `path`, if any.
    func owner(ofPath path: String) -> (any SandboxService)? {
        longestPrefix(of: path, where: \.isVendor)?.service
    }

    /// How an unknown path or method at `rawPath` is answered: by the longest prefix of any service that
    /// matches, else plainly.
    func fallback(for rawPath: String) -> RouteFallback {
        longestPrefix(of: rawPath)?.prefix.fallback ?? .plain
    }
}
