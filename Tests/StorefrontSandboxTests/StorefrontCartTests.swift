import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Cart API (spec §5.11) with the R1–R6 user errors of §4.6 (journey J5 in raw GraphQL).
@Suite struct StorefrontCartTests {
    static let cartSelection =
        "cart{id,checkoutUrl,note,attributes{key,value},discountCodes{code,applicable},buyerIdentity{email},estimatedCost{totalAmount{amount}},lines(first:10){edges{node{id,quantity,merchandise{... on ProductVariant{id}},estimatedCost{totalAmount{amount}}}}}},userErrors{code,field,message}"

    func createCart(_ client: StorefrontClient) async throws -> JSONValue {
        let data = try await client.data(
            """
            mutation {cartCreate(input:{lines:[{merchandiseId:"\(GID.variant(11))",quantity:1}],attributes:[{key:"gift-note",value:"hi"}],discountCodes:["SANDBOX10","NOPE"],buyerIdentity:{email:"john@example.com"}}){\(Self.cartSelection)}}
            """)
        return try #require(data["cartCreate"])
    }

    @Test func createAddUpdateRemove() async throws {
        let client = try StorefrontClient()
        let created = try await createCart(client)
        #expect(created["userErrors"]?.arrayValue?.isEmpty == true)
        let cart = try #require(created["cart"])
        let cartID = try #require(cart["id"]?.stringValue)
        #expect(cart["checkoutUrl"]?.stringValue?.hasPrefix(client.context.publicURL(path: "/cart/c/")) == true)
        #expect(cart["estimatedCost"]?["totalAmount"]?["amount"] == "89.0")
        #expect(
            cart["discountCodes"]?.serialized()
                == #"[{"code":"SANDBOX10","applicable":true},{"code":"NOPE","applicable":false}]"#)
        #expect(cart["attributes"]?.serialized() == #"[{"key":"gift-note","value":"hi"}]"#)

        let added = try await client.data(
            """
            mutation {cartLinesAdd(lines:[{merchandiseId:"\(GID.variant(11))",quantity:2},{merchandiseId:"\(GID.variant(21))"}],cartId:"\(cartID)"){\(Self.cartSelection)}}
            """)
        let lines = added["cartLinesAdd"]?["cart"]?["lines"]?["edges"]?.arrayValue ?? []
        #expect(lines.map { $0["node"]?["quantity"]?.integerValue } == [3, 1])
        #expect(added["cartLinesAdd"]?["cart"]?["estimatedCost"]?["totalAmount"]?["amount"] == "386.0")
        let blazerLine = try #require(lines[1]["node"]?["id"]?.stringValue)

        let negative = try await client.data(
            """
            mutation {cartLinesUpdate(cartId:"\(cartID)",lines:[{id:"\(blazerLine)",quantity:-1}]){\(Self.cartSelection)}}
            """)
        #expect(
            negative["cartLinesUpdate"]?["userErrors"]?.serialized()
                == #"[{"code":"INVALID","field":["lines","0","quantity"],"message":"Quantity must be 0 or more"}]"#)
        let zero = try await client.data(
            """
            mutation {cartLinesUpdate(cartId:"\(cartID)",lines:[{id:"\(blazerLine)",quantity:0}]){\(Self.cartSelection)}}
            """)
        #expect(zero["cartLinesUpdate"]?["cart"]?["lines"]?["edges"]?.arrayValue?.count == 1)

        let unknownLine = GID.encode("gid://shopify/CartLine/ffff?cart=x")
        let removed = try await client.data(
            """
            mutation {cartLinesRemove(cartId:"\(cartID)",lineIds:["\(unknownLine)"]){\(Self.cartSelection)}}
            """)
        #expect(
            removed["cartLinesRemove"]?["userErrors"]?.serialized()
                == #"[{"code":"INVALID_MERCHANDISE_LINE","field":["lineIds","0"],"message":"The merchandise line with id \#(unknownLine) does not exist"}]"#
        )
        #expect(removed["cartLinesRemove"]?["cart"]?["lines"]?["edges"]?.arrayValue?.count == 1)

