import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

/// The sandbox configuration of vector §6.1.1.
let sandboxConfiguration = ButtonClient.Configuration(hostname: "127.0.0.1", port: 8080, secure: false)

/// A client over `transport` whose retries do not wait. `random` 0.5 makes jitter neutral.
func makeClient(
    _ transport: InMemoryTransport, apiKey: String = "sk-sandbox",
    configuration: ButtonClient.Configuration = sandboxConfiguration,
    clock: TestClock = TestClock(), random: Double = 0.5
) throws -> ButtonClient {
    let executor = RetryExecutor(
        policy: configuration.retryPolicy,
        sleep: clock.sleep,
        random: { random })
    return try ButtonClient(apiKey: apiKey, configuration: configuration, transport: transport, executor: executor)
}

func date(_ text: String) -> Date {
    guard let value = ISO8601.parse(text) else { fatalError("bad test date \(text)") }
    return value
}

/// The seed's create body (with its missing comma fixed) as a typed payload.
func seedPayload(orderId: String = "1989") -> OrderPayload {
    OrderPayload(
        total: 5000, currency: "USD", orderId: orderId, purchaseDate: date("2017-07-01T00:00:00Z"),
        finalizationDate: date("2017-08-02T19:26:08Z"), btnRef: "srctok-XXX",
        customer: OrderCustomer(id: "mycustomer-1234", emailSHA256: OrderCustomer.hashEmail("user@example.com")),
        customerOrderId: "abcdef-123456",
        lineItems: [
            OrderLineItem(identifier: "sku-123", total: 2000, amount: 2000, quantity: 1, itemDescription: "pillow"),
            OrderLineItem(identifier: "sku-456", total: 3000, amount: 3000, quantity: 1, itemDescription: "sheet"),
        ])
}

let userEmailHash = "b4c9a289323b21a01c3e940f150eb9b8c542587f1abfd8f0e1cc1ffc5e475514"

/// An order object in the sandbox's style (§3.1.3).
func orderObjectJSON(orderId: String = "1989", status: String = "open") -> String {
    """
    {"button_order_id":"btnorder-3f9c0a7be2d14c55","order_id":"\(orderId)","total":5000,"currency":"USD",\
    "purchase_date":"2017-07-01T00:00:00Z","finalization_date":"2017-08-02T19:26:08Z",\
    "btn_ref":"fakesrctok-abcdef0123456789","customer_order_id":"abcdef-123456",\
    "customer":{"id":"mycustomer-1234","email_sha256":"\(userEmailHash)","advertising_id":null},\
    "line_items":[{"identifier":"sku-123","total":2000,"amount":2000,"quantity":1,"description":"pillow",\
    "sku":null,"upc":null,"category":null,"attributes":null}],\
    "status":"\(status)","session_id":null,"ifa":null}
    """
}

func okOrder(orderId: String = "1989", status: String = "open") -> HTTPResponse {
    .json(200, #"{"meta":{"status":"ok"},"object":"# + orderObjectJSON(orderId: orderId, status: status) + "}")
}

func errorResponse(_ status: Int, type: String, message: String, field: String? = nil) -> HTTPResponse {
    let details =
        field.map { #","details":{"field":"\#($0)","errors":[{"field":"\#($0)","message":"\#(message)"}]}"# } ?? ""
    return .json(status, #"{"meta":{"status":"error"},"error":{"message":"\#(message)","type":"\#(type)"\#(details)}}"#)
}

/// The JSON body a request carried.
func body(of request: HTTPRequest) throws -> JSONValue {
    let data = try #require(request.body)
    return try JSONValue.parse(data)
}

/// Runs `operation` and returns the ButtonOrdersError it throws, failing the test if it succeeds.
func expectError<T>(
    _ operation: () async throws(ButtonOrdersError) -> T,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> ButtonOrdersError? {
    do {
        _ = try await operation()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
