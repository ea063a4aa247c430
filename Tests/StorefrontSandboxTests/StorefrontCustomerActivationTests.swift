import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// `customerActivate`, `customerActivateByUrl`, `customerResetByUrl` (the emailed single-use token of §5.12,
/// §4.7 U15–U17) and `customerAccessTokenCreateWithMultipass` (a shop without Multipass).
@Suite struct StorefrontCustomerActivationTests {
    static let errors = "customerUserErrors{code,field,message}"

    /// A customer with password `123456` and a recovery email sent; returns its ID and the emailed token and link.
    static func customerWithEmailedToken(_ client: StorefrontClient) async throws -> (
        id: String, token: String, resetURL: String
    ) {
        let created = try await client.data(
            #"mutation {customerCreate(input:{email:"ann@example.com",password:"123456"}){customer{id}}}"#)
        let id = try #require(created["customerCreate"]?["customer"]?["id"]?.stringValue)
        _ = try await client.data(#"mutation {customerRecover(email:"ann@example.com"){customerUserErrors{code}}}"#)
        let mail = try #require(try await client.control(.get, "/sandbox/storefront/shops/1/emails").json[0])
        return (id, try #require(mail["resetToken"]?.stringValue), try #require(mail["resetUrl"]?.stringValue))
    }

    static func signIn(_ client: StorefrontClient, _ password: String) async throws -> Bool {
        let data = try await client.data(
            """
            mutation {customerAccessTokenCreate(input:{email:"ann@example.com",password:"\(password)"}){customerAccessToken{accessToken}}}
            """)
        return data["customerAccessTokenCreate"]?["customerAccessToken"] != .null
    }

    static func activate(_ client: StorefrontClient, id: String, token: String, password: String) async throws
        -> JSONValue
    {
        try await client.data(
            """
            mutation {customerActivate(id:"\(id)",input:{activationToken:"\(token)",password:"\(password)"}){customer{email} customerAccessToken{accessToken} \(errors) userErrors{field message}}}
            """)["customerActivate"] ?? .null
    }

    @Test func theEmailedTokenActivatesOnce() async throws {
        let client = try StorefrontClient()
        let (id, token, _) = try await Self.customerWithEmailedToken(client)
        let done = try await Self.activate(client, id: id, token: token, password: "fresh-pass")
        #expect(done["customerUserErrors"] == [])
        #expect(done["customer"]?["email"] == "ann@example.com")
        #expect(done["customerAccessToken"]?["accessToken"]?.stringValue?.count == 32)
        #expect(try await Self.signIn(client, "fresh-pass"))
        #expect(try await Self.signIn(client, "123456") == false)
        let again = try await Self.activate(client, id: id, token: token, password: "other-pass")
        #expect(
            again["customerUserErrors"] == [
                checkoutError(
                    "TOKEN_INVALID", ["input", "activationToken"], "Activation token is invalid or has expired")
            ])
        #expect(again["userErrors"]?[0]?["message"] == "Activation token is invalid or has expired")
        #expect(again["customerAccessToken"] == .null)
    }

    @Test(
        arguments: [
            (
                "unknown customer", "gid://shopify/Customer/99", false, "fresh-pass",
                [checkoutError("UNIDENTIFIED_CUSTOMER", ["id"], "Could not find customer")]
            ),
            (
                "wrong token", nil, false, "fresh-pass",
                [
                    checkoutError(
                        "TOKEN_INVALID", ["input", "activationToken"], "Activation token is invalid or has expired")
                ]
            ),
            (
                "short password", nil, true, "abc",
                [checkoutError("TOO_SHORT", ["input", "password"], "Password is too short (minimum is 5 characters)")]
            ),
            (
                "padded password", nil, true, " secret ",
                [
                    checkoutError(
                        "PASSWORD_STARTS_OR_ENDS_WITH_WHITESPACE", ["input", "password"],
                        "Password cannot start or end with whitespace")
                ]
            ),
        ] as [(String, String?, Bool, String, [JSONValue])])
    func activationRules(_ name: String, customer: String?, realToken: Bool, password: String, expected: [JSONValue])
        async throws
    {
        let client = try StorefrontClient()
        let emailed = try await Self.customerWithEmailedToken(client)
        let id = customer.map(GID.encode) ?? emailed.id
        let payload = try await Self.activate(
            client, id: id, token: realToken ? emailed.token : "0000", password: password)
        #expect(payload["customerUserErrors"] == .array(expected), "\(name)")
        #expect(payload["customer"] == .null, "\(name)")
        #expect(try await Self.signIn(client, "123456"), "\(name): the old password still works")
    }

    @Test func theEmailedLinkResetsAndAnActivationLinkOfTheSameTokenActivates() async throws {
        let client = try StorefrontClient()
        let (_, token, resetURL) = try await Self.customerWithEmailedToken(client)
        let bad = try await client.data(
            #"mutation {customerResetByUrl(resetUrl:"https://example.com/account/login",password:"fresh-pass"){\#(Self.errors)}}"#
        )
        #expect(
            bad["customerResetByUrl"]?["customerUserErrors"] == [
                checkoutError("INVALID", ["resetUrl"], "Reset URL is invalid")
            ])
        let reset = try await client.data(
            "mutation {customerResetByUrl(resetUrl:\"\(resetURL)\",password:\"fresh-pass\"){customerAccessToken{accessToken} \(Self.errors)}}"
        )
        #expect(reset["customerResetByUrl"]?["customerUserErrors"] == [])
        #expect(try await Self.signIn(client, "fresh-pass"))
        let reused = try await client.data(
            "mutation {customerResetByUrl(resetUrl:\"\(resetURL)\",password:\"third-pass\"){\(Self.errors)}}")
        #expect(
            reused["customerResetByUrl"]?["customerUserErrors"] == [
                checkoutError("TOKEN_INVALID", ["resetUrl"], "Reset token is invalid or has expired")
            ])

        _ = try await client.data(#"mutation {customerRecover(email:"ann@example.com"){customerUserErrors{code}}}"#)
        let second = try #require(
            try await client.control(.get, "/sandbox/storefront/shops/1/emails").json[0]?["resetToken"]?.stringValue)
        #expect(second != token)
        let link = client.context.publicURL(path: "/account/activate/1/\(second)")
        let activated = try await client.data(
            "mutation {customerActivateByUrl(activationUrl:\"\(link)\",password:\"fourth-pass\"){customer{email} \(Self.errors)}}"
        )
        #expect(activated["customerActivateByUrl"]?["customerUserErrors"] == [])
        #expect(try await Self.signIn(client, "fourth-pass"))
    }

