import CommerceCore
import Foundation
import Testing

/// Completing a 2026-04 cart through the API over HTTP: payment with the Bogus Gateway test cards, an order written
/// by the one order path (seen by the customer on 2021-10 and 2026-04), nothing written on a decline.
@Suite struct Storefront2026CompletionTests {
    func pay(_ http: Storefront2026HTTP, _ cartID: String, card: String, amount: String) async throws -> JSONValue {
        let session = try await http.vault(card)
        return try await http.data(
            #"mutation {cartPaymentUpdate(cartId:"\#(cartID)",payment:{amount:{amount:"\#(amount)",currencyCode:CAD},directPaymentMethod:{sessionId:"\#(session)",billingAddress:{address1:"1 Main St",city:"Toronto",country:"Canada"}}}){cart{id},userErrors{code,field}}}"#
        )
    }

    func submit(_ http: Storefront2026HTTP, _ cartID: String, attempt: String) async throws -> JSONValue {
        try await http.data(
            #"mutation {cartSubmitForCompletion(cartId:"\#(cartID)",attemptToken:"\#(attempt)"){result{__typename,... on SubmitSuccess{attemptId,redirectUrl},... on SubmitAlreadyAccepted{attemptId},... on SubmitFailed{errors{code}}},userErrors{code,field}}}"#
        )["cartSubmitForCompletion"] ?? .null
    }

    func orders(_ http: Storefront2026HTTP, _ accessToken: String) async throws -> (v2021: String, v2026: String) {
        let old = try await http.data(
            #"{customer(customerAccessToken:"\#(accessToken)"){orders(first:5){edges{node{orderNumber,totalPriceV2{amount},totalShippingPriceV2{amount}}}}}}"#,
            version: "2021-10")
        let new = try await http.data(
            #"{customer(customerAccessToken:"\#(accessToken)"){orders(first:5){nodes{orderNumber,totalPrice{amount}}}}}"#
        )
        return (
            old["customer"]?["orders"]?["edges"]?.serialized() ?? "",
            new["customer"]?["orders"]?["nodes"]?.serialized() ?? ""
        )
    }

