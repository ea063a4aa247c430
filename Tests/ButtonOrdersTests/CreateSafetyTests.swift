import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("Create safety after a lost response (§3.4.2, J4.3)")
struct CreateSafetyTests {
    static let exists = errorResponse(409, type: "order_exists", message: "Order o-lost already exists")

    /// Answers attempts in order with `script`, repeating the last entry.
    func scripted(_ script: [@Sendable (HTTPRequest) throws -> HTTPResponse]) -> InMemoryTransport {
        let counter = Counter()
        return InMemoryTransport { request in try script[min(counter.next(), script.count - 1)](request) }
    }

    @Test("Timed-out create, then order_exists: the client GETs the order and returns it (POST, POST, GET)")
    func lostResponseRecovered() async throws {
        let transport = scripted([
            { _ in throw TransportError.timedOut },
            { _ in Self.exists },
            { _ in okOrder(orderId: "o-lost") },
        ])
        let order = try await makeClient(transport).orders.create(seedPayload(orderId: "o-lost"))
        #expect(order.orderId == "o-lost")
        #expect(order.status == .open)
        #expect(transport.requests.map(\.method) == [.post, .post, .get])
        #expect(transport.requests.last?.url.absoluteString == "http://127.0.0.1:8080/v1/order/o-lost")
    }

    @Test("A 5xx counts as ambiguous too")
    func serverErrorThenExists() async throws {
        let transport = scripted([
            { _ in HTTPResponse(statusCode: 503) }, { _ in Self.exists }, { _ in okOrder(orderId: "o-lost") },
        ])
        let order = try await makeClient(transport).orders.create(seedPayload(orderId: "o-lost"))
        #expect(order.orderId == "o-lost")
        #expect(transport.requests.map(\.method) == [.post, .post, .get])
    }

    @Test("order_exists on the first attempt is a real conflict: no GET")
    func plainConflict() async throws {
        let transport = scripted([{ _ in Self.exists }, { _ in okOrder(orderId: "o-lost") }])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(seedPayload(orderId: "o-lost"))
        }
        #expect(error == .conflict(type: "order_exists", message: "Order o-lost already exists"))
        #expect(transport.requests.map(\.method) == [.post])
    }

    @Test("A throttled first attempt (429) committed nothing, so order_exists stays a conflict")
    func throttledIsNotAmbiguous() async throws {
        let transport = scripted([
            { _ in HTTPResponse(statusCode: 429) }, { _ in Self.exists }, { _ in okOrder(orderId: "o-lost") },
        ])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(seedPayload(orderId: "o-lost"))
        }
        #expect(error == .conflict(type: "order_exists", message: "Order o-lost already exists"))
        #expect(transport.requests.map(\.method) == [.post, .post])
    }

    @Test(
        "If the existing order is not open, or cannot be read, the conflict is thrown",
        arguments: ["finalized", "deleted", "unreadable"])
    func existingOrderNotUsable(_ state: String) async throws {
        let lookupResponse =
            state == "unreadable"
            ? errorResponse(404, type: "not_found", message: "Order o-lost not found")
            : okOrder(orderId: "o-lost", status: state)
        let lookup: @Sendable (HTTPRequest) throws -> HTTPResponse = { _ in lookupResponse }
        let transport = scripted([
            { _ in throw TransportError.connectionFailed("reset") }, { _ in Self.exists }, lookup,
        ])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(seedPayload(orderId: "o-lost"))
        }
        #expect(error == .conflict(type: "order_exists", message: "Order o-lost already exists"))
        #expect(transport.requests.map(\.method) == [.post, .post, .get])
    }

    @Test("Other conflicts after an ambiguous attempt are not followed up")
    func otherConflictTypes() async throws {
        let transport = scripted([
            { _ in throw TransportError.timedOut },
            { _ in errorResponse(409, type: "order_deleted", message: "Order o-lost has been deleted") },
        ])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(seedPayload(orderId: "o-lost"))
        }
        #expect(error == .conflict(type: "order_deleted", message: "Order o-lost has been deleted"))
        #expect(transport.requests.count == 2)
    }
}
