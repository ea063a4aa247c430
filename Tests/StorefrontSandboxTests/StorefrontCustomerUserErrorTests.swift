import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Spec §4.7: exact `customerUserErrors` entries and their mirror in the deprecated `userErrors`
/// (same entries without `code`, same order), one row per rule.
@Suite struct StorefrontCustomerUserErrorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let rule: String
        /// The mutation's field with its arguments. Placeholders: `{RESET}` a valid reset token of the seeded
        /// customer (`CUSTOMER`), `{TOKEN}` its access token, `{OWN_ADDRESS}` its address; `{OTHER_RESET}` and
        /// `{OTHER_ADDRESS}` belong to a second customer.
        let call: String
        let payload: String
        /// The expected `customerUserErrors`, exactly.
        let coded: String
        /// Seconds the sandbox clock moves forward before the call.
        var advance: TimeInterval = 0
        var testDescription: String { rule }
    }

    static let errors = "customerUserErrors{code,field,message},userErrors{field,message}"
    static let fortyOne = String(repeating: "p", count: 41)
    static let long = String(repeating: "n", count: 256)
    static let unknownToken = String(repeating: "0", count: 32)

    static let rows: [Row] = [
        Row(
            rule: "U1 blank email", call: #"customerCreate(input:{email:"",password:"secret1"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"BLANK","field":["input","email"],"message":"Email can't be blank"}]"#),
        Row(
            rule: "U1 whitespace email",
            call: #"customerCreate(input:{email:"   ",password:"secret1"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"BLANK","field":["input","email"],"message":"Email can't be blank"}]"#),
        Row(
            rule: "U2 invalid email",
            call: #"customerCreate(input:{email:"john@",password:"secret1"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"INVALID","field":["input","email"],"message":"Email is invalid"}]"#),
        Row(
            rule: "U5 long password",
            call: #"customerCreate(input:{email:"a@example.com",password:"\#(fortyOne)"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"TOO_LONG","field":["input","password"],"message":"Password is too long (maximum is 40 characters)"}]"#
        ),
        Row(
            rule: "U6 leading whitespace",
            call: #"customerCreate(input:{email:"a@example.com",password:" secret1"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"}]"#
        ),
        Row(
            rule: "U6 trailing whitespace",
            call: #"customerCreate(input:{email:"a@example.com",password:"secret1\t"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"}]"#
        ),
        Row(
            rule: "U8 phone taken",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",phone:"+16471234567"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"TAKEN","field":["input","phone"],"message":"Phone has already been taken"}]"#),
        Row(
            rule: "U1, U5, U6, U8 together, in table order",
            call:
                #"customerCreate(input:{email:"",password:" \#(fortyOne)",phone:"+16471234567"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"BLANK","field":["input","email"],"message":"Email can't be blank"},{"code":"TOO_LONG","field":["input","password"],"message":"Password is too long (maximum is 40 characters)"},{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"},{"code":"TAKEN","field":["input","phone"],"message":"Phone has already been taken"}]"#
        ),
        Row(
            rule: "U14 malformed email", call: #"customerRecover(email:"not-an-email"){ERRORS}"#,
            payload: "customerRecover",
            coded: #"[{"code":"INVALID","field":["email"],"message":"Email is invalid"}]"#),
        Row(
            rule: "U14 unknown email", call: #"customerRecover(email:"ghost@example.com"){ERRORS}"#,
            payload: "customerRecover",
            coded: #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["email"],"message":"Could not find customer"}]"#),
        Row(
            rule: "U17 short password",
            call: #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"1234"}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded:
                #"[{"code":"TOO_SHORT","field":["input","password"],"message":"Password is too short (minimum is 5 characters)"}]"#
        ),
        Row(
            rule: "U17 long password",
            call:
                #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"\#(fortyOne)"}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded:
                #"[{"code":"TOO_LONG","field":["input","password"],"message":"Password is too long (maximum is 40 characters)"}]"#
        ),
        Row(
            rule: "U17 whitespace password",
            call:
                #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"secret1 "}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded:
                #"[{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"}]"#
        ),
        Row(
            rule: "U7 too few digits",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",phone:"123-45"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"INVALID","field":["input","phone"],"message":"Phone is invalid"}]"#),
        Row(
            rule: "U7 empty phone",
            call: #"customerCreate(input:{email:"b@example.com",password:"secret1",phone:""}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"INVALID","field":["input","phone"],"message":"Phone is invalid"}]"#),
        Row(
            rule: "U7 letters",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",phone:"+1 647 CALL NOW"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"INVALID","field":["input","phone"],"message":"Phone is invalid"}]"#),
        Row(
            rule: "U7 sixteen digits",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",phone:"+1234567890123456"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"INVALID","field":["input","phone"],"message":"Phone is invalid"}]"#),
        Row(
            rule: "U9 first name with a URL",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",firstName:"https://spam.example"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"CONTAINS_URL","field":["input","firstName"],"message":"First name cannot contain a URL"}]"#),
        Row(
            rule: "U9 first name with an HTML tag",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",firstName:"<b>Bob</b>"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"CONTAINS_HTML_TAGS","field":["input","firstName"],"message":"First name cannot contain HTML tags"}]"#
        ),
        Row(
            rule: "U9 first name too long",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",firstName:"\#(long)"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"TOO_LONG","field":["input","firstName"],"message":"First name is too long (maximum is 255 characters)"}]"#
        ),
        Row(
            rule: "U9 last name with a URL",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",lastName:"visit http://spam.example"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"CONTAINS_URL","field":["input","lastName"],"message":"Last name cannot contain a URL"}]"#
        ),
        Row(
            rule: "U9 last name with an HTML tag",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",lastName:"Smith<script>"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"CONTAINS_HTML_TAGS","field":["input","lastName"],"message":"Last name cannot contain HTML tags"}]"#
        ),
        Row(
            rule: "U9 last name too long",
            call:
                #"customerCreate(input:{email:"b@example.com",password:"secret1",lastName:"\#(long)"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded:
                #"[{"code":"TOO_LONG","field":["input","lastName"],"message":"Last name is too long (maximum is 255 characters)"}]"#
        ),
        Row(
            rule: "U13 empty email",
            call: #"customerUpdate(customerAccessToken:"{TOKEN}",customer:{email:""}){customer{id},ERRORS}"#,
            payload: "customerUpdate",
            coded: #"[{"code":"BLANK","field":["customer","email"],"message":"Email can't be blank"}]"#),
        Row(
            rule: "U13 HTML in the last name",
            call: #"customerUpdate(customerAccessToken:"{TOKEN}",customer:{lastName:"<i>x</i>"}){customer{id},ERRORS}"#,
            payload: "customerUpdate",
            coded:
                #"[{"code":"CONTAINS_HTML_TAGS","field":["customer","lastName"],"message":"Last name cannot contain HTML tags"}]"#
        ),
        Row(
            rule: "U16 reset token older than 24 h",
            call:
                #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"fresh-secret"}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded:
                #"[{"code":"TOKEN_INVALID","field":["input","resetToken"],"message":"Reset token is invalid or has expired"}]"#,
            advance: 86_400 + 60),
        Row(
            rule: "U16 reset token of another customer",
            call:
                #"customerReset(id:"CUSTOMER",input:{resetToken:"{OTHER_RESET}",password:"fresh-secret"}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded:
                #"[{"code":"TOKEN_INVALID","field":["input","resetToken"],"message":"Reset token is invalid or has expired"}]"#
        ),
        Row(
            rule: "U19 unknown country code",
            call:
                #"customerAddressCreate(customerAccessToken:"{TOKEN}",address:{city:"X",country:"ZZ"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressCreate",
            coded: #"[{"code":"INVALID","field":["address","country"],"message":"Country is not supported"}]"#),
        Row(
            rule: "U20 US zip and state",
            call:
                #"customerAddressCreate(customerAccessToken:"{TOKEN}",address:{city:"New York",country:"US",zip:"1000",province:"Ontario"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressCreate",
            coded:
                #"[{"code":"INVALID","field":["address","zip"],"message":"Zip is not valid for United States"},{"code":"INVALID","field":["address","province"],"message":"Province is not valid for United States"}]"#
        ),
        Row(
            rule: "U20 GB postcode",
            call:
                #"customerAddressCreate(customerAccessToken:"{TOKEN}",address:{city:"London",country:"GB",zip:"12345"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressCreate",
            coded: #"[{"code":"INVALID","field":["address","zip"],"message":"Zip is not valid for United Kingdom"}]"#),
        Row(
            rule: "U12 address create, unknown token",
            call:
                #"customerAddressCreate(customerAccessToken:"\#(unknownToken)",address:{city:"Toronto"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressCreate",
            coded:
                #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["customerAccessToken"],"message":"Customer access token is invalid"}]"#
        ),
        Row(
            rule: "U12 address update, unknown token",
            call:
                #"customerAddressUpdate(customerAccessToken:"\#(unknownToken)",id:"{OWN_ADDRESS}",address:{city:"Ottawa"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressUpdate",
            coded:
                #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["customerAccessToken"],"message":"Customer access token is invalid"}]"#
        ),
        Row(
            rule: "U12 address delete, unknown token",
            call:
                #"customerAddressDelete(id:"{OWN_ADDRESS}",customerAccessToken:"\#(unknownToken)"){deletedCustomerAddressId,ERRORS}"#,
            payload: "customerAddressDelete",
            coded:
                #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["customerAccessToken"],"message":"Customer access token is invalid"}]"#
        ),
        Row(
            rule: "U12 default address, unknown token",
            call:
                #"customerDefaultAddressUpdate(customerAccessToken:"\#(unknownToken)",addressId:"{OWN_ADDRESS}"){customer{id},ERRORS}"#,
            payload: "customerDefaultAddressUpdate",
            coded:
                #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["customerAccessToken"],"message":"Customer access token is invalid"}]"#
        ),
        Row(
            rule: "U12 address update, expired token",
            call:
                #"customerAddressUpdate(customerAccessToken:"{TOKEN}",id:"{OWN_ADDRESS}",address:{city:"Ottawa"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressUpdate",
            coded:
                #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["customerAccessToken"],"message":"Customer access token is invalid"}]"#,
            advance: 31 * 86_400),
        Row(
            rule: "U22 address update, another customer's address",
            call:
                #"customerAddressUpdate(customerAccessToken:"{TOKEN}",id:"{OTHER_ADDRESS}",address:{city:"Ottawa"}){customerAddress{id},ERRORS}"#,
            payload: "customerAddressUpdate",
            coded: #"[{"code":"NOT_FOUND","field":["id"],"message":"Address does not exist"}]"#),
        Row(
            rule: "U22 address delete, another customer's address",
            call:
                #"customerAddressDelete(id:"{OTHER_ADDRESS}",customerAccessToken:"{TOKEN}"){deletedCustomerAddressId,ERRORS}"#,
            payload: "customerAddressDelete",
            coded: #"[{"code":"NOT_FOUND","field":["id"],"message":"Address does not exist"}]"#),
    ]

    /// The coded entries without `code`: what `userErrors` must hold.
    static func mirrored(_ coded: String) throws -> String {
        let entries = try JSONValue.parse(coded).arrayValue ?? []
        return JSONValue.array(
            entries.map { entry in
                guard case .object(let object) = entry else { return entry }
                var copy = JSONObject()
                for (key, value) in object where key != "code" { copy[key] = value }
                return .object(copy)
            }
        ).serialized()
    }

    @Test(arguments: rows) func rule(_ row: Row) async throws {
        let client = try StorefrontClient()
        // One existing customer (email and phone to collide with), signed in, with an address and a live
        // reset token; a second customer with its own address and reset token.
        let john = try await Self.customer(client, "john.smith@example.com", phone: "+16471234567")
        let jane = try await Self.customer(client, "jane@example.com", phone: nil)
        if row.advance > 0 { try await client.context.clock.advance(by: row.advance) }

        let call = row.call.replacingOccurrences(of: "ERRORS", with: Self.errors)
            .replacingOccurrences(of: "{RESET}", with: john.reset)
            .replacingOccurrences(of: "{TOKEN}", with: john.token)
            .replacingOccurrences(of: "{OWN_ADDRESS}", with: john.address)
            .replacingOccurrences(of: "{OTHER_RESET}", with: jane.reset)
            .replacingOccurrences(of: "{OTHER_ADDRESS}", with: jane.address)
            .replacingOccurrences(of: "CUSTOMER", with: john.id)
        let payload = try await client.data("mutation {\(call)}")[row.payload]
        #expect(payload?["customerUserErrors"]?.serialized() == row.coded)
        #expect(payload?["userErrors"]?.serialized() == (try Self.mirrored(row.coded)))
        if row.call.contains("customer{id}") { #expect(payload?["customer"] == .null) }
        if row.call.contains("customerAddress{id}") { #expect(payload?["customerAddress"] == .null) }
        if row.call.contains("deletedCustomerAddressId") { #expect(payload?["deletedCustomerAddressId"] == .null) }
    }

    /// A signed-up, signed-in customer with one address and an unused reset token.
    static func customer(_ client: StorefrontClient, _ email: String, phone: String?)
        async throws -> (id: String, token: String, address: String, reset: String)
    {
        let phoneField = phone.map { ",phone:\"\($0)\"" } ?? ""
        let created = try await client.data(
            #"mutation {customerCreate(input:{email:"\#(email)",password:"secret1"\#(phoneField)}){customer{id},\#(errors)}}"#
        )
        let id = try #require(created["customerCreate"]?["customer"]?["id"]?.stringValue)
        let login = try await client.data(
            #"mutation {customerAccessTokenCreate(input:{email:"\#(email)",password:"secret1"}){customerAccessToken{accessToken}}}"#
        )
        let token = try #require(
            login["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let address = try await client.data(
            #"mutation {customerAddressCreate(customerAccessToken:"\#(token)",address:{address1:"80 Spadina Ave.",city:"Toronto",province:"ON",country:"CA",zip:"M5V 2J4"}){customerAddress{id},\#(errors)}}"#
        )
        let addressID = try #require(address["customerAddressCreate"]?["customerAddress"]?["id"]?.stringValue)
        _ = try await client.data(#"mutation {customerRecover(email:"\#(email)"){\#(errors)}}"#)
        let mails = try await client.control(.get, "/sandbox/storefront/shops/1/emails").json.arrayValue ?? []
        let reset = try #require(mails.first { $0["customerId"]?.stringValue == id }?["resetToken"]?.stringValue)
        return (id, token, addressID, reset)
    }

    @Test(arguments: ["1-123-456-7890", "+16471234567", "(647) 123.4567"])
    func validPhonesAreAccepted(_ phone: String) async throws {
        // U7's positive side: separators are removed before the 7–15 digit check.
        let client = try StorefrontClient()
        let created = try await client.data(
            #"mutation {customerCreate(input:{email:"b@example.com",password:"secret1",phone:"\#(phone)"}){customer{id},\#(Self.errors)}}"#
        )
        #expect(created["customerCreate"]?["customerUserErrors"]?.arrayValue?.isEmpty == true)
        #expect(created["customerCreate"]?["customer"]?["id"] != .null)
    }

    @Test func failedResetLeavesTheTokenUsable() async throws {
        // U17 must not burn the reset token: the same token with a valid password then succeeds.
        let client = try StorefrontClient()
        let created = try await client.data(
            #"mutation {customerCreate(input:{email:"john.smith@example.com",password:"secret1"}){customer{id},\#(Self.errors)}}"#
        )
        let customerID = try #require(created["customerCreate"]?["customer"]?["id"]?.stringValue)
        _ = try await client.data(#"mutation {customerRecover(email:"john.smith@example.com"){\#(Self.errors)}}"#)
        let resetToken = try #require(
            try await client.control(.get, "/sandbox/storefront/shops/1/emails").json[0]?["resetToken"]?.stringValue)
        let reset = { (password: String) in
            try await client.data(
                #"mutation {customerReset(id:"\#(customerID)",input:{resetToken:"\#(resetToken)",password:"\#(password)"}){customer{email},\#(Self.errors)}}"#
            )["customerReset"]
        }
        #expect(try await reset("1234")?["customerUserErrors"]?[0]?["code"] == "TOO_SHORT")
        let done = try await reset("fresh-secret")
        #expect(done?["customer"]?["email"] == "john.smith@example.com")
        #expect(done?["customerUserErrors"]?.arrayValue?.isEmpty == true)
    }
}
