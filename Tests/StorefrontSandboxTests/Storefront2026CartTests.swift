import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The Cart API with 2026-04 documents: the 2021-10 mutations behind 2026-04 payloads (`warnings`,
/// `CartUserError.code`), `Cart.cost`, and orders written by the one order writer for both versions.
@Suite struct Storefront2026CartTests {
    static let cartFields =
        "id,note,totalQuantity,attributes{key,value},discountCodes{code,applicable},cost{subtotalAmount{amount},totalAmount{amount},totalTaxAmount{amount},totalAmountEstimated},lines(first:5){nodes{id,quantity,... on CartLine{cost{amountPerQuantity{amount},totalAmount{amount}},instructions{canRemove},merchandise{... on ProductVariant{id}}}}}"

    @Test func aCartBuiltWith2026DocumentsAnswersAsTheSchemaSays() async throws {
        let client = try StorefrontClient()
        let created = try await client.data2026(
            #"mutation {cartCreate(input:{lines:[{merchandiseId:"\#(GID.variant(11))",quantity:2}]}){cart{\#(Self.cartFields)},userErrors{code,field,message},warnings{code}}}"#
        )
        let payload = try #require(created["cartCreate"])
        #expect(payload["userErrors"]?.serialized() == "[]")
        #expect(payload["warnings"]?.serialized() == "[]")
        let cart = try #require(payload["cart"])
        let cartID = try #require(cart["id"]?.stringValue)
        #expect(cart["totalQuantity"] == 2)
        #expect(
            cart["cost"]?.serialized()
                == #"{"subtotalAmount":{"amount":"178.0"},"totalAmount":{"amount":"178.0"},"totalTaxAmount":null,"totalAmountEstimated":false}"#
        )
        let line = try #require(cart["lines"]?["nodes"]?[0])
        #expect(
            line["cost"]?.serialized() == #"{"amountPerQuantity":{"amount":"89.0"},"totalAmount":{"amount":"178.0"}}"#)
        #expect(line["instructions"]?["canRemove"] == true)
        let lineID = try #require(line["id"]?.stringValue)

        let added = try await client.data2026(
            #"mutation {cartLinesAdd(cartId:"\#(cartID)",lines:[{merchandiseId:"\#(GID.variant(21))",quantity:1}]){cart{totalQuantity,cost{totalAmount{amount}}},userErrors{code},warnings{code}}}"#
        )
        #expect(
            added.serialized()
                == #"{"cartLinesAdd":{"cart":{"totalQuantity":3,"cost":{"totalAmount":{"amount":"297.0"}}},"userErrors":[],"warnings":[]}}"#
        )
        let updated = try await client.data2026(
            #"mutation {cartLinesUpdate(cartId:"\#(cartID)",lines:[{id:"\#(lineID)",quantity:1}]){cart{totalQuantity},userErrors{code}}}"#
        )
        #expect(updated.serialized() == #"{"cartLinesUpdate":{"cart":{"totalQuantity":2},"userErrors":[]}}"#)
        let removed = try await client.data2026(
            #"mutation {cartLinesRemove(cartId:"\#(cartID)",lineIds:["\#(lineID)"]){cart{totalQuantity},userErrors{code}}}"#
        )
        #expect(removed.serialized() == #"{"cartLinesRemove":{"cart":{"totalQuantity":1},"userErrors":[]}}"#)

        let note = try await client.data2026(
            #"mutation {cartNoteUpdate(cartId:"\#(cartID)",note:"Gift wrap"){cart{note},userErrors{code},warnings{code}}}"#
        )
        #expect(note.serialized() == #"{"cartNoteUpdate":{"cart":{"note":"Gift wrap"},"userErrors":[],"warnings":[]}}"#)
        let attributes = try await client.data2026(
            #"mutation {cartAttributesUpdate(cartId:"\#(cartID)",attributes:[{key:"gift",value:"yes"}]){cart{attribute(key:"gift"){value},attributes{key,value}},userErrors{code}}}"#
        )
        #expect(
            attributes.serialized()
                == #"{"cartAttributesUpdate":{"cart":{"attribute":{"value":"yes"},"attributes":[{"key":"gift","value":"yes"}]},"userErrors":[]}}"#
        )
        let badAttribute = try await client.data2026(
            #"mutation {cartAttributesUpdate(cartId:"\#(cartID)",attributes:[{key:"",value:"x"}]){cart{attributes{key}},userErrors{code,field}}}"#
        )
        #expect(
            badAttribute["cartAttributesUpdate"]?["userErrors"]?[0]?["field"]?.serialized()
                == #"["attributes","0","key"]"#)

        // A known code applies; an unknown one is kept as not applicable with a DISCOUNT_NOT_FOUND warning.
        let codes = try await client.data2026(
            #"mutation {cartDiscountCodesUpdate(cartId:"\#(cartID)",discountCodes:["SANDBOX10","NOPE"]){cart{discountCodes{code,applicable}},userErrors{code,field,message},warnings{code,target,message}}}"#
        )
        let codePayload = try #require(codes["cartDiscountCodesUpdate"])
        #expect(
            codePayload["cart"]?.serialized()
                == #"{"discountCodes":[{"code":"SANDBOX10","applicable":true},{"code":"NOPE","applicable":false}]}"#)
        #expect(codePayload["userErrors"]?.serialized() == "[]")
        #expect(
            codePayload["warnings"]?.serialized()
                == #"[{"code":"DISCOUNT_NOT_FOUND","target":"\#(cartID)","message":"Discount code NOPE was not found and was not applied"}]"#
        )

        // An unknown cart is a CartUserError with its CartErrorCode.
        let unknown = try await client.data2026(
            #"mutation {cartNoteUpdate(cartId:"gid://shopify/Cart/nope",note:"x"){cart{id},userErrors{code,field,message}}}"#
        )
        #expect(
            unknown.serialized()
                == #"{"cartNoteUpdate":{"cart":null,"userErrors":[{"code":"INVALID","field":["cartId"],"message":"The specified cart does not exist"}]}}"#
        )

        // The same cart is one record: 2021-10 reads what 2026-04 wrote.
        let old = try await client.data(#"{cart(id:"\#(cartID)"){note,estimatedCost{totalAmount{amount}}}}"#)
        #expect(
            old.serialized() == #"{"cart":{"note":"Gift wrap","estimatedCost":{"totalAmount":{"amount":"119.0"}}}}"#)
    }

    @Test func anOrderFromA2026CartIsListedForThe2021Customer() async throws {
        let client = try StorefrontClient()
        // The 2021-10 sign-up the order tests use.
        let token = try await StorefrontOrderTests().signUp(client, "ada@example.com")
        let created = try await client.data2026(
            #"mutation {cartCreate(input:{lines:[{merchandiseId:"\#(GID.variant(11))",quantity:1}],buyerIdentity:{customerAccessToken:"\#(token)"}}){cart{id,buyerIdentity{customer{email}}},userErrors{code}}}"#
        )
        #expect(created["cartCreate"]?["cart"]?["buyerIdentity"]?["customer"]?["email"] == "ada@example.com")
        let cartID = try #require(created["cartCreate"]?["cart"]?["id"]?.stringValue)
        let cartToken = try #require(GID.decode(cartID)?.split(separator: "/").last.map(String.init))
        let completed = try await client.control(.post, "/sandbox/storefront/carts/\(cartToken)/complete")
        #expect(completed.status == 202)

        let old = try await client.data(
            #"{customer(customerAccessToken:"\#(token)"){orders(first:5){edges{node{name,totalPriceV2{amount}}}}}}"#)
        #expect(
            old.serialized()
                == ##"{"customer":{"orders":{"edges":[{"node":{"name":"#1001","totalPriceV2":{"amount":"89.0"}}}]}}}"##)
        let new = try await client.data2026(
            #"{customer(customerAccessToken:"\#(token)"){numberOfOrders,orders(first:5){nodes{name,totalPrice{amount}}}}}"#
        )
        #expect(
            new.serialized()
                == ##"{"customer":{"numberOfOrders":"1","orders":{"nodes":[{"name":"#1001","totalPrice":{"amount":"89.0"}}]}}}"##
        )
    }
}
