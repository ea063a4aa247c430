import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

@Suite struct SandboxRouterTests {
    private func makeRouter() -> SandboxRouter {
        let router = SandboxRouter()
        router.get("/v1/things/:id") { .json(["id": .string($0.parameter("id"))]) }
        router.get("/v1/things/special") { _ in .json(["special": true]) }
        router.post("/v1/things") { _ in .json(["created": true], status: 201) }
        router.on(.get, "/v1/order/**") { .json(["rest": .from($0.catchAll)]) }
        router.fallback(forPrefix: "/v1/", .init(
            notFound: { .json(["vendor404": .string($0.path)], status: 404) },
            methodNotAllowed: { _, allowed in .json(["allowed": .array(allowed.map { .string($0.rawValue) })], status: 405) }))
        return router
    }

    private func send(_ router: SandboxRouter, _ method: HTTPMethod, _ path: String) async throws -> (Int, JSONValue) {
        let response = try await router.respond(to: SandboxRequest(method: method, rawPath: path))
        return (response.status, try JSONValue.parse(response.body))
    }

    @Test func literalSegmentsWinOverParameters() async throws {
        let router = makeRouter()
        #expect(try await send(router, .get, "/v1/things/special").1 == ["special": true])
        #expect(try await send(router, .get, "/v1/things/a%20b").1 == ["id": "a b"])
    }

    @Test func catchAllDecodesAnEncodedSlashInsideTheId() async throws {
        #expect(try await send(makeRouter(), .get, "/v1/order/A%2FB%201").1 == ["rest": "A/B 1"])
        #expect(try await send(makeRouter(), .get, "/v1/order/a/b").1 == ["rest": "a/b"])
    }

    @Test func unknownPathsAndWrongMethodsUseTheServiceFallback() async throws {
        let router = makeRouter()
        let (notFound, body) = try await send(router, .get, "/v1/nothing")
        #expect(notFound == 404)
        #expect(body == ["vendor404": "/v1/nothing"])
        let (notAllowed, allowed) = try await send(router, .get, "/v1/things")
        #expect(notAllowed == 405)
        #expect(allowed == ["allowed": ["POST"]])
    }

    @Test func pathsOutsideEveryPrefixGetAPlainJSON404() async throws {
        let (status, body) = try await send(makeRouter(), .get, "/elsewhere")
        #expect(status == 404)
        #expect(body["error"]?.stringValue?.contains("No route for GET /elsewhere") == true)
    }

    @Test func queryItemsAreDecoded() {
        let request = SandboxRequest(method: .get, rawPath: "/x", rawQuery: "a=1&b=hello+world&c=%2F&flag")
        #expect(request.query == ["a": "1", "b": "hello world", "c": "/", "flag": ""])
    }
}
