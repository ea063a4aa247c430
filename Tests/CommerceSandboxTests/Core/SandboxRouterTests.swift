import CommerceCore
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CommerceSandbox
@testable import SandboxCore

/// Routing through Hummingbird's trie router and the sandbox middleware, driven by HummingbirdTesting.
@Suite struct SandboxRouterTests {
    private func makeRoutes() -> RouteTable {
        var table = RouteTable()
        table.add { routes in
            routes.get("/v1/things/:id") { .json(["id": .string($0.parameter("id"))]) }
            routes.get("/v1/things/special") { _ in .json(["special": true]) }
            routes.post("/v1/things") { _ in .json(["created": true], status: 201) }
            routes.on(.get, "/v1/order/**") { .json(["rest": .from($0.catchAll)]) }
        }
        return table
    }

    /// Runs `body` against an application serving `makeRoutes()` with a fresh in-memory sandbox's middleware,
    /// where one service owns `/v1/` with its own 404 and 405.
    private func withClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let (context, _, _) = try Sandbox.prepare(.testing)
        context.attach([PrefixOwner()])
        let app = Application(responder: makeRoutes().responder(context: context, logger: Sandbox.quietLogger))
        try await app.test(.router) { client in try await body(client) }
    }

    private static func json(_ response: TestResponse) -> JSONValue {
        (try? JSONValue.parse(Data(buffer: response.body))) ?? .null
    }

    @Test func literalSegmentsWinOverParameters() async throws {
        try await withClient { client in
            let r1 = try await client.execute(uri: "/v1/things/special", method: .get)
            #expect(Self.json(r1) == ["special": true])
            let r2 = try await client.execute(uri: "/v1/things/a%20b", method: .get)
            #expect(Self.json(r2) == ["id": "a b"])
        }
    }

    @Test func catchAllDecodesAnEncodedSlashInsideTheId() async throws {
        try await withClient { client in
            let r3 = try await client.execute(uri: "/v1/order/A%2FB%201", method: .get)
            #expect(Self.json(r3) == ["rest": "A/B 1"])
            let r4 = try await client.execute(uri: "/v1/order/a/b", method: .get)
            #expect(Self.json(r4) == ["rest": "a/b"])
        }
    }

    @Test func unknownPathsAndWrongMethodsUseTheServiceFallback() async throws {
        try await withClient { client in
            let notFound = try await client.execute(uri: "/v1/nothing", method: .get)
            #expect(notFound.status == .notFound)
            #expect(Self.json(notFound) == ["vendor404": "/v1/nothing"])
            let notAllowed = try await client.execute(uri: "/v1/things", method: .get)
            #expect(notAllowed.status == .methodNotAllowed)
            #expect(Self.json(notAllowed) == ["allowed": ["POST"]])
        }
    }

    @Test func headIsAnsweredByTheGetRouteWithoutABody() async throws {
        try await withClient { client in
            let head = try await client.execute(uri: "/v1/things/special", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func pathsOutsideEveryPrefixGetAPlainJSON404() async throws {
        try await withClient { client in
            let response = try await client.execute(uri: "/elsewhere", method: .get)
            #expect(response.status == .notFound)
            #expect(Self.json(response)["error"]?.stringValue?.contains("No route for GET /elsewhere") == true)
        }
    }

    /// Two worlds registering the same routes share one Hummingbird router; each request is still answered by the
    /// handlers and the journal of the world it was sent to.
    @Test func worldsSharingARouterAnswerWithTheirOwnHandlers() async throws {
        func table(_ world: String) -> RouteTable {
            var table = RouteTable()
            table.add { routes in
                routes.get("/v1/who/:id") { .json(["world": .string(world), "id": .string($0.parameter("id"))]) }
            }
            return table
        }
        let (first, _, _) = try Sandbox.prepare(.testing)
        let (second, _, _) = try Sandbox.prepare(.testing)
        let responders = [
            table("first").responder(context: first, logger: Sandbox.quietLogger),
            table("second").responder(context: second, logger: Sandbox.quietLogger),
        ]
        #expect(responders[0].router === responders[1].router)
        for (responder, world) in zip(responders, ["first", "second"]) {
            let app = Application(responder: responder)
            try await app.test(.router) { client in
                let response = try await client.execute(uri: "/v1/who/7", method: .get)
                #expect(Self.json(response) == ["world": .string(world), "id": "7"])
            }
        }
        #expect(first.journal.entries().map(\.path) == ["/v1/who/7"])
        #expect(second.journal.entries().map(\.path) == ["/v1/who/7"])
    }

    @Test func queryItemsAreDecoded() {
        let request = SandboxRequest(method: .get, rawPath: "/x", rawQuery: "a=1&b=hello+world&c=%2F&flag")
        #expect(request.query == ["a": "1", "b": "hello world", "c": "/", "flag": ""])
    }
}

/// A service that owns `/v1/` and nothing else: its fallbacks are what unknown paths and methods there get.
private struct PrefixOwner: SandboxService {
    let name = "things"
    var prefixes: [ServicePrefix] {
        [
            ServicePrefix(
                "/v1/",
                RouteFallback(
                    notFound: { .json(["vendor404": .string($0.path)], status: 404) },
                    methodNotAllowed: { _, allowed in
                        .json(["allowed": .array(allowed.map { .string($0.rawValue) })], status: 405)
                    }))
        ]
    }
    func registerMigrations(_ migrator: inout DatabaseMigrator) {}
    func seed(_ db: Database) throws {}
    func credentials(_ db: Database) throws -> JSONValue { [:] }
    func registerRoutes(on router: ServiceRoutes) {}
    func reset() async throws {}
}
