import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J4 step 7: "forgot password" — `customerRecover` puts a mail in the shop's outbox, its reset
/// token sets a new password, and from then on only the new password signs in.
@Suite struct StorefrontPasswordResetJourneyTests {
    private static func recover(_ email: String) -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerRecover(email: email) { $0.customerUserErrors { $0.code().field().message() } }
        }
    }

    private static func reset(_ id: GraphQL.ID, token: String, password: String) -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerReset(id: id, input: .create(resetToken: token, password: password)) {
                    $0
                        .customer { $0.id().email() }
                        .customerAccessToken { $0.accessToken().expiresAt() }
                        .customerUserErrors { $0.code().field().message() }
                }
        }
    }

    @Test func recoverMailResetsThePassword() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            let customerID = try await StorefrontCustomers.signUp(client, "john.smith@example.com", "123456")
            let oldToken = try await StorefrontCustomers.signIn(client, "john.smith@example.com", "123456").accessToken

            // An unknown address gets an error and no mail.
            let unknown = try await client.mutate(Self.recover("nobody@example.com")).customerRecover
            #expect(StorefrontCustomers.codes(unknown?.customerUserErrors) == ["UNIDENTIFIED_CUSTOMER email"])
            let (emptyStatus, emptyOutbox) = try await harness.call(.get, "/sandbox/storefront/shops/1/emails")
            #expect(emptyStatus == 200)
            #expect(emptyOutbox.arrayValue?.isEmpty == true)

            let recovered = try await client.mutate(Self.recover("john.smith@example.com")).customerRecover
            #expect(recovered?.customerUserErrors.isEmpty == true)
            let outbox = try #require(
                try await harness.call(.get, "/sandbox/storefront/shops/1/emails").body.arrayValue)
            try #require(outbox.count == 1)
            let mail = outbox[0]
            #expect(mail["to"]?.stringValue == "john.smith@example.com")
            #expect(mail["subject"]?.stringValue == "Reset your password")
            #expect(mail["customerId"]?.stringValue == customerID.rawValue)
            let resetToken = try #require(mail["resetToken"]?.stringValue)
            #expect(resetToken.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil)
            #expect(mail["resetUrl"]?.stringValue?.hasSuffix("/account/reset/1/\(resetToken)") == true)

            // A short password is refused without using up the token.
            let tooShort = try await client.mutate(Self.reset(customerID, token: resetToken, password: "abc"))
                .customerReset
            #expect(tooShort?.customerAccessToken == nil)
            #expect(StorefrontCustomers.codes(tooShort?.customerUserErrors) == ["TOO_SHORT input.password"])

            let done = try #require(
                try await client.mutate(Self.reset(customerID, token: resetToken, password: "new-secret")).customerReset
            )
            #expect(done.customerUserErrors.isEmpty)
            #expect(done.customer?.id == customerID)
            let newToken = try #require(done.customerAccessToken?.accessToken)
            #expect(newToken != oldToken)
            #expect(
                try await client.query(StorefrontCustomers.profile(newToken)).customer?.email
                    == "john.smith@example.com")

            // The reset signed out every old session.
            #expect(try await client.query(StorefrontCustomers.profile(oldToken)).customer == nil)

            // Old password out, new password in.
            let oldLogin = try await client.mutate(StorefrontCustomers.login("john.smith@example.com", "123456"))
                .customerAccessTokenCreate
            #expect(oldLogin?.customerAccessToken == nil)
            #expect(StorefrontCustomers.codes(oldLogin?.customerUserErrors) == ["UNIDENTIFIED_CUSTOMER input"])
            let newLogin = try await StorefrontCustomers.signIn(client, "john.smith@example.com", "new-secret")
            #expect(
                try await client.query(StorefrontCustomers.profile(newLogin.accessToken)).customer?.id == customerID)

            // The mail's token works once.
            let reused = try await client.mutate(Self.reset(customerID, token: resetToken, password: "third-secret"))
                .customerReset
            #expect(reused?.customerAccessToken == nil)
            #expect(StorefrontCustomers.codes(reused?.customerUserErrors) == ["TOKEN_INVALID input.resetToken"])
            _ = try await StorefrontCustomers.signIn(client, "john.smith@example.com", "new-secret")
            try await harness.expectEveryRequestTagged(atLeast: 8)
        }
    }
}
