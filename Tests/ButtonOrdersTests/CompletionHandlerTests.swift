import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("Completion-handler forms")
struct CompletionHandlerTests {
    @Test("create and get deliver the async result to the completion handler")
    func successes() async throws {
        let transport = InMemoryTransport(responses: [okOrder(orderId: "c-1")])
        let orders = try makeClient(transport).orders
        let created = await withCheckedContinuation { continuation in
            orders.create(seedPayload(orderId: "c-1")) { continuation.resume(returning: $0) }
        }
        #expect(try created.get().orderId == "c-1")
        let fetched = await withCheckedContinuation { continuation in
            orders.get("c-1") { continuation.resume(returning: $0) }
        }
        #expect(try fetched.get().orderId == "c-1")
        #expect(transport.requests.map(\.method) == [.post, .get])
    }

    @Test("update, delete and getByBtnRef deliver their results and errors")
    func otherOperations() async throws {
        let transport = InMemoryTransport { request in
            switch request.method {
            case .delete: errorResponse(409, type: "order_finalized", message: "finalized")
            case .get: .json(200, #"{"meta":{"status":"ok"},"objects":["# + orderObjectJSON() + "]}")
            default: okOrder()
            }
        }
        let orders = try makeClient(transport).orders
        let updated = await withCheckedContinuation { continuation in
            orders.update("1989", seedPayload()) { continuation.resume(returning: $0) }
        }
        #expect(try updated.get().total == 5000)
        let deleted = await withCheckedContinuation { continuation in
            orders.delete("1989") { continuation.resume(returning: $0) }
        }
        #expect(throws: ButtonOrdersError.conflict(type: "order_finalized", message: "finalized")) { try deleted.get() }
        let listed = await withCheckedContinuation { continuation in
            orders.getByBtnRef("srctok-XXX") { continuation.resume(returning: $0) }
        }
        #expect(try listed.get().count == 1)
    }

    @Test("Local validation failures reach the completion handler without a request")
    func validationFailure() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        var payload = seedPayload()
        payload.currency = "usd"
        let orders = try makeClient(transport).orders
        let result = await withCheckedContinuation { continuation in
            orders.create(payload) { continuation.resume(returning: $0) }
        }
        #expect(
            throws: ButtonOrdersError.invalidField(
                field: "currency", message: "currency must be a three-letter ISO 4217 code such as USD")
        ) {
            try result.get()
        }
        #expect(transport.requests.isEmpty)
    }
}
