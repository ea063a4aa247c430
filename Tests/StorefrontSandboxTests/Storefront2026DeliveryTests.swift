import CommerceCore
import Foundation
import Testing

/// 2026-04 delivery over HTTP: addresses stored on the cart, the delivery group's options priced by the checkouts'
/// rate table, the chosen option in `Cart.cost`, and user errors naming the field.
@Suite struct Storefront2026DeliveryTests {
    static let groupFields =
        "deliveryGroups(first:1){nodes{id,deliveryOptions{handle,title,estimatedCost{amount}},selectedDeliveryOption{handle}}}"
    static let costFields = "cost{checkoutChargeAmount{amount},subtotalAmount{amount},totalAmount{amount}}"

    @Test func aChosenDeliveryOptionIsPricedIntoTheCartTotal() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart(quantity: 2)
            let added = try await http.data(
                #"mutation {cartDeliveryAddressesAdd(cartId:"\#(cartID)",addresses:[{selected:true,address:{deliveryAddress:{address1:"1 Main St",city:"Toronto",countryCode:CA,zip:"M5V 1A1"}}}]){cart{delivery{addresses{selected,address{... on CartDeliveryAddress{city,countryCode}}}},\#(Self.groupFields),\#(Self.costFields)},userErrors{code},warnings{code}}}"#
            )
            let cart = try #require(added["cartDeliveryAddressesAdd"]?["cart"])
            #expect(
                cart["delivery"]?.serialized()
                    == #"{"addresses":[{"selected":true,"address":{"city":"Toronto","countryCode":"CA"}}]}"#)
            let group = try #require(cart["deliveryGroups"]?["nodes"]?[0])
            #expect(
                group["deliveryOptions"]?.serialized()
                    == #"[{"handle":"sandbox-standard-10.00","title":"Standard","estimatedCost":{"amount":"10.0"}},{"handle":"sandbox-express-25.00","title":"Express","estimatedCost":{"amount":"25.0"}}]"#
            )
            #expect(group["selectedDeliveryOption"] == .null)
            #expect(cart["cost"]?["totalAmount"]?["amount"] == "178.0")
            let groupID = try #require(group["id"]?.stringValue)

            let chosen = try await http.data(
                #"mutation {cartSelectedDeliveryOptionsUpdate(cartId:"\#(cartID)",selectedDeliveryOptions:[{deliveryGroupId:"\#(groupID)",deliveryOptionHandle:"sandbox-express-25.00"}]){cart{\#(Self.groupFields),\#(Self.costFields)},userErrors{code,field}}}"#
            )
            let chosenCart = try #require(chosen["cartSelectedDeliveryOptionsUpdate"]?["cart"])
            #expect(
                chosenCart["deliveryGroups"]?["nodes"]?[0]?["selectedDeliveryOption"]?["handle"]
                    == "sandbox-express-25.00")
            #expect(
                chosenCart["cost"]?.serialized()
                    == #"{"checkoutChargeAmount":{"amount":"178.0"},"subtotalAmount":{"amount":"178.0"},"totalAmount":{"amount":"203.0"}}"#
            )

            // A handle the group does not offer, and a group the cart does not have: named errors, nothing changes.
            let badOption = try await http.data(
                #"mutation {cartSelectedDeliveryOptionsUpdate(cartId:"\#(cartID)",selectedDeliveryOptions:[{deliveryGroupId:"\#(groupID)",deliveryOptionHandle:"sandbox-international-35.00"}]){cart{cost{totalAmount{amount}}},userErrors{code,field}}}"#
            )
            #expect(
                badOption.serialized()
                    == #"{"cartSelectedDeliveryOptionsUpdate":{"cart":{"cost":{"totalAmount":{"amount":"203.0"}}},"userErrors":[{"code":"INVALID_DELIVERY_OPTION","field":["selectedDeliveryOptions","0","deliveryOptionHandle"]}]}}"#
            )
            let badGroup = try await http.data(
                #"mutation {cartSelectedDeliveryOptionsUpdate(cartId:"\#(cartID)",selectedDeliveryOptions:[{deliveryGroupId:"\#(cartID)",deliveryOptionHandle:"sandbox-express-25.00"}]){userErrors{code,field}}}"#
            )
            #expect(
                badGroup["cartSelectedDeliveryOptionsUpdate"]?["userErrors"]?.serialized()
                    == #"[{"code":"INVALID_DELIVERY_GROUP","field":["selectedDeliveryOptions","0","deliveryGroupId"]}]"#
            )

            // The 2026-04 read of the same cart agrees.
            let read = try await http.data(#"{cart(id:"\#(cartID)"){\#(Self.costFields)}}"#)
            #expect(read["cart"]?["cost"]?["totalAmount"]?["amount"] == "203.0")
        }
    }

    @Test func addressesAreAddedUpdatedRemovedAndReplaced() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart()
            try await http.shipToCanada(cartID, handle: "sandbox-express-25.00")
            let listed = try await http.data(
                #"{cart(id:"\#(cartID)"){delivery{addresses{id,selected}},cost{totalAmount{amount}}}}"#)
            #expect(listed["cart"]?["cost"]?["totalAmount"]?["amount"] == "114.0")
            let addressID = try #require(listed["cart"]?["delivery"]?["addresses"]?[0]?["id"]?.stringValue)

            // The same address again is a warning, not a second address.
            let duplicate = try await http.data(
                #"mutation {cartDeliveryAddressesAdd(cartId:"\#(cartID)",addresses:[{address:{deliveryAddress:{firstName:"Ada",lastName:"Lovelace",address1:"1 Main St",city:"Toronto",provinceCode:"ON",countryCode:CA,zip:"M5V 1A1"}}}]){cart{delivery{addresses{id}}},userErrors{code},warnings{code,target}}}"#
            )
            #expect(
                duplicate.serialized()
                    == #"{"cartDeliveryAddressesAdd":{"cart":{"delivery":{"addresses":[{"id":"\#(addressID)"}]}},"userErrors":[],"warnings":[{"code":"DUPLICATE_DELIVERY_ADDRESS","target":"\#(addressID)"}]}}"#
            )

            // Moving the address to the US: the Canadian option no longer applies, so the total drops it.
            let moved = try await http.data(
                #"mutation {cartDeliveryAddressesUpdate(cartId:"\#(cartID)",addresses:[{id:"\#(addressID)",address:{deliveryAddress:{address1:"1 Broadway",city:"New York",countryCode:US,zip:"10004"}}}]){cart{\#(Self.groupFields),cost{totalAmount{amount}}},userErrors{code}}}"#
            )
            let movedCart = try #require(moved["cartDeliveryAddressesUpdate"]?["cart"])
            #expect(
                movedCart["deliveryGroups"]?["nodes"]?[0]?["deliveryOptions"]?.serialized()
                    == #"[{"handle":"sandbox-standard-us-15.00","title":"Standard (US)","estimatedCost":{"amount":"15.0"}}]"#
            )
            #expect(movedCart["cost"]?["totalAmount"]?["amount"] == "89.0")

            let badZip = try await http.data(
                #"mutation {cartDeliveryAddressesAdd(cartId:"\#(cartID)",addresses:[{address:{deliveryAddress:{countryCode:CA,zip:"12345"}}}]){userErrors{code,field}}}"#
            )
            #expect(
                badZip["cartDeliveryAddressesAdd"]?["userErrors"]?.serialized()
                    == #"[{"code":"INVALID_ZIP_CODE_FOR_COUNTRY","field":["addresses","0","address","deliveryAddress","zip"]}]"#
            )
            let unknown = try await http.data(
                #"mutation {cartDeliveryAddressesRemove(cartId:"\#(cartID)",addressIds:["\#(cartID)"]){userErrors{code,field}}}"#
            )
            #expect(
                unknown["cartDeliveryAddressesRemove"]?["userErrors"]?.serialized()
                    == #"[{"code":"INVALID_DELIVERY_ADDRESS_ID","field":["addressIds","0"]}]"#)

            let replaced = try await http.data(
                #"mutation {cartDeliveryAddressesReplace(cartId:"\#(cartID)",addresses:[{address:{deliveryAddress:{city:"London",countryCode:GB}}},{selected:true,address:{deliveryAddress:{city:"Ottawa",countryCode:CA}}}]){cart{delivery{addresses{selected,address{... on CartDeliveryAddress{city}}}},\#(Self.groupFields)},userErrors{code}}}"#
            )
            let replacedCart = try #require(replaced["cartDeliveryAddressesReplace"]?["cart"])
            #expect(
                replacedCart["delivery"]?.serialized()
                    == #"{"addresses":[{"selected":false,"address":{"city":"London"}},{"selected":true,"address":{"city":"Ottawa"}}]}"#
            )
            #expect(
                replacedCart["deliveryGroups"]?["nodes"]?[0]?["deliveryOptions"]?[1]?["handle"]
                    == "sandbox-express-25.00")
            let ids = try #require(
                try await http.data(#"{cart(id:"\#(cartID)"){delivery{addresses{id}}}}"#)["cart"]?["delivery"]?[
                    "addresses"]?.arrayValue?.compactMap { $0["id"]?.stringValue })
            let removed = try await http.data(
                #"mutation {cartDeliveryAddressesRemove(cartId:"\#(cartID)",addressIds:\#(JSONValue.array(ids.map(JSONValue.string)).serialized())){cart{delivery{addresses{id}},deliveryGroups(first:1){nodes{id}}},userErrors{code}}}"#
            )
            #expect(
                removed.serialized()
                    == #"{"cartDeliveryAddressesRemove":{"cart":{"delivery":{"addresses":[]},"deliveryGroups":{"nodes":[]}},"userErrors":[]}}"#
            )
        }
    }

    @Test func aBillingAddressNeedsAKnownCart() async throws {
        try await Storefront2026HTTP.with { http in
            let cartID = try await http.cart()
            let updated = try await http.data(
                #"mutation {cartBillingAddressUpdate(cartId:"\#(cartID)",billingAddress:{address1:"1 Main St",city:"Toronto",country:"CA"}){cart{id},userErrors{code},warnings{code}}}"#
            )
            #expect(
                updated.serialized()
                    == #"{"cartBillingAddressUpdate":{"cart":{"id":"\#(cartID)"},"userErrors":[],"warnings":[]}}"#)
            let unknown = try await http.data(
                #"mutation {cartBillingAddressUpdate(cartId:"gid://shopify/Cart/nope",billingAddress:{city:"Toronto"}){cart{id},userErrors{code,field}}}"#
            )
            #expect(
                unknown.serialized()
                    == #"{"cartBillingAddressUpdate":{"cart":null,"userErrors":[{"code":"INVALID","field":["cartId"]}]}}"#
            )
        }
    }
}
