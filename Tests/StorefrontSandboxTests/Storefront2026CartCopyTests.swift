import CommerceCore
import Foundation
import Testing

/// `cartClone`, `cartRemovePersonalData` and cart metafields over HTTP.
@Suite struct Storefront2026CartCopyTests {
    @Test func aCloneKeepsTheLinesButNotTheBuyer() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart(quantity: 3, buyer: #",buyerIdentity:{email:"ada@example.com"}"#)
            try await http.shipToCanada(cartID)
            let cloned = try await http.data(
                #"mutation {cartClone(cartId:"\#(cartID)"){cart{id,totalQuantity,buyerIdentity{email},delivery{addresses{id}}},userErrors{code},warnings{code}}}"#
            )
            let clone = try #require(cloned["cartClone"]?["cart"])
            #expect(clone["id"]?.stringValue != cartID)
            #expect(clone["totalQuantity"] == 3)
            #expect(clone["buyerIdentity"]?["email"] == .null)
            #expect(clone["delivery"]?["addresses"]?.serialized() == "[]")
            // The source is untouched.
            let source = try await http.data(#"{cart(id:"\#(cartID)"){buyerIdentity{email},totalQuantity}}"#)
            #expect(source["cart"]?.serialized() == #"{"buyerIdentity":{"email":"ada@example.com"},"totalQuantity":3}"#)
        }
    }

    @Test func removingPersonalDataForgetsTheBuyerAndTheAddresses() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart(buyer: #",buyerIdentity:{email:"ada@example.com"}"#)
            try await http.shipToCanada(cartID)
            let removed = try await http.data(
                #"mutation {cartRemovePersonalData(cartId:"\#(cartID)"){cart{totalQuantity,buyerIdentity{email},delivery{addresses{id}},cost{totalAmount{amount}}},userErrors{code}}}"#
            )
            #expect(
                removed.serialized()
                    == #"{"cartRemovePersonalData":{"cart":{"totalQuantity":1,"buyerIdentity":{"email":null},"delivery":{"addresses":[]},"cost":{"totalAmount":{"amount":"89.0"}}},"userErrors":[]}}"#
            )
        }
    }

    @Test func metafieldsAreSetReadAndDeleted() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart()
            let set = try await http.data(
                #"mutation {cartMetafieldsSet(metafields:[{ownerId:"\#(cartID)",key:"custom.gift_note",type:"single_line_text_field",value:"Happy birthday"},{ownerId:"\#(cartID)",key:"points",type:"number_integer",value:"12"}]){metafields{namespace,key,type,value},userErrors{code}}}"#
            )
            #expect(
                set.serialized()
                    == #"{"cartMetafieldsSet":{"metafields":[{"namespace":"custom","key":"gift_note","type":"single_line_text_field","value":"Happy birthday"},{"namespace":"$app","key":"points","type":"number_integer","value":"12"}],"userErrors":[]}}"#
            )
            let read = try await http.data(
                #"{cart(id:"\#(cartID)"){metafield(namespace:"custom",key:"gift_note"){value},metafields(identifiers:[{key:"points"},{namespace:"custom",key:"nope"}]){value}}}"#
            )
            #expect(
                read["cart"]?.serialized()
                    == #"{"metafield":{"value":"Happy birthday"},"metafields":[{"value":"12"},null]}"#)

            // One bad entry refuses the whole set.
            let bad = try await http.data(
                #"mutation {cartMetafieldsSet(metafields:[{ownerId:"\#(cartID)",key:"ok",type:"boolean",value:"true"},{ownerId:"\#(cartID)",key:"n",type:"number_integer",value:"twelve"}]){metafields{key},userErrors{code,field,elementIndex}}}"#
            )
            #expect(
                bad.serialized()
                    == #"{"cartMetafieldsSet":{"metafields":null,"userErrors":[{"code":"INVALID_VALUE","field":["metafields","1","value"],"elementIndex":1}]}}"#
            )
            let unchanged = try await http.data(#"{cart(id:"\#(cartID)"){metafield(key:"ok"){value}}}"#)
            #expect(unchanged["cart"]?["metafield"] == .null)

            let deleted = try await http.data(
                #"mutation {cartMetafieldDelete(input:{ownerId:"\#(cartID)",key:"custom.gift_note"}){deletedId,userErrors{code}}}"#
            )
            #expect(deleted["cartMetafieldDelete"]?["deletedId"]?.stringValue != nil)
            let missing = try await http.data(
                #"mutation {cartMetafieldDelete(input:{ownerId:"\#(cartID)",key:"custom.gift_note"}){deletedId,userErrors{code,field}}}"#
            )
            #expect(
                missing.serialized()
                    == #"{"cartMetafieldDelete":{"deletedId":null,"userErrors":[{"code":"METAFIELD_DOES_NOT_EXIST","field":["input","key"]}]}}"#
            )
        }
    }
}
