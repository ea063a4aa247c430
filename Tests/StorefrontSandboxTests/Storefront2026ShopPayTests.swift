import CommerceCore
import Foundation
import Testing

/// Shop Pay payment request sessions over HTTP: a session keeps the request, a submit answers one receipt per
/// session, and a request missing what the answer needs is a user error naming the field.
@Suite struct Storefront2026ShopPayTests {
    static let request =
        #"{locale:"en",presentmentCurrency:CAD,subtotal:{amount:"89.00",currencyCode:CAD},total:{amount:"99.00",currencyCode:CAD},lineItems:[{label:"Road Runner",quantity:1,finalItemPrice:{amount:"89.00",currencyCode:CAD},finalLinePrice:{amount:"89.00",currencyCode:CAD}}],shippingLines:[{label:"Standard",code:"standard",amount:{amount:"10.00",currencyCode:CAD}}]}"#

    @Test func aSessionIsCreatedAndSubmittedOnce() async throws {
        try await Storefront2026HTTP.with { http in
            let created = try await http.data(
                #"mutation {shopPayPaymentRequestSessionCreate(sourceIdentifier:"order-1",paymentRequest:\#(Self.request)){shopPayPaymentRequestSession{token,sourceIdentifier,paymentRequest{total{amount},lineItems{label,finalLinePrice{amount}},shippingLines{code},deliveryMethods{code}}},userErrors{code,field}}}"#
            )
            let session = try #require(created["shopPayPaymentRequestSessionCreate"]?["shopPayPaymentRequestSession"])
            #expect(
                session["paymentRequest"]?.serialized()
                    == #"{"total":{"amount":"99.0"},"lineItems":[{"label":"Road Runner","finalLinePrice":{"amount":"89.0"}}],"shippingLines":[{"code":"standard"}],"deliveryMethods":[]}"#
            )
            let token = try #require(session["token"]?.stringValue)
            let submit =
                #"mutation {shopPayPaymentRequestSessionSubmit(token:"\#(token)",idempotencyKey:"k1",paymentRequest:\#(Self.request)){paymentRequestReceipt{token,processingStatusType,paymentRequest{total{amount}}},userErrors{code,field}}}"#
            let first = try await http.data(submit)
            let receipt = try #require(first["shopPayPaymentRequestSessionSubmit"]?["paymentRequestReceipt"])
            #expect(receipt["paymentRequest"]?["total"]?["amount"] == "99.0")
            let again = try await http.data(submit)
            #expect(again["shopPayPaymentRequestSessionSubmit"]?["paymentRequestReceipt"]?["token"] == receipt["token"])

            let unknown = try await http.data(
                #"mutation {shopPayPaymentRequestSessionSubmit(token:"nope",idempotencyKey:"k2",paymentRequest:\#(Self.request)){paymentRequestReceipt{token},userErrors{code,field}}}"#
            )
            #expect(
                unknown.serialized()
                    == #"{"shopPayPaymentRequestSessionSubmit":{"paymentRequestReceipt":null,"userErrors":[{"code":"PAYMENT_REQUEST_NOT_FOUND","field":["token"]}]}}"#
            )
        }
    }

    @Test func aLineWithoutALabelIsRefused() async throws {
        try await Storefront2026HTTP.with { http in
            let refused = try await http.data(
                #"mutation {shopPayPaymentRequestSessionCreate(sourceIdentifier:"order-2",paymentRequest:{locale:"en",presentmentCurrency:CAD,subtotal:{amount:"89.00",currencyCode:CAD},total:{amount:"89.00",currencyCode:CAD},lineItems:[{quantity:1,finalItemPrice:{amount:"89.00",currencyCode:CAD},finalLinePrice:{amount:"89.00",currencyCode:USD}}]}){shopPayPaymentRequestSession{token},userErrors{code,field}}}"#
            )
            #expect(
                refused.serialized()
                    == #"{"shopPayPaymentRequestSessionCreate":{"shopPayPaymentRequestSession":null,"userErrors":[{"code":"PAYMENT_REQUEST_INVALID_INPUT","field":["paymentRequest","lineItems","0","label"]},{"code":"PAYMENT_REQUEST_INVALID_INPUT","field":["paymentRequest","lineItems","0","finalLinePrice","currencyCode"]}]}}"#
            )
        }
    }
}
