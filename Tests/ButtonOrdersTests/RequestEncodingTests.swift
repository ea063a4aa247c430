import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import ButtonOrders

@Suite("Request encoding (§3.1, §6.1)")
struct RequestEncodingTests {
    @Test("Vector 6.1.1: create goes to the configured host with Basic auth and JSON headers")
    func createRequestVector() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        _ = try await client.orders.create(seedPayload())

        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/v1/order")
        #expect(request.headers["Authorization"] == "Basic c2stc2FuZGJveDo=")
        #expect(request.headers["User-Agent"] == "CommerceKit-ButtonOrders/\(CommerceCore.version)")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["X-Button-API-Version"] == nil)
        #expect(request.timeout == .seconds(30))
        #expect(request.allowsRetry == true)
    }

    @Test("Vector 6.1.2: the key sk-XXX authenticates as c2stWFhYOg==")
    func basicAuthVector() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        _ = try await makeClient(transport, apiKey: "sk-XXX").orders.get("1989")
        #expect(transport.requests.first?.headers["Authorization"] == "Basic c2stWFhYOg==")
    }

    @Test("Vector 6.1.4: get(\"A/B 1\") sends the id as one encoded path segment, without a body")
    func getEncodesPathSegment() async throws {
        let transport = InMemoryTransport(responses: [okOrder(orderId: "A/B 1")])
        let order = try await makeClient(transport).orders.get("A/B 1")

        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/v1/order/A%2FB%201")
        #expect(request.body == nil)
        #expect(request.headers["Content-Type"] == nil)
        #expect(order.orderId == "A/B 1")
    }

    @Test("Path segments: only RFC 3986 unreserved characters stay literal")
    func pathSegmentEncoding() {
        #expect(PathSegmentEncoding.encode("A/B 1") == "A%2FB%201")
        #expect(PathSegmentEncoding.encode("azAZ09-._~") == "azAZ09-._~")
        #expect(PathSegmentEncoding.encode("é?#%+") == "%C3%A9%3F%23%25%2B")
        #expect(PathSegmentEncoding.encode("..") == "%2E%2E")
        #expect(PathSegmentEncoding.encode("a..b") == "a..b")
    }

    @Test("The default configuration targets https://api.usebutton.com without a port")
    func productionDefaults() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        _ = try await makeClient(transport, configuration: .init()).orders.get("1989")
        #expect(transport.requests.first?.url.absoluteString == "https://api.usebutton.com/v1/order/1989")
    }

    @Test("apiVersion is sent as X-Button-API-Version; the timeout applies per attempt")
    func apiVersionAndTimeout() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        var configuration = sandboxConfiguration
        configuration.apiVersion = "2018-02-13"
        configuration.timeout = .milliseconds(300)
        _ = try await makeClient(transport, configuration: configuration).orders.get("1989")
        #expect(transport.requests.first?.headers["X-Button-API-Version"] == "2018-02-13")
        #expect(transport.requests.first?.timeout == .milliseconds(300))
    }

    @Test("sandbox(_:) takes scheme, host and port from the URL")
    func sandboxConfigurationFromURL() throws {
        let plain = ButtonClient.Configuration.sandbox(try #require(URL(string: "http://127.0.0.1:8080/ignored")))
        #expect(plain.hostname == "127.0.0.1")
        #expect(plain.port == 8080)
        #expect(plain.secure == false)
        let tls = ButtonClient.Configuration.sandbox(try #require(URL(string: "https://sandbox.example")))
        #expect(tls.hostname == "sandbox.example")
        #expect(tls.port == nil)
        #expect(tls.secure == true)
    }

    @Test("An IPv6 sandbox host is bracketed in the URL")
    func ipv6Host() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let configuration = ButtonClient.Configuration.sandbox(try #require(URL(string: "http://[::1]:9000")))
        _ = try await makeClient(transport, configuration: configuration).orders.get("x")
        #expect(transport.requests.first?.url.absoluteString == "http://[::1]:9000/v1/order/x")
    }

    @Test("An empty API key is refused before anything else")
    func missingAPIKey() {
        #expect(throws: ButtonOrdersError.missingAPIKey) {
            try ButtonClient(apiKey: "", transport: InMemoryTransport())
        }
    }

    @Test("The create body: fixed key order, UTC dates, nil optionals omitted, description key")
    func createBody() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        _ = try await makeClient(transport).orders.create(seedPayload())
        let sent = try #require(transport.requests.first?.body.map { String(decoding: $0, as: UTF8.self) })
        #expect(
            sent == #"{"total":5000,"currency":"USD","order_id":"1989","purchase_date":"2017-07-01T00:00:00Z","#
                + #""finalization_date":"2017-08-02T19:26:08Z","btn_ref":"srctok-XXX","#
                + #""customer":{"id":"mycustomer-1234","email_sha256":"\#(userEmailHash)"},"#
                + #""customer_order_id":"abcdef-123456","line_items":["#
                + #"{"identifier":"sku-123","total":2000,"amount":2000,"quantity":1,"description":"pillow"},"#
                + #"{"identifier":"sku-456","total":3000,"amount":3000,"quantity":1,"description":"sheet"}]}"#)
    }

    @Test("A minimal payload sends only its required keys; milliseconds appear only when non-zero")
    func minimalBodyAndMilliseconds() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let payload = OrderPayload(
            total: 0, currency: "JPY", orderId: "o-1",
            purchaseDate: date("2017-07-01T00:00:00.250+02:00"))
        _ = try await makeClient(transport).orders.create(payload)
        let sent = try body(of: try #require(transport.requests.first))
        #expect(sent.objectValue?.keys == ["total", "currency", "order_id", "purchase_date"])
        #expect(sent["purchase_date"] == "2017-06-30T22:00:00.250Z")
    }

    @Test("Line items encode every field, attributes with sorted keys; the deprecated advertising_id is sent")
    func lineItemAndDeprecatedFields() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        var payload = seedPayload()
        payload.legacyAdvertisingId = "legacy"  // the storage behind the deprecated accessor
        payload.lineItems = [
            OrderLineItem(
                identifier: "i", total: 10, quantity: 2, sku: "s", upc: "400000000001",
                category: ["A", "B"], itemDescription: "d", attributes: ["z": "1", "a": "2"])
        ]
        _ = try await makeClient(transport).orders.create(payload)
        let sent = try body(of: try #require(transport.requests.first))
        #expect(sent["advertising_id"] == "legacy")
        let item = try #require(sent["line_items"]?[0])
        #expect(
            item == [
                "identifier": "i", "total": 10, "quantity": 2, "sku": "s", "upc": "400000000001",
                "category": ["A", "B"], "description": "d", "attributes": ["a": "2", "z": "1"],
            ])
        #expect(item["attributes"]?.objectValue?.keys == ["a", "z"])
    }

    @Test("update posts the full state to /v1/order/{id}; an empty orderId is left out of the body")
    func updateRequests() async throws {
        let transport = InMemoryTransport(responses: [okOrder()])
        let client = try makeClient(transport)
        _ = try await client.orders.update("1989", seedPayload())
        var anonymous = seedPayload()
        anonymous.orderId = ""
        _ = try await client.orders.update("1989", anonymous)

        let requests = transport.requests
        #expect(requests.map(\.method) == [.post, .post])
        #expect(requests.map(\.url.absoluteString) == Array(repeating: "http://127.0.0.1:8080/v1/order/1989", count: 2))
        #expect(try body(of: requests[0])["order_id"] == "1989")
        #expect(try body(of: requests[1])["order_id"] == nil)
        #expect(requests[1].headers["Content-Type"] == "application/json")
    }

    @Test("delete and getByBtnRef use their paths, with no body")
    func deleteAndBtnRefPaths() async throws {
        let transport = InMemoryTransport { request in
            request.method == .delete
                ? .json(200, #"{"meta":{"status":"ok"},"object":null}"#)
                : .json(200, #"{"meta":{"status":"ok"},"objects":[]}"#)
        }
        let client = try makeClient(transport)
        try await client.orders.delete("o 1")
        let found = try await client.orders.getByBtnRef("srctok-XXX")
        #expect(found.isEmpty)
        #expect(transport.requests.map(\.method) == [.delete, .get])
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "http://127.0.0.1:8080/v1/order/o%201",
                "http://127.0.0.1:8080/v1/order/btn-ref/srctok-XXX",
            ])
        #expect(transport.requests.allSatisfy { $0.body == nil && $0.headers["Content-Type"] == nil })
    }

    @Test("JSONEncoder produces the same JSON the client sends, and decoding restores the payload")
    func codableMatchesWireForm() throws {
        let payload = seedPayload()
        let encoded = try JSONEncoder().encode(payload)
        #expect(try JSONValue.parse(encoded) == payload.jsonValue(includingOrderId: true))
        #expect(try JSONDecoder().decode(OrderPayload.self, from: encoded) == payload)
    }

    @Test("Decoding a payload with a malformed date fails")
    func decodingRejectsBadDates() {
        let text = #"{"total":1,"currency":"USD","order_id":"a","purchase_date":"yesterday"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OrderPayload.self, from: Data(text.utf8)) }
    }
}
