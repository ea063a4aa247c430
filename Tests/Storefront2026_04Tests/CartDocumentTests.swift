import Foundation
import Storefront2026_04
import Testing

/// The documents the 2026-04 models render (spec §3.2; arguments and input fields in the 2026-04 file's
/// order, which is alphabetical).
@Suite struct CartDocumentTests {
    /// Q6: the `cartCreate` of Q6′ with the 2026-04 models, `cost` for `estimatedCost`.
    @Test func q6CartCreateWith2026Models() throws {
        let mutation = Storefront.buildMutation { root in
            root.cartCreate(
                input: .create(
                    attributes: .value([.create(key: "k\"", value: "v\n")]),
                    buyerIdentity: .value(.create(countryCode: .value(.us), email: .value("a@b.c"))),
                    discountCodes: .value(["A", "B"]),
                    lines: .value([.create(merchandiseId: "gid://shopify/ProductVariant/9", quantity: .value(2))]),
                    note: .value(nil))
            ) { payload in
                payload.cart { $0.id().checkoutUrl().cost { $0.totalAmount { $0.amount() } } }
                    .userErrors { $0.field().message().code() }
            }
        }
        #expect(
            mutation.description
                == #"mutation {cartCreate(input:{attributes:[{key:"k\"",value:"v\n"}],buyerIdentity:{countryCode:US,email:"a@b.c"},discountCodes:["A","B"],lines:[{merchandiseId:"gid://shopify/ProductVariant/9",quantity:2}],note:null}){cart{id,checkoutUrl,cost{totalAmount{amount}}},userErrors{field,message,code}}}"#
        )
        try DocumentExport.write([mutation.description])
    }

    @Test func cartCreateWithLinesBuyerAndWarnings() throws {
        let document = Cart2026.cartCreate().description
        #expect(
            document
                == #"mutation {cartCreate(input:{buyerIdentity:{countryCode:CA,email:"ada@example.com"},lines:[{merchandiseId:"gid://shopify/ProductVariant/9",quantity:2}]}){cart"#
                + Cart2026.renderedCartFields + ",userErrors{field,message,code},warnings{code,message,target}}}")
        try DocumentExport.write([document])
    }

    @Test func cartLinesAddTakesItsArgumentsAlphabetically() throws {
        let document = Cart2026.cartLinesAdd(quantity: 5).description
        #expect(
            document
                == #"mutation {cartLinesAdd(cartId:"gid://shopify/Cart/c1?key=k1",lines:[{merchandiseId:"gid://shopify/ProductVariant/9",quantity:5}]){cart"#
                + Cart2026.renderedCartFields + ",userErrors{field,message,code},warnings{code,message,target}}}")
        try DocumentExport.write([document])
    }

    @Test func cartQueryInContext() throws {
        let document = Cart2026.cartQuery().description
        #expect(
            document
                == #"query @inContext(country:CA,language:FR) {cart(id:"gid://shopify/Cart/c1?key=k1")"#
                + Cart2026.renderedCartFields + "}")
        try DocumentExport.write([document])
    }

    /// The 2026-04 alias label is `alias`; the response key stays `<field>__<alias>`, as Buy's runtime reads it.
    @Test func aliasesUseTheAliasLabel() throws {
        let query = Storefront.buildQuery { root in
            root.cart(alias: "mine", id: Cart2026.cartID) { $0.id() }
                .cart(alias: "theirs", id: "gid://shopify/Cart/c2?key=k2") { $0.totalQuantity() }
        }
        #expect(
            query.description
                == #"query {cart__mine:cart(id:"gid://shopify/Cart/c1?key=k1"){id},cart__theirs:cart(id:"gid://shopify/Cart/c2?key=k2"){totalQuantity}}"#
        )
        let root = try Storefront.QueryRoot(
            json: Data(
                #"{"cart__mine":{"id":"gid://shopify/Cart/c1?key=k1"},"cart__theirs":{"totalQuantity":4}}"#.utf8))
        #expect(root.aliasedCart(alias: "mine")?.id == Cart2026.cartID)
        #expect(root.aliasedCart(alias: "theirs")?.totalQuantity == 4)
        try DocumentExport.write([query.description])
    }
}
