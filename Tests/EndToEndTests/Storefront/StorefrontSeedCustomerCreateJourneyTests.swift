import Buy
import CommerceCore
import Foundation
import Testing

/// Seed note S8 against the sandbox: the seed's `CustomerCreateInput.create(email: .undefined, …)` sends
/// `email:""`, which the sandbox answers with a `BLANK` user error (U1) instead of the request failing.
@Suite struct StorefrontSeedCustomerCreateJourneyTests {
    @available(*, deprecated, message: "uses the seed's deprecated CustomerCreateInput form on purpose")
    @Test func undefinedEmailIsAnsweredWithBlank() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()

            let noEmail = StorefrontCustomers.create(.create(email: .undefined, password: .value("secret1")))
            #expect(noEmail.description.contains(#"customerCreate(input:{email:"",password:"secret1"})"#))
            let blank = try #require(try await client.mutate(noEmail).customerCreate)
            #expect(blank.customer == nil)
            #expect(StorefrontCustomers.codes(blank.customerUserErrors) == ["BLANK input.email"])
            #expect(blank.customerUserErrors.map(\.message) == ["Email can't be blank"])

            // `.value(nil)` is sent the same way; the empty password is then too short (U4).
            let nulls = StorefrontCustomers.create(.create(email: .value(nil), password: .value(nil)))
            #expect(nulls.description.contains(#"customerCreate(input:{email:"",password:""})"#))
            let both = try #require(try await client.mutate(nulls).customerCreate)
            #expect(both.customer == nil)
            #expect(
                StorefrontCustomers.codes(both.customerUserErrors) == ["BLANK input.email", "TOO_SHORT input.password"])

            // Nothing was created: the address can still be used for a real sign-up.
            _ = try await StorefrontCustomers.signUp(client, "seed.s8@example.com", "secret1")
            try await harness.expectEveryRequestTagged(atLeast: 3)
        }
    }
}
