import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("Local validation through the client (J3)")
struct LocalValidationTests {
    /// A J3 bad input as a typed payload, with the field and message the sandbox reports for it.
    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let payload: OrderPayload
        let field: String
        let message: String
        var testDescription: String { name }
    }

    static let badInputs: [BadInput] = {
        var opensslHash = seedPayload()
        opensslHash.customer?.emailSHA256 = "SHA2-256(stdin)= " + userEmailHash
        var testToken = seedPayload()
        testToken.btnRef = "fakesrctok-XYZ"
        var zeroQuantity = seedPayload()
        zeroQuantity.lineItems?[0].quantity = 0
        var eightLevels = seedPayload()
        eightLevels.lineItems?[1].category = (1...8).map { "level \($0)" }
        var duplicate = seedPayload()
        duplicate.lineItems = [
            OrderLineItem(identifier: "sku-1", total: 1000), OrderLineItem(identifier: "sku-2", total: 1000),
            OrderLineItem(identifier: "sku-1", total: 3000),
        ]
        return [
            BadInput(
                name: "openssl hash", payload: opensslHash, field: "customer.email_sha256",
                message: "customer.email_sha256 must be a 64-character hex SHA-256 of the lower-cased email"),
            BadInput(
                name: "fakesrctok-XYZ", payload: testToken, field: "btn_ref",
                message: "test tokens must match ^fakesrctok-[a-f0-9]{16}$"),
            BadInput(
                name: "quantity 0", payload: zeroQuantity, field: "line_items[0].quantity",
                message: "line_items[0].quantity must be an integer of at least 1"),
            BadInput(
                name: "8 categories", payload: eightLevels, field: "line_items[1].category",
                message: "line_items[1].category must be a list of at most 7 non-empty strings"),
            BadInput(
                name: "duplicate identifier", payload: duplicate, field: "line_items[2].identifier",
                message: "line_items[2].identifier duplicates line_items[0].identifier"),
        ]
    }()

    @Test("validatesLocally: create throws .invalidField and sends nothing", arguments: badInputs)
    func createRejectedLocally(_ input: BadInput) async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(input.payload)
        }
        #expect(error == .invalidField(field: input.field, message: input.message))
        #expect(transport.requests.isEmpty)
    }

    @Test("validatesLocally: update applies the same rules", arguments: badInputs)
    func updateRejectedLocally(_ input: BadInput) async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.update("1989", input.payload)
        }
        #expect(error == .invalidField(field: input.field, message: input.message))
        #expect(transport.requests.isEmpty)
    }

    @Test("validatesLocally = false sends the bad body and maps the server's 400 to .rejected", arguments: badInputs)
    func serverJudges(_ input: BadInput) async throws {
        // Answer the way the sandbox does: a 400 naming the first failure of the body actually received.
        let transport = InMemoryTransport { request in
            let received = try JSONValue.parse(request.body ?? Data())
            let failure = try #require(ButtonOrderValidator().firstFailure(in: received))
            return errorResponse(400, type: "invalid_request", message: failure.message, field: failure.field)
        }
        var configuration = sandboxConfiguration
        configuration.validatesLocally = false
        let client = try makeClient(transport, configuration: configuration)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.create(input.payload)
        }
        #expect(
            error == .rejected(statusCode: 400, type: "invalid_request", field: input.field, message: input.message))
        #expect(transport.requests.count == 1)
        let sent = try body(of: try #require(transport.requests.first))
        #expect(sent == input.payload.jsonValue(includingOrderId: true))
    }

    @Test("An update whose body order_id differs from the path is refused locally (S5)")
    func updatePathMismatch() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.update("1990", seedPayload(orderId: "1989"))
        }
        #expect(
            error
                == .invalidField(field: "order_id", message: "order_id in the body must match the order id in the path")
        )
        #expect(transport.requests.isEmpty)
    }

    @Test("With a bad total as well, the path mismatch (S5) is still the error reported")
    func updatePathMismatchWinsOverFieldRules() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        var payload = seedPayload(orderId: "1989")
        payload.total = -1
        let error = await expectError { () async throws(ButtonOrdersError) in
            try await client.orders.update("1990", payload)
        }
        #expect(
            error
                == .invalidField(field: "order_id", message: "order_id in the body must match the order id in the path")
        )
        #expect(transport.requests.isEmpty)
    }

    @Test("Empty path ids are refused locally, and sent when local validation is off")
    func emptyPathIds() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        let orderIdError = ButtonOrdersError.invalidField(
            field: "order_id", message: "order_id must be 1 to 255 printable ASCII characters")
        #expect(
            await expectError { () async throws(ButtonOrdersError) in try await client.orders.get("") } == orderIdError)
        #expect(
            await expectError { () async throws(ButtonOrdersError) in try await client.orders.delete("") }
                == orderIdError)
        #expect(
            await expectError { () async throws(ButtonOrdersError) in try await client.orders.update("", seedPayload())
            } == orderIdError)
        #expect(
            await expectError { () async throws(ButtonOrdersError) in try await client.orders.getByBtnRef("") }
                == .invalidField(
                    field: "btn_ref", message: "btn_ref must be a URL-safe string of at most 255 characters"))
        #expect(transport.requests.isEmpty)

        var configuration = sandboxConfiguration
        configuration.validatesLocally = false
        _ = try await makeClient(transport, configuration: configuration).orders.get("")
        #expect(transport.requests.map(\.url.absoluteString) == ["http://127.0.0.1:8080/v1/order/"])
    }
}
