import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J4 (main steps): customer create, login, addresses, update with `Input<T>`, renew and delete.
@Suite struct StorefrontCustomerJourneyTests {
    @available(*, deprecated, message: "uses the seed's deprecated CustomerCreateInput form on purpose")
    @Test func customerAccountLifecycle() async throws {
        try await SandboxHarness.with { harness in
            let client = harness.storefrontClient()
            let input = Storefront.CustomerCreateInput.create(email: .value("john.smith@example.com"), password: .value("123456"),
                                                              firstName: .value("John"), lastName: .value("Smith"), acceptsMarketing: .value(true))
            let created = try await client.mutate(Storefront.buildMutation { $0
                .customerCreate(input: input) { $0
                    .customer { $0.id().email().firstName().lastName() }
                    .customerUserErrors { $0.code().field().message() }
                }
            })
            #expect(created.customerCreate?.customer?.firstName == "John")
            #expect(created.customerCreate?.customerUserErrors.isEmpty == true)

            let login = try await client.mutate(Storefront.buildMutation { $0
                .customerAccessTokenCreate(input: .create(email: "john.smith@example.com", password: "123456")) { $0
                    .customerAccessToken { $0.accessToken().expiresAt() }
                    .customerUserErrors { $0.code() }
                }
            })
            let token = try #require(login.customerAccessTokenCreate?.customerAccessToken)
            #expect(token.accessToken.count == 32)
            #expect(abs(token.expiresAt.timeIntervalSinceNow - 30 * 86_400) < 120)

            let wrong = try await client.mutate(Storefront.buildMutation { $0
                .customerAccessTokenCreate(input: .create(email: "john.smith@example.com", password: "nope!!")) { $0
                    .customerAccessToken { $0.accessToken() }
                    .customerUserErrors { $0.code() }
                }
            })
            #expect(wrong.customerAccessTokenCreate?.customerAccessToken == nil)
            #expect(wrong.customerAccessTokenCreate?.customerUserErrors.isEmpty == false)

            let address = Storefront.MailingAddressInput.create(
                address1: .value("80 Spadina Ave."), address2: .value("Suite 400"), city: .value("Toronto"), country: .value("Canada"),
                firstName: .value("John"), lastName: .value("Smith"), phone: .value("1-123-456-7890"), province: .value("ON"), zip: .value("M5V 2J4"))
            let addressResult = try await client.mutate(Storefront.buildMutation { $0
                .customerAddressCreate(customerAccessToken: token.accessToken, address: address) { $0
                    .customerAddress { $0.id().address1().address2() }
                    .customerUserErrors { $0.code() }
                }
            })
            let addressID = try #require(addressResult.customerAddressCreate?.customerAddress?.id)

            let customer = try await client.query(Storefront.buildQuery { $0
                .customer(customerAccessToken: token.accessToken) { $0
                    .id().firstName().email()
                    .addresses(first: 10) { $0.edges { $0.node { $0.id().province() } } }
                    .defaultAddress { $0.id() }
                }
            })
            #expect(customer.customer?.email == "john.smith@example.com")
            #expect(customer.customer?.addresses.edges.map(\.node.province) == ["ON"])
            #expect(customer.customer?.defaultAddress?.id == addressID)

            for phone in ["+16471234567", nil] as [String?] {
                let mutation = Storefront.buildMutation { $0
                    .customerUpdate(customerAccessToken: token.accessToken, customer: Storefront.CustomerUpdateInput(phone: .value(phone))) { $0
                        .customer { $0.phone() }
                        .customerUserErrors { $0.code() }
                    }
                }
                if phone == nil { #expect(mutation.description.contains("customer:{phone:null}")) }
                let updated = try await client.mutate(mutation)
                #expect(updated.customerUpdate?.customer?.phone == phone)
            }

            let deleted = try await client.mutate(Storefront.buildMutation { $0
                .customerAccessTokenDelete(customerAccessToken: token.accessToken) { $0
                    .deletedAccessToken()
                    .userErrors { $0.field().message() }
                }
            })
            #expect(deleted.customerAccessTokenDelete?.deletedAccessToken == token.accessToken)
            let gone = try await client.query(Storefront.buildQuery { $0
                .customer(customerAccessToken: token.accessToken) { $0.id() }
            })
            #expect(gone.customer == nil)
        }
    }
}
