import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J4 steps 4 and 9 (addresses): an account's address book through `Graph.Client` — create,
/// default address, update with `null`, choosing another default, delete.
@Suite struct StorefrontCustomerAddressJourneyTests {
    private static func addressBook(_ token: String) -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .customer(customerAccessToken: token) {
                    $0
                        .addresses(first: 10) {
                            $0.edges {
                                $0.node {
                                    $0
                                        .id().address1().address2().city().province().provinceCode().country()
                                        .countryCodeV2().zip().formattedArea()
                                }
                            }
                        }
                        .defaultAddress { $0.id() }
                }
        }
    }

    private static func createAddress(_ token: String, _ address: Storefront.MailingAddressInput)
        -> Storefront.MutationQuery
    {
        Storefront.buildMutation {
            $0
                .customerAddressCreate(customerAccessToken: token, address: address) {
                    $0
                        .customerAddress { $0.id() }
                        .customerUserErrors { $0.code().field().message() }
                }
        }
    }

    private static func deleteAddress(_ token: String, _ id: GraphQL.ID) -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerAddressDelete(id: id, customerAccessToken: token) {
                    $0
                        .deletedCustomerAddressId()
                        .customerUserErrors { $0.code().field().message() }
                }
        }
    }

    @Test func addressBookLifecycle() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()
            _ = try await StorefrontCustomers.signUp(client, "john.smith@example.com", "123456")
            let token = try await StorefrontCustomers.signIn(client, "john.smith@example.com", "123456").accessToken

            // The seed's address; the first address becomes the default.
            let toronto = Storefront.MailingAddressInput.create(
                address1: .value("80 Spadina Ave."), address2: .value("Suite 400"), city: .value("Toronto"),
                country: .value("Canada"),
                firstName: .value("John"), lastName: .value("Smith"), phone: .value("1-123-456-7890"),
                province: .value("ON"), zip: .value("M5V 2J4"))
            let created = try await client.mutate(Self.createAddress(token, toronto)).customerAddressCreate
            #expect(created?.customerUserErrors.isEmpty == true)
            let torontoID = try #require(created?.customerAddress?.id)
            let book = try #require(try await client.query(Self.addressBook(token)).customer)
            let first = try #require(book.addresses.edges.first?.node)
            #expect(book.addresses.edges.count == 1)
            #expect(first.id == torontoID)
            #expect(first.province == "ON" && first.provinceCode == "ON")
            #expect(first.country == "Canada" && first.countryCodeV2 == .ca)
            #expect(first.formattedArea == "Toronto ON, Canada")
            #expect(book.defaultAddress?.id == torontoID)

            // `address2: null` clears that line and leaves the rest.
            let updated = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .customerAddressUpdate(
                            customerAccessToken: token, id: torontoID, address: .create(address2: .value(nil))
                        ) {
                            $0
                                .customerAddress { $0.id().address1().address2().zip() }
                                .customerUserErrors { $0.code().field().message() }
                        }
                }
            ).customerAddressUpdate
            #expect(updated?.customerUserErrors.isEmpty == true)
            #expect(updated?.customerAddress?.address2 == nil)
            #expect(updated?.customerAddress?.address1 == "80 Spadina Ave.")
            #expect(updated?.customerAddress?.zip == "M5V 2J4")

            // A bad zip is refused and names the field.
            let badZip = try await client.mutate(
                Self.createAddress(token, .create(city: .value("Toronto"), country: .value("CA"), zip: .value("12345")))
            )
            #expect(badZip.customerAddressCreate?.customerAddress == nil)
            #expect(
                StorefrontCustomers.codes(badZip.customerAddressCreate?.customerUserErrors) == ["INVALID address.zip"])

            // A second address does not take over the default until the customer says so.
            let newYork = Storefront.MailingAddressInput.create(
                address1: .value("1 Main St"), city: .value("New York"), country: .value("US"),
                province: .value("NY"), zip: .value("10001"))
            let newYorkID = try #require(
                try await client.mutate(Self.createAddress(token, newYork)).customerAddressCreate?.customerAddress?.id)
            #expect(try await client.query(Self.addressBook(token)).customer?.defaultAddress?.id == torontoID)
            let chosen = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .customerDefaultAddressUpdate(customerAccessToken: token, addressId: newYorkID) {
                            $0
                                .customer { $0.defaultAddress { $0.id() } }
                                .customerUserErrors { $0.code().field().message() }
                        }
                })
            #expect(chosen.customerDefaultAddressUpdate?.customer?.defaultAddress?.id == newYorkID)

            // Deleting the default hands it to the oldest remaining address.
            let deletedDefault = try await client.mutate(Self.deleteAddress(token, newYorkID)).customerAddressDelete
            #expect(deletedDefault?.deletedCustomerAddressId == newYorkID.rawValue)
            #expect(try await client.query(Self.addressBook(token)).customer?.defaultAddress?.id == torontoID)

            // Step 9: the last address goes; the book is empty and a second delete is refused.
            let deleted = try await client.mutate(Self.deleteAddress(token, torontoID)).customerAddressDelete
            #expect(deleted?.deletedCustomerAddressId == torontoID.rawValue)
            let emptyBook = try #require(try await client.query(Self.addressBook(token)).customer)
            #expect(emptyBook.addresses.edges.isEmpty)
            #expect(emptyBook.defaultAddress == nil)
            let again = try await client.mutate(Self.deleteAddress(token, torontoID)).customerAddressDelete
            #expect(again?.deletedCustomerAddressId == nil)
            #expect(StorefrontCustomers.codes(again?.customerUserErrors) == ["NOT_FOUND id"])

            // Without a valid customer token nothing can be changed.
            let stranger = try await client.mutate(Self.createAddress("0123456789abcdef0123456789abcdef", toronto))
                .customerAddressCreate
            #expect(stranger?.customerAddress == nil)
            #expect(
                StorefrontCustomers.codes(stranger?.customerUserErrors) == ["UNIDENTIFIED_CUSTOMER customerAccessToken"]
            )
            try await harness.expectEveryRequestTagged(atLeast: 10)
        }
    }
}
