import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// `cartAttributesUpdate`, `cartNoteUpdate`, `cartDiscountCodesUpdate` and `cartBuyerIdentityUpdate` (spec §4.6
/// R6–R9, §5.11): each bad input gets its entry and leaves the cart as it was.
@Suite struct StorefrontCartDetailTests {
    static let selection =
        "cart{note,attributes{key,value},discountCodes{code,applicable},buyerIdentity{email,phone,countryCode,customer{email}}},userErrors{code,field,message}"

    /// A cart with one line, a note, an attribute and a buyer email; returns its ID.
    static func newCart(_ client: StorefrontClient) async throws -> String {
        let data = try await client.data(
            """
            mutation {cartCreate(input:{lines:[{merchandiseId:"\(GID.variant(11))",quantity:1}],note:"first",attributes:[{key:"a",value:"1"}],buyerIdentity:{email:"john@example.com"}}){cart{id}}}
            """)
        return try #require(data["cartCreate"]?["cart"]?["id"]?.stringValue)
    }

    /// Runs `mutation` on `cartId` with the other `arguments`; returns the payload.
    static func run(_ client: StorefrontClient, _ mutation: String, cartID: String, _ arguments: String) async throws
        -> JSONValue
    {
        try await client.data("mutation {\(mutation)(cartId:\"\(cartID)\",\(arguments)){\(selection)}}")[mutation]
            ?? .null
    }

    static let untouched: JSONValue = [
        "note": "first", "attributes": [["key": "a", "value": "1"]], "discountCodes": [],
        "buyerIdentity": ["email": "john@example.com", "phone": nil, "countryCode": nil, "customer": nil],
    ]

    @Test(
        arguments: [
            (
                "cartAttributesUpdate", #"attributes:[{key:"ok",value:"1"},{key:" ",value:"2"}]"#,
                checkoutError("INVALID", ["attributes", "1", "key"], "Attribute key can't be blank")
            ),
            (
                "cartNoteUpdate", "note:\"\(String(repeating: "n", count: 5001))\"",
                checkoutError("INVALID", ["note"], "Note is too long (maximum is 5000 characters)")
            ),
            (
                "cartBuyerIdentityUpdate", #"buyerIdentity:{email:"nobody"}"#,
                checkoutError("INVALID", ["buyerIdentity", "email"], "Email is invalid")
            ),
            (
                "cartBuyerIdentityUpdate", #"buyerIdentity:{customerAccessToken:"0123"}"#,
                checkoutError("INVALID", ["buyerIdentity", "customerAccessToken"], "Customer access token is invalid")
            ),
        ] as [(String, String, JSONValue)])
    func badInputIsReportedAndChangesNothing(_ mutation: String, arguments: String, expected: JSONValue) async throws {
        let client = try StorefrontClient()
        let cartID = try await Self.newCart(client)
        let payload = try await Self.run(client, mutation, cartID: cartID, arguments)
        #expect(payload["userErrors"] == [expected])
        #expect(payload["cart"] == Self.untouched)
        let read = try await client.data(
            "query {cart(id:\"\(cartID)\"){note,attributes{key,value},discountCodes{code,applicable},buyerIdentity{email,phone,countryCode,customer{email}}}}"
        )
        #expect(read["cart"] == Self.untouched)
    }

    @Test(arguments: [
        ("cartAttributesUpdate", #"attributes:[]"#), ("cartNoteUpdate", #"note:"x""#),
        ("cartDiscountCodesUpdate", #"discountCodes:["SANDBOX10"]"#),
        ("cartBuyerIdentityUpdate", #"buyerIdentity:{phone:"+16135550123"}"#),
    ])
    func unknownCartsAreR6(_ mutation: String, arguments: String) async throws {
        let client = try StorefrontClient()
        let payload = try await Self.run(client, mutation, cartID: GID.encode("gid://shopify/Cart/ffff"), arguments)
        #expect(payload["cart"] == .null)
        #expect(payload["userErrors"] == [checkoutError("INVALID", ["cartId"], "The specified cart does not exist")])
    }

    @Test func attributesAndNoteAreReplacedAndCleared() async throws {
        let client = try StorefrontClient()
        let cartID = try await Self.newCart(client)
        let attributes = try await Self.run(
            client, "cartAttributesUpdate", cartID: cartID,
            #"attributes:[{key:"gift",value:"yes"},{key:"wrap",value:"red"}]"#)
        #expect(
            attributes["cart"]?["attributes"]?.serialized()
                == #"[{"key":"gift","value":"yes"},{"key":"wrap","value":"red"}]"#)
        let note = try await Self.run(client, "cartNoteUpdate", cartID: cartID, #"note:"Leave at the door""#)
        #expect(note["cart"]?["note"] == "Leave at the door")
        #expect(note["cart"]?["attributes"]?.arrayValue?.count == 2)
        let cleared = try await Self.run(client, "cartNoteUpdate", cartID: cartID, "note:null")
        #expect(cleared["cart"]?["note"] == .null)
    }

    @Test func discountCodesKeepUnknownCodesAsNotApplicable() async throws {
        let client = try StorefrontClient()
        let cartID = try await Self.newCart(client)
        let payload = try await Self.run(
            client, "cartDiscountCodesUpdate", cartID: cartID, #"discountCodes:["sandbox10"," SPRING ","spring",""]"#)
        #expect(payload["userErrors"] == [])
        #expect(
            payload["cart"]?["discountCodes"]?.serialized()
                == #"[{"code":"sandbox10","applicable":true},{"code":"SPRING","applicable":false}]"#)
        // A code the shop gains later becomes applicable on the same cart.
        #expect(
            try await client.control(.post, "/sandbox/storefront/shops/1/discount-codes", json: ["code": "SPRING"])
                .status == 201)
        let read = try await client.data("query {cart(id:\"\(cartID)\"){discountCodes{code,applicable}}}")
        #expect(
            read["cart"]?["discountCodes"]?.serialized()
                == #"[{"code":"sandbox10","applicable":true},{"code":"SPRING","applicable":true}]"#)
        let none = try await Self.run(client, "cartDiscountCodesUpdate", cartID: cartID, "discountCodes:[]")
        #expect(none["cart"]?["discountCodes"] == [])
    }

    @Test func buyerIdentityKeepsAbsentFieldsAndClearsNulls() async throws {
        let client = try StorefrontClient()
        let cartID = try await Self.newCart(client)
        _ = try await client.data(
            #"mutation {customerCreate(input:{email:"jane@example.com",password:"secret1"}){customer{id}}}"#)
        let login = try await client.data(
            #"mutation {customerAccessTokenCreate(input:{email:"jane@example.com",password:"secret1"}){customerAccessToken{accessToken}}}"#
        )
        let token = try #require(
            login["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let linked = try await Self.run(
            client, "cartBuyerIdentityUpdate", cartID: cartID,
            #"buyerIdentity:{phone:"+16135550123",countryCode:US,customerAccessToken:"\#(token)"}"#)
        #expect(linked["userErrors"] == [])
        #expect(
            linked["cart"]?["buyerIdentity"]?.serialized()
                == #"{"email":"john@example.com","phone":"+16135550123","countryCode":"US","customer":{"email":"jane@example.com"}}"#
        )
        let cleared = try await Self.run(
            client, "cartBuyerIdentityUpdate", cartID: cartID, "buyerIdentity:{email:null,customerAccessToken:null}")
        #expect(
            cleared["cart"]?["buyerIdentity"]?.serialized()
                == #"{"email":null,"phone":"+16135550123","countryCode":"US","customer":null}"#)
    }
}
