import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Customer accounts (spec §5.12) with the U-errors of §4.7 (journey J4 in raw GraphQL).
@Suite struct StorefrontCustomerTests {
    static let errors = "customerUserErrors{code,field,message},userErrors{field,message}"

    func create(_ client: StorefrontClient, email: String = "john.smith@example.com", password: String = "123456")
        async throws -> JSONValue
    {
        try await client.data(
            """
            mutation {customerCreate(input:{email:"\(email)",password:"\(password)",firstName:"John",lastName:"Smith",acceptsMarketing:true}){customer{id,email,firstName,lastName,displayName,acceptsMarketing},\(Self.errors)}}
            """)["customerCreate"] ?? .null
    }

    func login(_ client: StorefrontClient, password: String = "123456") async throws -> JSONValue {
        try await client.data(
            """
            mutation {customerAccessTokenCreate(input:{email:"JOHN.smith@example.com",password:"\(password)"}){customerAccessToken{accessToken,expiresAt},\(Self.errors)}}
            """)["customerAccessTokenCreate"] ?? .null
    }

    @Test func createLoginAndQuery() async throws {
        let client = try StorefrontClient()
        let created = try await create(client)
        #expect(created["customer"]?["displayName"] == "John Smith")
        #expect(created["customer"]?["acceptsMarketing"] == true)
        #expect(GID.decode(created["customer"]?["id"]?.stringValue) == "gid://shopify/Customer/1")
        #expect(created["customerUserErrors"]?.arrayValue?.isEmpty == true)

        let taken = try await create(client)
        #expect(
            taken["customerUserErrors"]?.serialized()
                == #"[{"code":"TAKEN","field":["input","email"],"message":"Email has already been taken"}]"#)
        #expect(
            taken["userErrors"]?.serialized()
                == #"[{"field":["input","email"],"message":"Email has already been taken"}]"#)
        let short = try await create(client, email: "other@example.com", password: "1234")
        #expect(
            short["customerUserErrors"]?.serialized()
                == #"[{"code":"TOO_SHORT","field":["input","password"],"message":"Password is too short (minimum is 5 characters)"}]"#
        )

