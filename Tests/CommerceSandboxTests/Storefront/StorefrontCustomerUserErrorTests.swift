import CommerceCore
import Foundation
import Testing
@testable import CommerceSandbox

/// Spec §4.7: exact `customerUserErrors` entries and their mirror in the deprecated `userErrors`
/// (same entries without `code`, same order), one row per rule.
@Suite struct StorefrontCustomerUserErrorTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let rule: String
        /// The mutation's field with its arguments; `{RESET}` stands for a valid reset token of the seeded customer.
        let call: String
        let payload: String
        /// The expected `customerUserErrors`, exactly.
        let coded: String
        var testDescription: String { rule }
    }

    static let errors = "customerUserErrors{code,field,message},userErrors{field,message}"
    static let fortyOne = String(repeating: "p", count: 41)

    static let rows: [Row] = [
        Row(rule: "U1 blank email", call: #"customerCreate(input:{email:"",password:"secret1"}){customer{id},ERRORS}"#, payload: "customerCreate",
            coded: #"[{"code":"BLANK","field":["input","email"],"message":"Email can't be blank"}]"#),
        Row(rule: "U1 whitespace email", call: #"customerCreate(input:{email:"   ",password:"secret1"}){customer{id},ERRORS}"#, payload: "customerCreate",
            coded: #"[{"code":"BLANK","field":["input","email"],"message":"Email can't be blank"}]"#),
        Row(rule: "U2 invalid email", call: #"customerCreate(input:{email:"john@",password:"secret1"}){customer{id},ERRORS}"#, payload: "customerCreate",
            coded: #"[{"code":"INVALID","field":["input","email"],"message":"Email is invalid"}]"#),
        Row(rule: "U5 long password", call: #"customerCreate(input:{email:"a@example.com",password:"\#(fortyOne)"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"TOO_LONG","field":["input","password"],"message":"Password is too long (maximum is 40 characters)"}]"#),
        Row(rule: "U6 leading whitespace", call: #"customerCreate(input:{email:"a@example.com",password:" secret1"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"}]"#),
        Row(rule: "U6 trailing whitespace", call: #"customerCreate(input:{email:"a@example.com",password:"secret1\t"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"}]"#),
        Row(rule: "U8 phone taken", call: #"customerCreate(input:{email:"b@example.com",password:"secret1",phone:"+16471234567"}){customer{id},ERRORS}"#,
            payload: "customerCreate",
            coded: #"[{"code":"TAKEN","field":["input","phone"],"message":"Phone has already been taken"}]"#),
        Row(rule: "U1, U5, U6, U8 together, in table order",
            call: #"customerCreate(input:{email:"",password:" \#(fortyOne)",phone:"+16471234567"}){customer{id},ERRORS}"#, payload: "customerCreate",
            coded: #"[{"code":"BLANK","field":["input","email"],"message":"Email can't be blank"},{"code":"TOO_LONG","field":["input","password"],"message":"Password is too long (maximum is 40 characters)"},{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"},{"code":"TAKEN","field":["input","phone"],"message":"Phone has already been taken"}]"#),
        Row(rule: "U14 malformed email", call: #"customerRecover(email:"not-an-email"){ERRORS}"#, payload: "customerRecover",
            coded: #"[{"code":"INVALID","field":["email"],"message":"Email is invalid"}]"#),
        Row(rule: "U14 unknown email", call: #"customerRecover(email:"ghost@example.com"){ERRORS}"#, payload: "customerRecover",
            coded: #"[{"code":"UNIDENTIFIED_CUSTOMER","field":["email"],"message":"Could not find customer"}]"#),
        Row(rule: "U17 short password", call: #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"1234"}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded: #"[{"code":"TOO_SHORT","field":["input","password"],"message":"Password is too short (minimum is 5 characters)"}]"#),
        Row(rule: "U17 long password", call: #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"\#(fortyOne)"}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded: #"[{"code":"TOO_LONG","field":["input","password"],"message":"Password is too long (maximum is 40 characters)"}]"#),
        Row(rule: "U17 whitespace password", call: #"customerReset(id:"CUSTOMER",input:{resetToken:"{RESET}",password:"secret1 "}){customer{id},ERRORS}"#,
            payload: "customerReset",
            coded: #"[{"code":"PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE","field":["input","password"],"message":"Password cannot start or end with whitespace"}]"#),
    ]

    /// The coded entries without `code`: what `userErrors` must hold.
    static func mirrored(_ coded: String) throws -> String {
        let entries = try JSONValue.parse(coded).arrayValue ?? []
        return JSONValue.array(entries.map { entry in
            guard case .object(let object) = entry else { return entry }
            var copy = JSONObject()
            for (key, value) in object where key != "code" { copy[key] = value }
            return .object(copy)
        }).serialized()
    }

    @Test(arguments: rows) func rule(_ row: Row) async throws {
        let client = try StorefrontClient()
        // One existing customer (email and phone to collide with) and a live reset token for U17.
        let created = try await client.data(#"mutation {customerCreate(input:{email:"john.smith@example.com",password:"secret1",phone:"+16471234567"}){customer{id},\#(Self.errors)}}"#)
        let customerID = try #require(created["customerCreate"]?["customer"]?["id"]?.stringValue)
        _ = try await client.data(#"mutation {customerRecover(email:"john.smith@example.com"){\#(Self.errors)}}"#)
        let resetToken = try #require(try await client.control(.get, "/sandbox/storefront/shops/1/emails").json[0]?["resetToken"]?.stringValue)

        let call = row.call.replacingOccurrences(of: "ERRORS", with: Self.errors)
            .replacingOccurrences(of: "{RESET}", with: resetToken)
            .replacingOccurrences(of: "CUSTOMER", with: customerID)
        let payload = try await client.data("mutation {\(call)}")[row.payload]
        #expect(payload?["customerUserErrors"]?.serialized() == row.coded)
        #expect(payload?["userErrors"]?.serialized() == (try Self.mirrored(row.coded)))
        if row.payload != "customerRecover" { #expect(payload?["customer"] == .null) }
    }

    @Test func failedResetLeavesTheTokenUsable() async throws {
        // U17 must not burn the reset token: the same token with a valid password then succeeds.
        let client = try StorefrontClient()
        let created = try await client.data(#"mutation {customerCreate(input:{email:"john.smith@example.com",password:"secret1"}){customer{id},\#(Self.errors)}}"#)
        let customerID = try #require(created["customerCreate"]?["customer"]?["id"]?.stringValue)
        _ = try await client.data(#"mutation {customerRecover(email:"john.smith@example.com"){\#(Self.errors)}}"#)
        let resetToken = try #require(try await client.control(.get, "/sandbox/storefront/shops/1/emails").json[0]?["resetToken"]?.stringValue)
        let reset = { (password: String) in
            try await client.data(#"mutation {customerReset(id:"\#(customerID)",input:{resetToken:"\#(resetToken)",password:"\#(password)"}){customer{email},\#(Self.errors)}}"#)["customerReset"]
        }
        #expect(try await reset("1234")?["customerUserErrors"]?[0]?["code"] == "TOO_SHORT")
        let done = try await reset("fresh-secret")
        #expect(done?["customer"]?["email"] == "john.smith@example.com")
        #expect(done?["customerUserErrors"]?.arrayValue?.isEmpty == true)
    }
}
