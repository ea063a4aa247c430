import CommerceCore
import Foundation

/// The sandbox's one fault injector. Faults are the only way the sandbox ever answers 5xx or drops a
/// connection. Every service's fault route adds ``FaultRule``s here; the request pipeline fires unscoped rules
/// for every vendor request, and a service fires its scoped rules where it knows the scope.
public final class FaultInjector: Sendable {
    /// How the owning service answers a fault's status: its error envelope, or `body` as given.
    package typealias Renderer = @Sendable (_ status: Int, _ body: JSONValue?) -> SandboxResponse

    /// Held across the database write too, so memory and the table change together.
    private let rules: Locked<[FaultRule]>
    private let database: SandboxDatabase?

    /// Memory only: rules that ask to survive a restart are kept like the others.
    package init() {
        database = nil
        rules = Locked([])
    }

    /// Backed by `database` (``FaultStore``'s migrations must have run): starts with the stored rules.
    init(database: SandboxDatabase) throws {
        self.database = database
        rules = Locked(try FaultStore.load(database))
    }

    /// Adds a rule; the database write happens under the lock so memory and disk agree on the order.
    public func add(_ rule: FaultRule) throws {
        try rules.withLock { rules in
            if rule.survivesRestart, let database { try FaultStore.insert(rule, database) }
            rules.append(rule)
        }
    }

    public var all: [FaultRule] { rules.current }

    /// Removes the rules `shouldRemove` picks (every rule by default); returns how many went.
    @discardableResult
    public func removeAll(where shouldRemove: (FaultRule) -> Bool = { _ in true }) throws -> Int {
        try rules.withLock { rules in
            let doomed = rules.filter(shouldRemove)
            if let database { try FaultStore.delete(ids: doomed.filter(\.survivesRestart).map(\.id), database) }
            rules.removeAll(where: shouldRemove)
            return doomed.count
        }
    }

    /// Takes one use of the first rule matching the request in `scope`, if any.
    func consume(for request: SandboxRequest, scope: String? = nil) throws -> FaultRule? {
        guard !isEmpty else { return nil }
        return try rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.matches(request, scope: scope) }) else { return nil }
            var rule = rules[index]
            rule.remaining -= 1
            if rule.survivesRestart, let database { try FaultStore.saveRemaining(of: rule, database) }
            if rule.remaining == 0 { rules.remove(at: index) } else { rules[index] = rule }
            return rule
        }
    }

    /// The common case on the request path: no rules at all, answered after one short lock.
    private var isEmpty: Bool { rules.withLock { $0.isEmpty } }

    /// Runs `handler` under the first matching rule in `scope`, if any.
    package func apply(
        to request: SandboxRequest, scope: String? = nil, render: Renderer,
        handler: () async throws -> SandboxResponse
    ) async throws -> SandboxResponse {
        guard let rule = try consume(for: request, scope: scope) else { return try await handler() }
        return try await Self.run(rule, render: render, handler: handler)
    }

    static func run(
        _ rule: FaultRule, render: Renderer,
        handler: () async throws -> SandboxResponse
    ) async throws -> SandboxResponse {
        let delay = rule.delayMilliseconds
        switch (rule.drop, rule.timing) {
        case (.before?, _):
            if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
            return render(rule.status ?? 503, rule.body).droppingConnection()
        case (.afterCommit?, _):
            let response = try await handler()
            if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
            return response.droppingConnection()
        case (nil, .before):
            if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
            // A rule with only a delay is pure latency: the request then runs normally.
            guard let status = rule.status else { return try await handler() }
            return render(status, rule.body)
        case (nil, .after):
            let response = try await handler()
            if delay > 0 { try await Task.sleep(for: .milliseconds(delay)) }
            guard let status = rule.status else { return response }
            return render(status, rule.body)
        }
    }
}