    @Test func multipassIsRefusedAsByAShopWithoutIt() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            mutation {customerAccessTokenCreateWithMultipass(multipassToken:"abc"){customerAccessToken{accessToken} \(Self.errors)}}
            """)
        #expect(
            data["customerAccessTokenCreateWithMultipass"]?.serialized()
                == #"{"customerAccessToken":null,"customerUserErrors":[{"code":"INVALID_MULTIPASS_REQUEST","field":["multipassToken"],"message":"Multipass is not enabled for this shop"}]}"#
        )
    }

    @Test func localizationIsTheShopsCountryAndItsShippingCountries() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            "{localization{country{isoCode name unitSystem currency{isoCode name symbol}} availableCountries{isoCode name unitSystem}}}"
        )
        #expect(
            data["localization"]?["country"]?.serialized()
                == #"{"isoCode":"CA","name":"Canada","unitSystem":"METRIC_SYSTEM","currency":{"isoCode":"CAD","name":"Canadian Dollar","symbol":"$"}}"#
        )
        #expect(
            data["localization"]?["availableCountries"]?.serialized()
                == #"[{"isoCode":"CA","name":"Canada","unitSystem":"METRIC_SYSTEM"},{"isoCode":"US","name":"United States","unitSystem":"IMPERIAL_SYSTEM"},{"isoCode":"GB","name":"United Kingdom","unitSystem":"METRIC_SYSTEM"}]"#
        )
    }
}
