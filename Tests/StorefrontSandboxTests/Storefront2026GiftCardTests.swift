import CommerceCore
import Foundation
import Testing

/// 2026-04 gift cards over HTTP: the demo shop's documented test cards pay part of the cart, in the order applied,
/// and an unknown code is a user error naming it.
@Suite struct Storefront2026GiftCardTests {
    static let fields =
        "appliedGiftCards{lastCharacters,amountUsed{amount},balance{amount}},cost{checkoutChargeAmount{amount},totalAmount{amount}}"

    @Test func testCardsPayPartOfTheCartAndUnknownCodesAreRefused() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart(quantity: 2)
            try await http.shipToCanada(cartID)  // 178.00 + 10.00
            let small = try await http.data(
                #"mutation {cartGiftCardCodesAdd(cartId:"\#(cartID)",giftCardCodes:["giftcard-sbx-1000"]){cart{\#(Self.fields)},userErrors{code},warnings{code}}}"#
            )
            #expect(
                small.serialized()
                    == #"{"cartGiftCardCodesAdd":{"cart":{"appliedGiftCards":[{"lastCharacters":"1000","amountUsed":{"amount":"10.0"},"balance":{"amount":"0.0"}}],"cost":{"checkoutChargeAmount":{"amount":"178.0"},"totalAmount":{"amount":"178.0"}}},"userErrors":[],"warnings":[]}}"#
            )
            let both = try await http.data(
                #"mutation {cartGiftCardCodesAdd(cartId:"\#(cartID)",giftCardCodes:["GIFTCARD-SBX-5000"]){cart{appliedGiftCards{id,lastCharacters,amountUsed{amount}},cost{totalAmount{amount}}},userErrors{code}}}"#
            )
            let cart = try #require(both["cartGiftCardCodesAdd"]?["cart"])
            #expect(cart["cost"]?["totalAmount"]?["amount"] == "128.0")
            #expect(cart["appliedGiftCards"]?[1]?["amountUsed"]?["amount"] == "50.0")
            let smallID = try #require(cart["appliedGiftCards"]?[0]?["id"]?.stringValue)

            let unknown = try await http.data(
                #"mutation {cartGiftCardCodesAdd(cartId:"\#(cartID)",giftCardCodes:["NOT-A-CARD"]){cart{cost{totalAmount{amount}}},userErrors{code,field,message}}}"#
            )
            #expect(
                unknown.serialized()
                    == #"{"cartGiftCardCodesAdd":{"cart":{"cost":{"totalAmount":{"amount":"128.0"}}},"userErrors":[{"code":"INVALID","field":["giftCardCodes","0"],"message":"Gift card code is invalid"}]}}"#
            )

            let removed = try await http.data(
                #"mutation {cartGiftCardCodesRemove(cartId:"\#(cartID)",appliedGiftCardIds:["\#(smallID)"]){cart{appliedGiftCards{lastCharacters},cost{totalAmount{amount}}},userErrors{code}}}"#
            )
            #expect(
                removed["cartGiftCardCodesRemove"]?["cart"]?.serialized()
                    == #"{"appliedGiftCards":[{"lastCharacters":"5000"}],"cost":{"totalAmount":{"amount":"138.0"}}}"#)
            let notApplied = try await http.data(
                #"mutation {cartGiftCardCodesRemove(cartId:"\#(cartID)",appliedGiftCardIds:["\#(smallID)"]){userErrors{code,field}}}"#
            )
            #expect(
                notApplied["cartGiftCardCodesRemove"]?["userErrors"]?.serialized()
                    == #"[{"code":"INVALID","field":["appliedGiftCardIds","0"]}]"#)

            let cleared = try await http.data(
                #"mutation {cartGiftCardCodesUpdate(cartId:"\#(cartID)",giftCardCodes:[]){cart{appliedGiftCards{lastCharacters},cost{totalAmount{amount}}},userErrors{code}}}"#
            )
            #expect(
                cleared["cartGiftCardCodesUpdate"]?["cart"]?.serialized()
                    == #"{"appliedGiftCards":[],"cost":{"totalAmount":{"amount":"188.0"}}}"#)
        }
    }
}
