import ButtonOrders
import Buy
import CommerceCore
import CommerceSandbox
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

/// Sessions (Documentation/Testing.md): many isolated worlds of one sandbox, each on its own port, used by the
/// project's own clients at the same time.
@Suite struct ParallelSessionsJourneyTests {
    static let sessionCount = 32

    @Test func thirtyTwoSessionsRunJourneysInParallelAndEachSeesOnlyItsOwn() async throws {
        try await Sandbox.withRunning { sandbox in
            let sessions = try await withThrowingTaskGroup(of: SandboxSession.self) { group in
                for index in 0..<Self.sessionCount {
                    group.addTask { try await SandboxSession.create(on: sandbox.baseURL, name: "journey-\(index)") }
                }
                return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.name ?? "" < $1.name ?? "" }
            }
            #expect(Set(sessions.map(\.baseURL.port)).count == Self.sessionCount)
            #expect(!sessions.map(\.baseURL).contains(sandbox.baseURL))

            // Every session: a Button order and a Storefront cart, all sessions at once.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for session in sessions {
                    group.addTask { try await Self.runJourneys(in: session) }
                }
                try await group.waitForAll()
            }

            for session in sessions {
                let journal = try await Self.get(session.baseURL, "/sandbox/requests")["requests"]?.arrayValue ?? []
                let paths = journal.compactMap { $0["path"]?.stringValue }.sorted()
                #expect(paths == ["/api/2021-10/graphql", "/v1/order"], "\(session.name ?? "")")
                let own = try Self.orderID(session)
                #expect(try await Self.status(session.baseURL, "/v1/order/\(own)") == 200)
                let next = ((sessions.firstIndex { $0.id == session.id } ?? 0) + 1) % sessions.count
                #expect(try await Self.status(session.baseURL, "/v1/order/\(try Self.orderID(sessions[next]))") == 404)
            }
            // The main world saw none of it.
            #expect(try await Self.get(sandbox.baseURL, "/sandbox/requests")["requests"]?.arrayValue?.isEmpty == true)
            #expect(try await Self.status(sandbox.baseURL, "/v1/order/\(try Self.orderID(sessions[0]))") == 404)

            // A fault, a clock move and a reset in one session change nothing in the others.
            let first = sessions[0]
            _ = try await Self.send(.post, first.baseURL, "/sandbox/faults", ["path": "/v1/order", "status": 503])
            _ = try await Self.send(.post, first.baseURL, "/sandbox/clock/advance", ["seconds": 86_400])
            #expect(try await Self.status(first.baseURL, "/v1/order/\(try Self.orderID(first))") == 503)
            #expect(try await Self.get(first.baseURL, "/sandbox/clock")["offset_seconds"]?.integerValue == 86_400)
            _ = try await Self.send(.post, first.baseURL, "/sandbox/reset", nil)
            #expect(try await Self.status(first.baseURL, "/v1/order/\(try Self.orderID(first))") == 404)
            for session in sessions.dropFirst() {
                #expect(try await Self.get(session.baseURL, "/sandbox/faults")["faults"]?.arrayValue?.isEmpty == true)
                #expect(try await Self.get(session.baseURL, "/sandbox/clock")["offset_seconds"]?.integerValue == 0)
                #expect(try await Self.status(session.baseURL, "/v1/order/\(try Self.orderID(session))") == 200)
            }

            for session in sessions { try await session.delete() }
            #expect(try await Self.get(sandbox.baseURL, "/sandbox/sessions")["sessions"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test func withSessionGivesEachCallItsOwnWorldAndDeletesItAfterwards() async throws {
        let first = try await Sandbox.withSession(name: "a") { session in
            let orders = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(session.baseURL)).orders
            _ = try await orders.create(
                OrderPayload(total: 10, currency: "USD", orderId: "same-id", purchaseDate: Date()))
            return session
        }
        // The same order id again: a fresh world has never seen it.
        let second = try await Sandbox.withSession(name: "b") { session in
            let orders = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(session.baseURL)).orders
            #expect(
                try await orders.create(
                    OrderPayload(total: 10, currency: "USD", orderId: "same-id", purchaseDate: Date())
                ).orderId == "same-id")
            return session
        }
        #expect(first.id != second.id)
        // The first session's world is gone: its port is closed (or, with tests in parallel, another sandbox's).
        let status = try? await Self.status(first.baseURL, "/v1/order/same-id")
        #expect(status != 200)
    }

    private static func runJourneys(in session: SandboxSession) async throws {
        let orders = try ButtonClient(apiKey: "sk-sandbox", configuration: .sandbox(session.baseURL)).orders
        let created = try await orders.create(
            OrderPayload(total: 1_000, currency: "USD", orderId: try orderID(session), purchaseDate: Date()))
        #expect(created.orderId == (try orderID(session)))

        let client = Graph.Client(
            shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token",
            environment: .custom(baseURL: session.baseURL),
            cacheDirectory: TestDirectories.path("Sessions-\(session.id)"))
        let mutation = Storefront.buildMutation {
            $0.cartCreate(
                input: .create(
                    lines: .value([.create(merchandiseId: SandboxIDs.id("ProductVariant", 11), quantity: .value(2))]))
            ) { $0.cart { $0.id().checkoutUrl() }.userErrors { $0.message() } }
        }
        let cart = try #require(try await client.mutate(mutation).cartCreate?.cart)
        #expect(cart.checkoutUrl.absoluteString.hasPrefix(session.baseURL.absoluteString))
    }

    private static func orderID(_ session: SandboxSession) throws -> String {
        try "order-" + #require(session.name)
    }

    private static func get(_ base: URL, _ path: String) async throws -> JSONValue {
        try await send(.get, base, path, nil).body
    }

    private static func status(_ base: URL, _ path: String) async throws -> Int {
        try await send(.get, base, path, nil, basic: true).status
    }

    @discardableResult
    private static func send(
        _ method: HTTPMethod, _ base: URL, _ path: String, _ body: JSONValue?, basic: Bool = false
    ) async throws -> (status: Int, body: JSONValue) {
        let url = try #require(URL(string: base.absoluteString + path))
        var headers: HTTPHeaders = body == nil ? [:] : ["Content-Type": "application/json"]
        if basic { headers["Authorization"] = "Basic " + Data("sk-sandbox:".utf8).base64EncodedString() }
        let response = try await URLSessionTransport().send(
            HTTPRequest(method: method, url: url, headers: headers, body: body?.serializedData()))
        return (response.statusCode, (try? JSONValue.parse(response.body)) ?? .null)
    }
}
