import Buy
import Foundation
import Testing

/// Customer-account documents and helpers shared by the J4 tests.
enum StorefrontCustomers {
    static func create(_ input: Storefront.CustomerCreateInput) -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerCreate(input: input) {
                    $0
                        .customer { $0.id().email().firstName().lastName().displayName().acceptsMarketing() }
                        .customerUserErrors { $0.code().field().message() }
                }
        }
    }

    static func login(_ email: String, _ password: String) -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerAccessTokenCreate(input: .create(email: email, password: password)) {
                    $0
                        .customerAccessToken { $0.accessToken().expiresAt() }
                        .customerUserErrors { $0.code().field().message() }
                }
        }
    }

    static func update(_ token: String, _ input: Storefront.CustomerUpdateInput) -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerUpdate(customerAccessToken: token, customer: input) {
                    $0
                        .customer { $0.id().email().firstName().lastName().displayName().phone().acceptsMarketing() }
                        .customerUserErrors { $0.code().field().message() }
                }
        }
    }

    static func profile(_ token: String) -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .customer(customerAccessToken: token) { $0.id().email().firstName().lastName().phone() }
        }
    }

    /// Signs in and returns the token, failing the test if the sandbox refuses.
    static func signIn(_ client: Graph.Client, _ email: String, _ password: String) async throws
        -> Storefront.CustomerAccessToken
    {
        let payload = try await client.mutate(login(email, password)).customerAccessTokenCreate
        return try #require(payload?.customerAccessToken, "sign-in refused: \(codes(payload?.customerUserErrors))")
    }

    /// Signs up a customer and returns its ID.
    static func signUp(_ client: Graph.Client, _ email: String, _ password: String) async throws -> GraphQL.ID {
        let payload = try await client.mutate(create(.create(email: email, password: password))).customerCreate
        return try #require(payload?.customer?.id, "sign-up refused: \(codes(payload?.customerUserErrors))")
    }

    /// `CODE field.path` for each error: what a screen would show next to which input.
    static func codes(_ errors: [Storefront.CustomerUserError]?) -> [String] {
        (errors ?? []).map { "\($0.code?.rawValue ?? "nil") \(($0.field ?? []).joined(separator: "."))" }
    }
}