    @Test func card1WritesTheOrderCards2And3WriteNothing() async throws {
        try await Storefront2026HTTP.with { http in
            let accessToken = try await http.signUp("ada@example.com")
            let cartID = try await http.cart(buyer: #",buyerIdentity:{customerAccessToken:"\#(accessToken)"}"#)
            let prepare =
                #"mutation {cartPrepareForCompletion(cartId:"\#(cartID)"){result{__typename,... on CartStatusNotReady{errors{code}}},userErrors{code}}}"#
            let notReady = try await http.data(prepare)
            #expect(
                notReady["cartPrepareForCompletion"]?["result"]?.serialized()
                    == #"{"__typename":"CartStatusNotReady","errors":[{"code":"DELIVERY_ADDRESS_REQUIRED"}]}"#)
            try await http.shipToCanada(cartID)  // 89.00 + 10.00
            #expect(
                try await http.data(prepare)["cartPrepareForCompletion"]?["result"]?["__typename"] == "CartStatusReady")

            let wrongAmount = try await pay(http, cartID, card: "1", amount: "89.00")
            #expect(
                wrongAmount["cartPaymentUpdate"]?["userErrors"]?.serialized()
                    == #"[{"code":"INVALID_PAYMENT","field":["payment","amount","amount"]}]"#)

            for (card, code) in [("2", "PAYMENTS_CREDIT_CARD_GENERIC"), ("3", "ERROR")] {
                let paid = try await pay(http, cartID, card: card, amount: "99.00")
                #expect(paid["cartPaymentUpdate"]?["userErrors"]?.serialized() == "[]")
                let failed = try await submit(http, cartID, attempt: "attempt-\(card)")
                #expect(
                    failed["result"]?.serialized() == #"{"__typename":"SubmitFailed","errors":[{"code":"\#(code)"}]}"#)
            }
            let none = try await orders(http, accessToken)
            #expect(none.v2021 == "[]")
            #expect(none.v2026 == "[]")
            #expect(try await http.data(#"{cart(id:"\#(cartID)"){id}}"#)["cart"]?["id"]?.stringValue == cartID)

            _ = try await pay(http, cartID, card: "1", amount: "99.00")
            let accepted = try await submit(http, cartID, attempt: "attempt-1")
            #expect(accepted["result"]?["__typename"] == "SubmitSuccess")
            let attemptID = try #require(accepted["result"]?["attemptId"]?.stringValue)
            #expect(accepted["result"]?["redirectUrl"]?.stringValue?.contains("/orders/") == true)
            let written = try await orders(http, accessToken)
            #expect(
                written.v2021
                    == #"[{"node":{"orderNumber":1001,"totalPriceV2":{"amount":"99.0"},"totalShippingPriceV2":{"amount":"10.0"}}}]"#
            )
            #expect(written.v2026 == #"[{"orderNumber":1001,"totalPrice":{"amount":"99.0"}}]"#)

            // The same attempt token answers the attempt it was accepted with; the attempt names the order.
            let again = try await submit(http, cartID, attempt: "attempt-1")
            #expect(
                again["result"]?.serialized() == #"{"__typename":"SubmitAlreadyAccepted","attemptId":"\#(attemptID)"}"#)
            let attempt = try await http.data(
                #"{cartCompletionAttempt(attemptId:"\#(attemptID)"){__typename,... on CartCompletionSuccess{id,orderUrl}}}"#
            )
            #expect(attempt["cartCompletionAttempt"]?["__typename"] == "CartCompletionSuccess")
            #expect(try await orders(http, accessToken).v2026.contains("1002") == false)
        }
    }

    @Test func giftCardsPayTheirShareAndAreDebitedOnlyWhenTheOrderIsWritten() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart(buyer: #",buyerIdentity:{email:"gift@example.com"}"#)
            try await http.shipToCanada(cartID)  // 99.00, of which the card pays 50.00
            _ = try await http.data(
                #"mutation {cartGiftCardCodesAdd(cartId:"\#(cartID)",giftCardCodes:["GIFTCARD-SBX-5000"]){userErrors{code}}}"#
            )
            let declined = try await pay(http, cartID, card: "2", amount: "49.00")
            #expect(declined["cartPaymentUpdate"]?["userErrors"]?.serialized() == "[]")
            #expect(try await submit(http, cartID, attempt: "a")["result"]?["__typename"] == "SubmitFailed")
            _ = try await pay(http, cartID, card: "1", amount: "49.00")
            #expect(try await submit(http, cartID, attempt: "b")["result"]?["__typename"] == "SubmitSuccess")

            // A new cart sees what is left on the card: nothing.
            let next = try await http.cart()
            let applied = try await http.data(
                #"mutation {cartGiftCardCodesAdd(cartId:"\#(next)",giftCardCodes:["GIFTCARD-SBX-5000"]){cart{appliedGiftCards{amountUsed{amount},balance{amount}},cost{totalAmount{amount}}}}}"#
            )
            #expect(
                applied["cartGiftCardCodesAdd"]?["cart"]?.serialized()
                    == #"{"appliedGiftCards":[{"amountUsed":{"amount":"0.0"},"balance":{"amount":"0.0"}}],"cost":{"totalAmount":{"amount":"89.0"}}}"#
            )
        }
    }

    @Test func theHostedCheckoutShipsWhereTheCartSaysWhenItsFormIsBlank() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart(buyer: #",buyerIdentity:{email:"hosted@example.com"}"#)
            try await http.shipToCanada(cartID, handle: "sandbox-express-25.00")
            let token = try #require(GID.decode(cartID)?.split(separator: "/").last.map(String.init))
            let paid = try await http.send(
                .post, "/sandbox/storefront/carts/\(token)/checkout", json: ["card": "1"])
            #expect(paid.status == 202)
            let orders = try await http.send(.get, "/sandbox/storefront/shops/1/orders")
            #expect(orders.json[0]?["totalPrice"] == "114.0")
            #expect(orders.json[0]?["email"] == "hosted@example.com")
        }
    }
}