        let read = try await client.data("query {cart(id:\"\(cartID)\"){lines(first:5){edges{node{quantity}}}}}")
        #expect(read["cart"]?["lines"]?.serialized() == #"{"edges":[{"node":{"quantity":3}}]}"#)

        let token = try #require(cart["checkoutUrl"]?.stringValue?.split(separator: "/").last.map(String.init))
        let page = try await client.send(.get, "/cart/c/\(token)", headers: [:])
        #expect(page.status == 200)
        #expect(String(decoding: page.response.body, as: UTF8.self).contains("Road Runner"))
        #expect(try await client.send(.get, "/cart/c/nope", headers: [:]).status == 404)
    }

    @Test func createErrors() async throws {
        let client = try StorefrontClient()
        let unknown = GID.variant(999)
        let data = try await client.data(
            """
            mutation {cartCreate(input:{lines:[{merchandiseId:"\(unknown)",quantity:1},{merchandiseId:"\(GID.variant(11))",quantity:0},{merchandiseId:"\(GID.variant(11))",quantity:1000}],attributes:[{key:" ",value:"x"}],buyerIdentity:{email:"nope",customerAccessToken:"bad"}}){cart{id},userErrors{code,field,message}}}
            """)
        #expect(data["cartCreate"]?["cart"] == .null)
        #expect(
            data["cartCreate"]?["userErrors"]?.serialized()
                == #"[{"code":"INVALID","field":["input","lines","0","merchandiseId"],"message":"The merchandise with id \#(unknown) does not exist"},{"code":"INVALID","field":["input","lines","1","quantity"],"message":"Quantity must be at least 1"},{"code":"LESS_THAN","field":["input","lines","2","quantity"],"message":"Quantity must be less than 1000"},{"code":"INVALID","field":["input","attributes","0","key"],"message":"Attribute key can't be blank"},{"code":"INVALID","field":["input","buyerIdentity","email"],"message":"Email is invalid"},{"code":"INVALID","field":["input","buyerIdentity","customerAccessToken"],"message":"Customer access token is invalid"}]"#
        )
        let missing = try await client.data(
            """
            mutation {cartLinesAdd(lines:[],cartId:"\(GID.encode("gid://shopify/Cart/abc"))"){cart{id},userErrors{code,field,message}}}
            """)
        #expect(
            missing["cartLinesAdd"]?.serialized()
                == #"{"cart":null,"userErrors":[{"code":"INVALID","field":["cartId"],"message":"The specified cart does not exist"}]}"#
        )
        #expect(try await client.data("query {cart(id:\"nope\"){id}}")["cart"] == .null)
    }

    @Test func linesAddErrorsReturnTheUnchangedCart() async throws {
        // R1, R2 and R4 on cartLinesAdd: field paths start at `lines`, and the cart comes back untouched.
        let client = try StorefrontClient()
        let cartID = try #require(try await createCart(client)["cart"]?["id"]?.stringValue)
        let unknown = GID.variant(999)
        let data = try await client.data(
            """
            mutation {cartLinesAdd(lines:[{merchandiseId:"\(GID.variant(11))",quantity:2},{merchandiseId:"\(unknown)",quantity:1},{merchandiseId:"\(GID.variant(21))",quantity:0},{merchandiseId:"\(GID.variant(21))",quantity:1000}],cartId:"\(cartID)"){\(Self.cartSelection)}}
            """)
        let payload = try #require(data["cartLinesAdd"])
        #expect(
            payload["userErrors"]?.serialized()
                == #"[{"code":"INVALID","field":["lines","1","merchandiseId"],"message":"The merchandise with id \#(unknown) does not exist"},{"code":"INVALID","field":["lines","2","quantity"],"message":"Quantity must be at least 1"},{"code":"LESS_THAN","field":["lines","3","quantity"],"message":"Quantity must be less than 1000"}]"#
        )
        // Nothing was added, not even the valid first line.
        let lines = payload["cart"]?["lines"]?["edges"]?.arrayValue ?? []
        #expect(payload["cart"]?["id"]?.stringValue == cartID)
        #expect(lines.map { $0["node"]?["quantity"]?.integerValue } == [1])
        #expect(payload["cart"]?["estimatedCost"]?["totalAmount"]?["amount"] == "89.0")
        let read = try await client.data("query {cart(id:\"\(cartID)\"){lines(first:5){edges{node{quantity}}}}}")
        #expect(read["cart"]?["lines"]?.serialized() == #"{"edges":[{"node":{"quantity":1}}]}"#)
    }

    @Test func linesUpdateQuantityOfAThousandIsR4() async throws {
        let client = try StorefrontClient()
        let cart = try #require(try await createCart(client)["cart"])
        let cartID = try #require(cart["id"]?.stringValue)
        let lineID = try #require(cart["lines"]?["edges"]?[0]?["node"]?["id"]?.stringValue)
        let update = { (quantity: Int) in
            try await client.data(
                """
                mutation {cartLinesUpdate(cartId:"\(cartID)",lines:[{id:"\(lineID)",quantity:\(quantity)}]){\(Self.cartSelection)}}
                """)["cartLinesUpdate"]
        }
        let tooMany = try await update(1000)
        #expect(
            tooMany?["userErrors"]?.serialized()
                == #"[{"code":"LESS_THAN","field":["lines","0","quantity"],"message":"Quantity must be less than 1000"}]"#
        )
        #expect(tooMany?["cart"]?["lines"]?["edges"]?[0]?["node"]?["quantity"] == 1)
        let most = try await update(999)
        #expect(most?["userErrors"]?.arrayValue?.isEmpty == true)
        #expect(most?["cart"]?["lines"]?["edges"]?[0]?["node"]?["quantity"] == 999)
    }

    @Test func noteLongerThanFiveThousandCharactersIsR8() async throws {
        let client = try StorefrontClient()
        let create = { (note: String) in
            try await client.data(
                """
                mutation {cartCreate(input:{note:"\(note)",lines:[{merchandiseId:"\(GID.variant(11))"}]}){cart{note},userErrors{code,field,message}}}
                """)["cartCreate"]
        }
        let long = try await create(String(repeating: "n", count: 5001))
        #expect(
            long?.serialized()
                == #"{"cart":null,"userErrors":[{"code":"INVALID","field":["input","note"],"message":"Note is too long (maximum is 5000 characters)"}]}"#
        )
        let limit = String(repeating: "n", count: 5000)
        let fits = try await create(limit)
        #expect(fits?["userErrors"]?.arrayValue?.isEmpty == true)
        #expect(fits?["cart"]?["note"]?.stringValue == limit)
    }

    @Test func cartsExpireAfterTenDays() async throws {
        let client = try StorefrontClient()
        let cartID = try #require(try await createCart(client)["cart"]?["id"]?.stringValue)
        try await client.context.clock.advance(by: 11 * 86_400)
        #expect(try await client.data("query {cart(id:\"\(cartID)\"){id}}")["cart"] == .null)
    }

    @Test func linesUpdateWithAnUnknownLineIsR5() async throws {
        let client = try StorefrontClient()
        let cartID = try #require(try await createCart(client)["cart"]?["id"]?.stringValue)
        let unknownLine = GID.encode("gid://shopify/CartLine/\(String(repeating: "f", count: 32))")
        let data = try await client.data(
            """
            mutation {cartLinesUpdate(cartId:"\(cartID)",lines:[{id:"\(unknownLine)",quantity:2}]){\(Self.cartSelection)}}
            """)
        #expect(
            data["cartLinesUpdate"]?["userErrors"]?.serialized()
                == #"[{"code":"INVALID_MERCHANDISE_LINE","field":["lines","0","id"],"message":"The merchandise line with id \#(unknownLine) does not exist"}]"#
        )
        #expect(
            data["cartLinesUpdate"]?["cart"]?["lines"]?["edges"]?.arrayValue?.map { $0["node"]?["quantity"] } == [1])
    }

    /// R6 for the mutations that take a `cartId`: unknown, undecodable and expired carts.
    @Test(arguments: ["cartLinesAdd", "cartLinesUpdate", "cartLinesRemove"], ["unknown", "undecodable", "expired"])
    func missingCartIsR6(mutation: String, kind: String) async throws {
        let client = try StorefrontClient()
        var cartID: String
        switch kind {
        case "unknown": cartID = GID.encode("gid://shopify/Cart/\(String(repeating: "e", count: 32))")
        case "undecodable": cartID = "not a cart id"
        default:
            cartID = try #require(try await createCart(client)["cart"]?["id"]?.stringValue)
            try await client.context.clock.advance(by: 10 * 86_400 + 1)
        }
        let arguments =
            switch mutation {
            case "cartLinesAdd": "lines:[{merchandiseId:\"\(GID.variant(11))\"}]"
            case "cartLinesUpdate": "lines:[{id:\"\(GID.encode("gid://shopify/CartLine/x"))\",quantity:1}]"
            default: "lineIds:[\"\(GID.encode("gid://shopify/CartLine/x"))\"]"
            }
        let data = try await client.data(
            "mutation {\(mutation)(cartId:\"\(cartID)\",\(arguments)){cart{id},userErrors{code,field,message}}}")
        #expect(
            data[mutation]?.serialized()
                == #"{"cart":null,"userErrors":[{"code":"INVALID","field":["cartId"],"message":"The specified cart does not exist"}]}"#
        )
    }

    @Test func customerAccessTokenLinksTheBuyer() async throws {
        let client = try StorefrontClient()
        _ = try await client.data(
            #"mutation {customerCreate(input:{email:"john@example.com",password:"secret1",firstName:"John"}){customer{id}}}"#
        )
        let login = try await client.data(
            #"mutation {customerAccessTokenCreate(input:{email:"john@example.com",password:"secret1"}){customerAccessToken{accessToken}}}"#
        )
        let token = try #require(
            login["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let linked = try await client.data(
            """
            mutation {cartCreate(input:{lines:[{merchandiseId:"\(GID.variant(11))"}],buyerIdentity:{customerAccessToken:"\(token)",countryCode:CA}}){cart{id,buyerIdentity{email,countryCode,customer{id,firstName}}},userErrors{message}}}
            """)
        let identity = linked["cartCreate"]?["cart"]?["buyerIdentity"]
        #expect(
            identity?.serialized()
                == #"{"email":null,"countryCode":"CA","customer":{"id":"\#(GID.encode("gid://shopify/Customer/1"))","firstName":"John"}}"#
        )
        let anonymous = try await client.data("mutation {cartCreate(input:{}){cart{buyerIdentity{customer{id}}}}}")
        #expect(anonymous["cartCreate"]?["cart"]?["buyerIdentity"]?["customer"] == .null)
    }

    @Test func nodeResolvesCartsAndTheirLines() async throws {
        // §5.3: node(id:) resolves Cart and CartLine.
        let client = try StorefrontClient()
        let cart = try #require(try await createCart(client)["cart"])
        let cartID = try #require(cart["id"]?.stringValue)
        let lineID = try #require(cart["lines"]?["edges"]?[0]?["node"]?["id"]?.stringValue)
        let data = try await client.data(
            """
            query {cart:node(id:"\(cartID)"){id,... on Cart{note,lines(first:5){edges{node{quantity}}}}},line:node(id:"\(lineID)"){id,... on CartLine{quantity,merchandise{... on ProductVariant{id}}}}}
            """)
        #expect(data["cart"]?["id"]?.stringValue == cartID)
        #expect(data["cart"]?["lines"]?.serialized() == #"{"edges":[{"node":{"quantity":1}}]}"#)
        #expect(
            data["line"]?.serialized()
                == #"{"id":"\#(lineID)","quantity":1,"merchandise":{"id":"\#(GID.variant(11))"}}"#)
        // A line ID naming another cart is unknown.
        let other = try #require(try await createCart(client)["cart"]?["id"]?.stringValue)
        let otherToken = try #require(GID.decode(other)?.split(separator: "/").last)
        let lineToken = try #require(GID.decode(lineID)?.split(separator: "/").last?.split(separator: "?").first)
        let foreign = GID.encode("gid://shopify/CartLine/\(lineToken)?cart=\(otherToken)")
        #expect(try await client.data("query {node(id:\"\(foreign)\"){id}}")["node"] == .null)
    }
}