        let wrong = try await login(client, password: "nope!")
        #expect(
            wrong.serialized()
                == #"{"customerAccessToken":null,"customerUserErrors":[{"code":"UNIDENTIFIED_CUSTOMER","field":["input"],"message":"Unidentified customer"}],"userErrors":[{"field":["input"],"message":"Unidentified customer"}]}"#
        )
        let session = try await login(client)
        let token = try #require(session["customerAccessToken"]?["accessToken"]?.stringValue)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        let expires = try #require(ISO8601.parse(session["customerAccessToken"]?["expiresAt"]?.stringValue ?? ""))
        #expect(abs(expires.timeIntervalSince(client.context.clock.now()) - 30 * 86_400) < 60)

        let me = try await client.data(
            "query {customer(customerAccessToken:\"\(token)\"){email,firstName,orders(first:10){edges{node{id}}}}}")
        #expect(
            me["customer"]?.serialized()
                == #"{"email":"john.smith@example.com","firstName":"John","orders":{"edges":[]}}"#)
        #expect(try await client.data("query {customer(customerAccessToken:\"nope\"){email}}")["customer"] == .null)
    }

    @Test func updateWithNullSemantics() async throws {
        let client = try StorefrontClient()
        _ = try await create(client)
        let token = try #require(try await login(client)["customerAccessToken"]?["accessToken"]?.stringValue)
        let update = { (input: String) in
            try await client.data(
                "mutation {customerUpdate(customerAccessToken:\"\(token)\",customer:{\(input)}){customer{firstName,phone,acceptsMarketing},customerAccessToken{accessToken},\(Self.errors)}}"
            )["customerUpdate"] ?? .null
        }
        let phone = try await update(#"phone:"+16471234567""#)
        #expect(
            phone["customer"]?.serialized() == #"{"firstName":"John","phone":"+16471234567","acceptsMarketing":true}"#)
        let cleared = try await update("phone:null,acceptsMarketing:null")
        #expect(cleared["customer"]?.serialized() == #"{"firstName":"John","phone":null,"acceptsMarketing":false}"#)
        let empty = try await update(#"phone:"""#)
        #expect(
            empty["customerUserErrors"]?.serialized()
                == #"[{"code":"INVALID","field":["customer","phone"],"message":"Phone is invalid"}]"#)
        let blankEmail = try await update("email:null")
        #expect(
            blankEmail["customerUserErrors"]?[0]?.serialized()
                == #"{"code":"BLANK","field":["customer","email"],"message":"Email can't be blank"}"#)
        let url = try await update(#"firstName:"www.spam.example""#)
        #expect(url["customerUserErrors"]?[0]?["code"] == "CONTAINS_URL")

        let newPassword = try await update(#"password:"new-secret""#)
        let newToken = try #require(newPassword["customerAccessToken"]?["accessToken"]?.stringValue)
        #expect(newToken != token)
        #expect(try await client.data("query {customer(customerAccessToken:\"\(token)\"){email}}")["customer"] == .null)
        let invalid = try await client.data(
            "mutation {customerUpdate(customerAccessToken:\"\(token)\",customer:{firstName:\"X\"}){customer{id},\(Self.errors)}}"
        )
        #expect(
            invalid["customerUpdate"]?["customerUserErrors"]?.serialized()
                == #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["customerAccessToken"],"message":"Customer access token is invalid"}]"#
        )
    }

    @Test func renewAndDeleteTokens() async throws {
        let client = try StorefrontClient()
        _ = try await create(client)
        let session = try await login(client)
        let token = try #require(session["customerAccessToken"]?["accessToken"]?.stringValue)
        try await client.context.clock.advance(by: 3600)
        let renewed = try await client.data(
            "mutation {customerAccessTokenRenew(customerAccessToken:\"\(token)\"){customerAccessToken{accessToken,expiresAt},userErrors{field,message}}}"
        )
        #expect(renewed["customerAccessTokenRenew"]?["customerAccessToken"]?["accessToken"]?.stringValue == token)
        #expect(
            (renewed["customerAccessTokenRenew"]?["customerAccessToken"]?["expiresAt"]?.stringValue ?? "")
                > (session["customerAccessToken"]?["expiresAt"]?.stringValue ?? "~"))
        let deleted = try await client.data(
            "mutation {customerAccessTokenDelete(customerAccessToken:\"\(token)\"){deletedAccessToken,deletedCustomerAccessTokenId,userErrors{field,message}}}"
        )
        #expect(deleted["customerAccessTokenDelete"]?["deletedAccessToken"]?.stringValue == token)
        #expect(
            GID.decode(deleted["customerAccessTokenDelete"]?["deletedCustomerAccessTokenId"]?.stringValue)?.hasPrefix(
                "gid://shopify/CustomerAccessToken/") == true)
        let again = try await client.data(
            "mutation {customerAccessTokenDelete(customerAccessToken:\"\(token)\"){deletedAccessToken,userErrors{field,message}}}"
        )
        #expect(
            again["customerAccessTokenDelete"]?.serialized()
                == #"{"deletedAccessToken":null,"userErrors":[{"field":["customerAccessToken"],"message":"Access token does not exist"}]}"#
        )
    }

    @Test func recoverAndReset() async throws {
        let client = try StorefrontClient()
        let customerID = try #require(try await create(client)["customer"]?["id"]?.stringValue)
        let oldToken = try #require(try await login(client)["customerAccessToken"]?["accessToken"]?.stringValue)
        let unknown = try await client.data("mutation {customerRecover(email:\"ghost@example.com\"){\(Self.errors)}}")
        #expect(unknown["customerRecover"]?["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
        let recovered = try await client.data(
            "mutation {customerRecover(email:\"john.smith@example.com\"){\(Self.errors)}}")
        #expect(recovered["customerRecover"]?.serialized() == #"{"customerUserErrors":[],"userErrors":[]}"#)
        let outbox = try await client.control(.get, "/sandbox/storefront/shops/1/emails")
        #expect(outbox.json.arrayValue?.count == 1)
        let email = try #require(outbox.json[0])
        #expect(email["subject"] == "Reset your password")
        #expect(email["customerId"]?.stringValue == customerID)
        let resetToken = try #require(email["resetToken"]?.stringValue)
        #expect(email["resetUrl"]?.stringValue == client.context.publicURL(path: "/account/reset/1/\(resetToken)"))

        let reset =
            "mutation {customerReset(id:\"\(customerID)\",input:{resetToken:\"\(resetToken)\",password:\"fresh-secret\"}){customer{email},customerAccessToken{accessToken},\(Self.errors)}}"
        let done = try await client.data(reset)
        #expect(done["customerReset"]?["customerAccessToken"]?["accessToken"]?.stringValue?.count == 32)
        #expect(
            try await client.data("query {customer(customerAccessToken:\"\(oldToken)\"){email}}")["customer"] == .null)
        #expect(try await login(client)["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
        #expect(try await login(client, password: "fresh-secret")["customerAccessToken"] != .null)
        let reused = try await client.data(reset)
        #expect(
            reused["customerReset"]?["customerUserErrors"]?.serialized()
                == #"[{"code":"TOKEN_INVALID","field":["input","resetToken"],"message":"Reset token is invalid or has expired"}]"#
        )
        let nobody = try await client.data(
            "mutation {customerReset(id:\"\(GID.encode("gid://shopify/Customer/99"))\",input:{resetToken:\"x\",password:\"fresh-secret\"}){\(Self.errors)}}"
        )
        #expect(
            nobody["customerReset"]?["customerUserErrors"]?[0]?.serialized()
                == #"{"code":"UNIDENTIFIED_CUSTOMER","field":["id"],"message":"Could not find customer"}"#)
    }

    @Test func addresses() async throws {
        let client = try StorefrontClient()
        _ = try await create(client)
        let token = try #require(try await login(client)["customerAccessToken"]?["accessToken"]?.stringValue)
        let createAddress = { (fields: String) in
            try await client.data(
                "mutation {customerAddressCreate(customerAccessToken:\"\(token)\",address:{\(fields)}){customerAddress{id,address2,province,provinceCode,country,countryCodeV2,formattedArea},\(Self.errors)}}"
            )["customerAddressCreate"] ?? .null
        }
        let first = try await createAddress(
            #"address1:"80 Spadina Ave.",address2:"Suite 1",city:"Toronto",province:"ON",country:"Canada",zip:"M5V 2J4",firstName:"John",lastName:"Smith""#
        )
        #expect(first["customerAddress"]?["formattedArea"] == "Toronto ON, Canada")
        #expect(first["customerAddress"]?["countryCodeV2"] == "CA")
        let firstID = try #require(first["customerAddress"]?["id"]?.stringValue)
        #expect(GID.decode(firstID)?.hasSuffix("?model_name=CustomerAddress") == true)

        let blank = try await createAddress(#"address1:" ""#)
        #expect(
            blank["customerUserErrors"]?.serialized()
                == #"[{"code":"BLANK","field":["address"],"message":"Address can't be blank"}]"#)
        let bad = try await createAddress(#"country:"Atlantis""#)
        #expect(bad["customerUserErrors"]?[0]?["message"] == "Country is not supported")
        let badZip = try await createAddress(#"country:"CA",zip:"12345",province:"Nowhere",phone:"12""#)
        #expect(
            badZip["customerUserErrors"]?.serialized()
                == #"[{"code":"INVALID","field":["address","zip"],"message":"Zip is not valid for Canada"},{"code":"INVALID","field":["address","province"],"message":"Province is not valid for Canada"},{"code":"INVALID","field":["address","phone"],"message":"Phone is invalid"}]"#
        )

        let second = try await createAddress(
            #"address1:"1 Main St",city:"New York",province:"New York",country:"US",zip:"10001""#)
        let secondID = try #require(second["customerAddress"]?["id"]?.stringValue)
        #expect(second["customerAddress"]?["provinceCode"] == "NY")

        let updated = try await client.data(
            "mutation {customerAddressUpdate(customerAccessToken:\"\(token)\",id:\"\(firstID)\",address:{address2:null}){customerAddress{address1,address2},\(Self.errors)}}"
        )
        #expect(
            updated["customerAddressUpdate"]?["customerAddress"]?.serialized()
                == #"{"address1":"80 Spadina Ave.","address2":null}"#)

        let me =
            "query {customer(customerAccessToken:\"\(token)\"){defaultAddress{id},addresses(first:10){edges{node{id,province}}}}}"
        let listed = try await client.data(me)
        #expect(listed["customer"]?["defaultAddress"]?["id"]?.stringValue == firstID)
        #expect(listed["customer"]?["addresses"]?["edges"]?.arrayValue?.count == 2)

        let defaulted = try await client.data(
            "mutation {customerDefaultAddressUpdate(customerAccessToken:\"\(token)\",addressId:\"\(secondID)\"){customer{defaultAddress{id}},\(Self.errors)}}"
        )
        #expect(
            defaulted["customerDefaultAddressUpdate"]?["customer"]?["defaultAddress"]?["id"]?.stringValue == secondID)
        let deleted = try await client.data(
            "mutation {customerAddressDelete(id:\"\(secondID)\",customerAccessToken:\"\(token)\"){deletedCustomerAddressId,\(Self.errors)}}"
        )
        #expect(deleted["customerAddressDelete"]?["deletedCustomerAddressId"]?.stringValue == secondID)
        #expect(try await client.data(me)["customer"]?["defaultAddress"]?["id"]?.stringValue == firstID)
        let gone = try await client.data(
            "mutation {customerAddressDelete(id:\"\(secondID)\",customerAccessToken:\"\(token)\"){deletedCustomerAddressId,\(Self.errors)}}"
        )
        #expect(
            gone["customerAddressDelete"]?["customerUserErrors"]?.serialized()
                == #"[{"code":"NOT_FOUND","field":["id"],"message":"Address does not exist"}]"#)
    }
}
