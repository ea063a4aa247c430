import CommerceTesting
import Foundation
import Testing

@testable import RezolveSDK

@Suite("Checkout totals as the client reads them (§6.4)")
struct PricesTests {
    @Test(arguments: [
        ("40.00", "5.00", "4.00", "49.00"),
        ("40.00", "0.00", "4.00", "44.00"),
        ("24.00", "5.00", "2.40", "31.40"),
        ("12.50", "3.50", "0.00", "16.00"),
        ("0.00", "0.00", "0.00", "0.00"),
    ])
    func totalsAreExactDecimals(subtotal: String, shipping: String, tax: String, final: String) async throws {
        let body =
            #"{"id":"1501","final_price":\#(final),"price_breakdown":[{"type":"subtotal","amount":\#(subtotal)},{"type":"shipping","amount":\#(shipping)},{"type":"tax","amount":\#(tax)}],"additional_attributes":[]}"#
        let transport = Fixture.transport { _ in .json(200, body) }
        let session = try await Fixture.session(transport)
        let bundle = CheckoutBundle(
            checkoutProduct: CheckoutProduct(id: 6, quantity: 2),
            shippingMethod: CheckoutShippingMethod(type: "flatrate", addressId: "A1"),
            merchantId: "12", optionId: "o", paymentMethod: SupportedPaymentMethod(type: "cash"),
            paymentRequest: nil, phoneId: nil, location: nil)
        let price = try await session.checkoutManager.checkout(bundle: bundle)
        #expect(price.id == "1501")
        #expect(price.finalPrice == Decimal(string: final))
        #expect(price.priceBreakdowns.map(\.type) == ["subtotal", "shipping", "tax"])
        #expect(price.priceBreakdowns.map(\.amount) == [subtotal, shipping, tax].compactMap { Decimal(string: $0) })
        let parts = price.priceBreakdowns.reduce(Decimal(0)) { $0 + $1.amount }
        #expect(parts == price.finalPrice)
    }

    @Test(arguments: [
        (#"{"id":1,"price":null,"weight":null}"#, true),
        (#"{"id":1,"price":0,"weight":0}"#, true),
        (#"{"id":12,"price":0,"weight":0.3}"#, false),
        (#"{"id":1,"price":10,"weight":0,"is_act":true}"#, true),
        (#"{"id":1,"price":12.5,"weight":0.4}"#, false),
    ])
    func actsAreRecognised(json: String, isAct: Bool) throws {
        #expect(try WireCoding.decoder().decode(Product.self, from: Data(json.utf8)).isAct == isAct)
    }
}
