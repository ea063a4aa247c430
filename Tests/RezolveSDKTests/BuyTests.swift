import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

@Suite("Buy: idempotency and local checks (§3.9, §3.10, §4.3)")
struct BuyTests {
    static let price = #"{"id":"1501","final_price":49.00}"#
    static let order =
        #"{"order_id":"1501","merchant_id":"12","partner_id":"317","partner_name":"CommerceKit Sandbox Partner","payment_method":"spgateway","data":{}}"#

    static func cardMethod(phone: Bool = true) throws -> SupportedPaymentMethod {
        let json =
            #"{"type":"spgateway","data":{"requirements":{"rezolve_phone":\#(phone),"rezolve_credit_card":true}}}"#
        return try WireCoding.decoder().decode(SupportedPaymentMethod.self, from: Data(json.utf8))
    }

    static func bundle(method: SupportedPaymentMethod?, request: PaymentRequest?, phoneId: String? = "P1")
        -> CheckoutBundle
    {
        CheckoutBundle(
            checkoutProduct: CheckoutProduct(
                id: 6, quantity: 2,
                configurableOptions: [ConfigurableOption(code: "color", value: "49")]),
            shippingMethod: CheckoutShippingMethod(type: "flatrate", addressId: "A1"), merchantId: "12",
            optionId: "opt-1", paymentMethod: method, paymentRequest: request, phoneId: phoneId, location: nil)
    }

    static let card = PaymentCard(id: "card-1")

    @Test func aDroppedAnswerIsRetriedWithTheSameKeyAndEncryptedCVV() async throws {
        let buyAttempts = Locked(0)
        let transport = Fixture.transport { request in
            if request.url.path.contains("/checkout/") { return .json(200, Self.price) }
            let attempt = buyAttempts.withLock { (value: inout Int) -> Int in
                value += 1
                return value
            }
            if attempt == 1 { throw TransportError.connectionFailed("dropped after commit") }
            return .json(200, Self.order, headers: ["Idempotent-Replayed": "true"])
        }
        let session = try await Fixture.session(transport)
        let bundle = Self.bundle(
            method: try Self.cardMethod(), request: PaymentRequest(paymentCard: Self.card, cvv: "000"))
        _ = try await session.checkoutManager.checkout(bundle: bundle)
        let order = try await session.checkoutManager.buy(bundle: bundle)
        #expect(order.partnerName == "CommerceKit Sandbox Partner")
        let buys = transport.requests.filter { $0.url.path.hasSuffix("/merchant/12/buy/1501") }
        #expect(buys.count == 2)
        let key = try #require(buys.first?.headers["Idempotency-Key"])
        #expect(UUID(uuidString: key) != nil)
        #expect(buys.last?.headers["Idempotency-Key"] == key)
        #expect(buys.first?.body == buys.last?.body)
        let body = try JSONValue.parse(try #require(buys.first?.body))
        #expect(body["payment_method"]?["pay_with"]?.stringValue == "card-1")
        #expect(body["payment_method"]?["phone_id"]?.stringValue == "P1")
        let cvv = try #require(body["payment_method"]?["cvv"]?.stringValue)
        #expect(try CardEncryptionTests.decrypt(cvv) == "000")
    }

    @Test func theRepeatAfterARenewalKeepsTheCallersKey() async throws {
        let fresh = Fixture.jwt(exp: 1_700_009_999)
        // Checkout succeeds with the first token; only the buy meets the expired token.
        let transport = Fixture.transport { request in
            if request.url.path.contains("/checkout/") { return .json(200, Self.price) }
            if request.headers["Authorization"] != "Bearer \(fresh)" { return Fixture.expired }
            return .json(200, Self.order)
        }
        let session = try await Fixture.session(transport, renewer: CountingRenewer(token: fresh))
        let bundle = Self.bundle(method: SupportedPaymentMethod(type: "cash"), request: nil, phoneId: nil)
        _ = try await session.checkoutManager.buy(bundle: bundle, idempotencyKey: "key-123")
        let buys = transport.requests.filter { $0.url.path.contains("/buy/") }
        #expect(buys.count == 2)
        #expect(buys.map { $0.headers["Idempotency-Key"] } == ["key-123", "key-123"])
    }

    @Test func otherWritesAreNotRetried() async throws {
        let transport = Fixture.transport { _ in .json(503, "") }
        let session = try await Fixture.session(transport)
        await #expect(throws: RezolveError.self) {
            try await session.cartManager.createCartWithProduct(CheckoutProduct(id: 6, quantity: 1), merchantId: "12")
        }
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/cart") }.count == 1)
        await #expect(throws: RezolveError.self) { try await session.cartManager.getCarts() }
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/customer/E/cart") }.count == 3)
    }

    static let localFailures: [(SupportedPaymentMethod?, PaymentRequest?, String?, String)] = {
        let card = (try? cardMethod()) ?? SupportedPaymentMethod(type: "spgateway")
        let request = PaymentRequest(paymentCard: BuyTests.card, cvv: "123")
        return [
            (card, nil, "P1", "paymentRequest"),
            (SupportedPaymentMethod(type: "cash"), request, "P1", "paymentRequest"),
            (card, request, nil, "phoneId"),
            (card, PaymentRequest(paymentCard: BuyTests.card, cvv: "12"), "P1", "cvv"),
            (card, PaymentRequest(paymentCard: BuyTests.card, cvv: "12a4"), "P1", "cvv"),
            (card, PaymentRequest(paymentCard: PaymentCard(), cvv: "123"), "P1", "paymentCard"),
            (nil, nil, "P1", "paymentMethod"),
        ]
    }()

    @Test(arguments: localFailures)
    func buyChecksFailBeforeAnyRequest(
        method: SupportedPaymentMethod?, request: PaymentRequest?, phoneId: String?, field: String
    ) async throws {
        let transport = Fixture.transport { _ in .json(200, Self.order) }
        let session = try await Fixture.session(transport)
        let before = transport.requests.count
        do {
            _ = try await session.checkoutManager.buy(
                bundle: Self.bundle(method: method, request: request, phoneId: phoneId))
            Issue.record("buy accepted the bundle")
        } catch {
            guard case .invalidInput(let reported, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(reported == field)
        }
        #expect(transport.requests.count == before)
    }

    @Test(arguments: [("", "Doe", "firstName"), ("Ana", " ", "lastName")])
    func profileNamesMustNotBeEmpty(first: String, last: String, field: String) async throws {
        let transport = Fixture.transport()
        let session = try await Fixture.session(transport)
        let before = transport.requests.count
        await #expect(throws: RezolveError.invalidInput(field: field, reason: "must not be empty")) {
            try await session.consumerProfileManager.update(ConsumerProfile(firstName: first, lastName: last))
        }
        #expect(transport.requests.count == before)
    }

    @Test func cvvNeverAppearsInDescriptions() {
        let request = PaymentRequest(paymentCard: Self.card, cvv: "987")
        #expect(!request.description.contains("987"))
        #expect(!String(reflecting: request).contains("987"))
    }
}
