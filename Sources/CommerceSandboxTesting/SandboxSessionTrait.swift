import CommerceSandbox
import CommerceTesting
import Foundation
import Testing

/// A Swift Testing trait that runs each test — and each case of a parameterized test — in a sandbox session of its
/// own, deleted when the test ends (also when it fails or throws). The test finds it in `SandboxSession.current`.
///
/// ```swift
/// @Test(.sandboxSession) func checkout() async throws {
///     let session = try #require(SandboxSession.current)
///     let orders = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(session.baseURL)).orders
///     …
/// }
///
/// @Suite(.sandboxSession(from: "catalogue")) struct CartTests { … }   // every test: a fresh copy of the snapshot
/// ```
///
/// Sessions come from `Sandbox.withSession`: on the sandbox `COMMERCEKIT_SANDBOX_URL` names, else on one in-memory
/// sandbox the test process starts on first use. On a suite the trait reaches every test in it and in its nested
/// suites; a test's (or an inner suite's) own `.sandboxSession` replaces the outer one, so no test makes a session
/// it cannot see.
public struct SandboxSessionTrait: TestTrait, SuiteTrait, TestScoping {
    /// The session's name, shown in the console's list of worlds; `nil` names it after the test.
    public let name: String?
    /// A snapshot the session starts as a copy of; `nil` starts from the seed.
    public let snapshot: String?
    /// Tells this trait apart from an equal one on an outer suite (see `scopeProvider(for:testCase:)`).
    private let identity = UUID()

    /// Passed down to every test of a suite, so each test, not the suite, gets a session.
    public var isRecursive: Bool { true }

    public init(name: String? = nil, from snapshot: String? = nil) {
        self.name = name
        self.snapshot = snapshot
    }

    /// One scope per test case; only the innermost `.sandboxSession` of a test provides it.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        guard !test.isSuite, testCase != nil else { return nil }
        // `test.traits` lists inherited suite traits outermost first, then the test's own.
        let innermost = test.traits.last { $0 is SandboxSessionTrait } as? SandboxSessionTrait
        return innermost?.identity == identity ? self : nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The sandbox caps session names at 100 characters.
        let name = name ?? String((test.displayName ?? test.name).prefix(100))
        try await Sandbox.withSession(name: name, from: snapshot) { _ in try await function() }
    }
}

extension Trait where Self == SandboxSessionTrait {
    /// Each test in a sandbox session of its own, seeded; `SandboxSession.current` during the test.
    public static var sandboxSession: Self { SandboxSessionTrait() }

    /// Each test in a sandbox session of its own, named `name` (else after the test) and started as a copy of
    /// snapshot `from` (else seeded); `SandboxSession.current` during the test.
    public static func sandboxSession(name: String? = nil, from snapshot: String? = nil) -> Self {
        SandboxSessionTrait(name: name, from: snapshot)
    }
}
