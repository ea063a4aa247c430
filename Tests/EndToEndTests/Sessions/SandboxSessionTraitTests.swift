import ButtonOrders
import CommerceCore
import CommerceSandbox
import CommerceSandboxTesting
import CommerceTesting
import Foundation
import Testing

/// The `.sandboxSession` trait (Documentation/Testing.md): each test, and each case of a parameterized test, in a
/// session of its own, gone afterwards. Tests run in parallel, so the tests that order the same id would collide
/// (a `409` or a second journal entry) if they shared a world.
@Suite struct SandboxSessionTraitTests {
    @Test(.sandboxSession) func oneTestOrdersInItsOwnSession() async throws {
        try await TraitCheck.orderSameIDAlone()
    }

    @Test(.sandboxSession) func anotherTestOrdersTheSameIDInItsOwnSession() async throws {
        try await TraitCheck.orderSameIDAlone()
    }

    @Test(.sandboxSession, arguments: 0..<4) func eachCaseHasItsOwnSession(index: Int) async throws {
        try await TraitCheck.orderSameIDAlone()
    }

    @Test(.sandboxSession) func theSessionIsNamedAfterTheTest() {
        #expect(SandboxSession.current?.name == "theSessionIsNamedAfterTheTest()")
    }

    @Test(.sandboxSession(name: "checkout")) func orAsTheTraitSays() {
        #expect(SandboxSession.current?.name == "checkout")
    }

    @Test func withoutTheTraitThereIsNoSession() async throws {
        #expect(SandboxSession.current == nil)
        try await Sandbox.withSession { session in #expect(SandboxSession.current?.id == session.id) }
    }

    @Test func theSessionIsDeletedAfterTheTestAlsoWhenItThrows() async throws {
        let test = try #require(Test.current)
        let recorder = Recorder()
        let body: @Sendable () async throws -> Void = {
            let session = try #require(SandboxSession.current)
            await recorder.record(session)
            #expect(try await TraitCheck.sessionIDs(on: session.sandboxURL).contains(session.id))
        }
        try await SandboxSessionTrait().provideScope(for: test, testCase: Test.Case.current, performing: body)
        await #expect(throws: Thrown.self) {
            try await SandboxSessionTrait().provideScope(for: test, testCase: Test.Case.current) {
                try await body()
                throw Thrown()
            }
        }
        let sessions = await recorder.sessions
        #expect(sessions.count == 2)
        #expect(Set(sessions.map(\.id)).count == 2)
        for session in sessions {
            #expect(try await !TraitCheck.sessionIDs(on: session.sandboxURL).contains(session.id))
        }
    }

    @Test func fromStartsTheSessionAsACopyOfTheSnapshot() async throws {
        let snapshot = "trait-" + UUID().uuidString.lowercased()
        let host = try await Sandbox.withSession { session in
            _ = try await TraitCheck.orders(session).create(TraitCheck.order("in-snapshot"))
            try await session.snapshot(named: snapshot)
            return session.sandboxURL
        }
        let test = try #require(Test.current)
        try await SandboxSessionTrait(from: snapshot).provideScope(for: test, testCase: Test.Case.current) {
            let session = try #require(SandboxSession.current)
            #expect(try await TraitCheck.orders(session).get("in-snapshot").orderId == "in-snapshot")
        }
        #expect(try await TraitCheck.control(.delete, host, "/sandbox/snapshots/\(snapshot)").status == 204)
    }

    private struct Thrown: Error {}

    private actor Recorder {
        var sessions: [SandboxSession] = []
        func record(_ session: SandboxSession) { sessions.append(session) }
    }
}

/// On a suite, the trait gives every test (and every case, and every test of a nested suite) its own session.
@Suite(.sandboxSession) struct SandboxSessionSuiteTraitTests {
    @Test func oneTestOfTheSuite() async throws {
        try await TraitCheck.orderSameIDAlone()
    }

    @Test func anotherTestOfTheSuite() async throws {
        try await TraitCheck.orderSameIDAlone()
    }

    @Test(arguments: ["a", "b"]) func eachCaseOfTheSuite(label: String) async throws {
        try await TraitCheck.orderSameIDAlone()
    }

    @Test(.sandboxSession(name: "inner")) func aTestsOwnTraitReplacesTheSuites() async throws {
        let session = try #require(SandboxSession.current)
        #expect(session.name == "inner")
        // The suite's trait made no session for this test (it would carry the test's name).
        let names = try await TraitCheck.sessions(on: session.sandboxURL).compactMap { $0["name"]?.stringValue }
        #expect(!names.contains("aTestsOwnTraitReplacesTheSuites()"))
    }

    @Suite struct Nested {
        @Test func aNestedSuitesTest() async throws {
            try await TraitCheck.orderSameIDAlone()
        }
    }
}

/// What the trait tests share.
private enum TraitCheck {
    /// Orders `same-id` in the current session and finds it the only request there.
    static func orderSameIDAlone() async throws {
        let session = try #require(SandboxSession.current)
        #expect(try await orders(session).create(order("same-id")).orderId == "same-id")
        let journal = try await control(.get, session.baseURL, "/sandbox/requests").body["requests"]?.arrayValue
        #expect(journal?.map { $0["path"] } == ["/v1/order"])
    }

    static func orders(_ session: SandboxSession) throws -> ButtonClient.Orders {
        try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(session.baseURL)).orders
    }

    static func order(_ id: String) -> OrderPayload {
        OrderPayload(total: 10, currency: "USD", orderId: id, purchaseDate: Date())
    }

    static func sessions(on host: URL) async throws -> [JSONValue] {
        try await control(.get, host, "/sandbox/sessions").body["sessions"]?.arrayValue ?? []
    }

    static func sessionIDs(on host: URL) async throws -> [String] {
        try await sessions(on: host).compactMap { $0["id"]?.stringValue }
    }

    /// A control route, with the token `COMMERCEKIT_CONTROL_TOKEN` gives when the sandbox is an outside one.
    static func control(_ method: HTTPMethod, _ base: URL, _ path: String) async throws -> (
        status: Int, body: JSONValue
    ) {
        let url = try #require(URL(string: base.absoluteString + path))
        var headers: HTTPHeaders = [:]
        if let token = ProcessInfo.processInfo.environment[Sandbox.controlTokenVariable], !token.isEmpty {
            headers["Authorization"] = "Bearer \(token)"
        }
        let response = try await URLSessionTransport().send(HTTPRequest(method: method, url: url, headers: headers))
        return (response.statusCode, (try? JSONValue.parse(response.body)) ?? .null)
    }
}
