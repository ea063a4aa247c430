import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("Response and error mapping (§2.2, §3.1.1)")
struct ErrorMappingTests {
    /// A client that never retries, so one scripted response decides the outcome.
    func singleShotClient(_ response: HTTPResponse) throws -> (ButtonClient, InMemoryTransport) {
        let transport = InMemoryTransport(responses: [response])
        var configuration = sandboxConfiguration
        configuration.retryPolicy = .none
        return (try makeClient(transport, configuration: configuration), transport)
    }

    @Test("401 becomes .unauthorized with the server's message")
    func unauthorized() async throws {
        let (client, _) = try singleShotClient(errorResponse(401, type: "unauthorized", message: "Invalid API key"))
        let error = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1989") }
        #expect(error == .unauthorized(message: "Invalid API key"))
    }

    @Test("Vector 6.1.5: 404 becomes .notFound")
    func notFound() async throws {
        let (client, _) = try singleShotClient(
            .json(404, #"{"meta":{"status":"error"},"error":{"message":"Order nope not found","type":"not_found"}}"#))
        let error = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("nope") }
        #expect(error == .notFound(message: "Order nope not found"))
    }

    @Test(
        "409 becomes .conflict with its type",
        arguments: [
            ("order_exists", "Order 1989 already exists"),
            ("order_finalized", "Order 1989 is finalized and can no longer be changed"),
            ("order_deleted", "Order 1989 has been deleted"),
        ])
    func conflict(type: String, message: String) async throws {
        let (client, transport) = try singleShotClient(errorResponse(409, type: type, message: message))
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.update("1989", seedPayload())
        }
        #expect(error == .conflict(type: type, message: message))
        #expect(transport.requests.count == 1)
    }

    @Test("400 with details becomes .rejected naming the field")
    func rejectedWithDetails() async throws {
        let message = "line_items[0].quantity must be an integer of at least 1"
        let (client, _) = try singleShotClient(
            errorResponse(
                400, type: "invalid_request", message: message,
                field: "line_items[0].quantity"))
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(seedPayload())
        }
        #expect(
            error
                == .rejected(
                    statusCode: 400, type: "invalid_request", field: "line_items[0].quantity", message: message))
    }

    @Test("Other 4xx become .rejected; type and field may be absent")
    func rejectedWithoutDetails() async throws {
        let (client, _) = try singleShotClient(
            .json(413, #"{"meta":{"status":"error"},"error":{"message":"Request body exceeds 1 MiB"}}"#))
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(seedPayload())
        }
        #expect(error == .rejected(statusCode: 413, type: nil, field: nil, message: "Request body exceeds 1 MiB"))
    }

    @Test("5xx becomes .server; a non-JSON error body is quoted as the message")
    func serverErrors() async throws {
        let (client, _) = try singleShotClient(errorResponse(503, type: "sandbox_fault", message: "Injected fault"))
        let error = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1989") }
        #expect(error == .server(statusCode: 503, message: "Injected fault"))

        let (htmlClient, _) = try singleShotClient(
            HTTPResponse(statusCode: 502, body: Data("<html>Bad gateway</html>".utf8)))
        let htmlError = await expectError { () async throws(ButtonOrdersError) in
            try await htmlClient.orders.get("1989")
        }
        #expect(htmlError == .server(statusCode: 502, message: "<html>Bad gateway</html>"))

        let (emptyClient, _) = try singleShotClient(HTTPResponse(statusCode: 500))
        let emptyError = await expectError { () async throws(ButtonOrdersError) in
            try await emptyClient.orders.get("1989")
        }
        #expect(emptyError == .server(statusCode: 500, message: "HTTP 500"))
    }

    @Test(
        "A 2xx that is not Button's success envelope becomes .invalidResponse",
        arguments: [
            "not json",
            #"{"object":{}}"#,
            #"{"meta":{}}"#,
            #"{"meta":{"status":"error"},"object":{}}"#,
            #"{"meta":{"status":"ok"}}"#,
            #"{"meta":{"status":"ok"},"object":"1989"}"#,
            "[]",
        ])
    func invalidSuccess(_ text: String) async throws {
        let (client, _) = try singleShotClient(HTTPResponse(statusCode: 200, body: Data(text.utf8)))
        let error = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1989") }
        #expect(error == .invalidResponse(statusCode: 200, body: text))
    }

    @Test("delete needs meta.status ok but no object; getByBtnRef needs objects")
    func deleteAndListEnvelopes() async throws {
        let (deleteClient, _) = try singleShotClient(.json(200, #"{"meta":{"status":"ok"},"object":null}"#))
        try await deleteClient.orders.delete("1989")

        let (badDelete, _) = try singleShotClient(.json(204, ""))
        let deleteError = await expectError { () async throws(ButtonOrdersError) in
            try await badDelete.orders.delete("1989")
        }
        #expect(deleteError == .invalidResponse(statusCode: 204, body: ""))

        let list =
            #"{"meta":{"status":"ok"},"objects":["# + orderObjectJSON(orderId: "a") + ",7,"
            + orderObjectJSON(orderId: "b", status: "deleted") + "]}"
        let (listClient, _) = try singleShotClient(.json(200, list))
        let orders = try await listClient.orders.getByBtnRef("srctok-XXX")
        #expect(orders.map(\.orderId) == ["a", "b"])
        #expect(orders.map(\.status) == [.open, .deleted])

        let (badList, _) = try singleShotClient(.json(200, #"{"meta":{"status":"ok"},"object":{}}"#))
        let listError = await expectError { () async throws(ButtonOrdersError) in
            try await badList.orders.getByBtnRef("srctok-XXX")
        }
        #expect(listError == .invalidResponse(statusCode: 200, body: #"{"meta":{"status":"ok"},"object":{}}"#))
    }

    @Test("No response at all becomes .transport after the retries")
    func transportFailure() async throws {
        let transport = InMemoryTransport { _ in throw TransportError.timedOut }
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("1989") }
        #expect(error == .transport(message: TransportError.timedOut.description))
        #expect(transport.requests.count == 3)
    }
}
