import CommerceCore
import CommerceTesting
import Foundation
import SandboxCore

extension Sandbox {
    /// `COMMERCEKIT_CONTROL_TOKEN`: the control token of the sandbox `COMMERCEKIT_SANDBOX_URL` names, when it needs one.
    public static let controlTokenVariable = "COMMERCEKIT_CONTROL_TOKEN"

    /// Runs `body` with a session of its own and deletes the session afterwards, also when `body` throws. The
    /// session is made on the sandbox `COMMERCEKIT_SANDBOX_URL` names (a `commercekit serve` a CI job or a
    /// simulator shares), else on one in-memory sandbox this process starts on first use and keeps for its other
    /// tests. Tests that each take a session run in parallel with no shared state. `SandboxSession.current` is the
    /// session while `body` runs (the `.sandboxSession` test trait of `CommerceSandboxTesting` is built on this).
    ///
    /// ```swift
    /// @Test func checkout() async throws {
    ///     try await Sandbox.withSession { session in
    ///         let orders = ButtonOrders(apiKey: "sk-sandbox", baseURL: session.baseURL)
    ///         …
    ///     }
    /// }
    /// ```
    public static func withSession<T>(
        name: String? = nil, from snapshot: String? = nil, isolation: isolated (any Actor)? = #isolation,
        _ body: (SandboxSession) async throws -> T
    ) async throws -> T {
        let environment = ProcessInfo.processInfo.environment
        let host: (url: URL, token: String?)
        if let named = environment[SandboxSession.sandboxURLVariable], !named.isEmpty {
            guard let url = URL(string: named) else { throw SandboxSessionError.invalidURL(named) }
            host = (url, environment[controlTokenVariable])
        } else {
            let shared = try await SharedSandbox.instance.sandbox()
            host = (shared.baseURL, shared.controlToken)
        }
        let session = try await SandboxSession.create(
            on: host.url, name: name, from: snapshot, controlToken: host.token)
        do {
            let result = try await SandboxSession.$current.withValue(session) { try await body(session) }
            try? await session.delete()
            return result
        } catch {
            try? await session.delete()
            throw error
        }
    }
}

/// The in-memory sandbox a test process shares between its sessions, started once on first use and stopped when
/// the process ends.
private actor SharedSandbox {
    static let instance = SharedSandbox()
    private var started: Task<Sandbox, any Error>?

    func sandbox() async throws -> Sandbox {
        if let started { return try await started.value }
        let task = Task { try await Sandbox.start(.testing) }
        started = task
        return try await task.value
    }
}
