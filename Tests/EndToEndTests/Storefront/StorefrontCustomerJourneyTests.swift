import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J4: sign-up, sign-in, profile updates with `Input<T>` semantics, token renew and sign-out,
/// all through `Graph.Client`. Addresses and the password reset have their own files.
@Suite struct StorefrontCustomerJourneyTests {
    @available(*, deprecated, message: "uses the seed's deprecated CustomerCreateInput form on purpose")
    @Test func customerAccountLifecycle() async throws {
        try await SandboxHarness.with { harness async throws in
            let client = harness.storefrontClient()

            // Step 1: the seed's call shape, then the two classic sign-up mistakes.
            let input = Storefront.CustomerCreateInput.create(
                email: .value("john.smith@example.com"), password: .value("123456"),
                firstName: .value("John"), lastName: .value("Smith"), acceptsMarketing: .value(true))
            let created = try #require(try await client.mutate(StorefrontCustomers.create(input)).customerCreate)
            #expect(created.customerUserErrors.isEmpty)
            let customer = try #require(created.customer)
            #expect(customer.email == "john.smith@example.com")
            #expect(customer.firstName == "John" && customer.lastName == "Smith")
            #expect(customer.displayName == "John Smith")
            #expect(customer.acceptsMarketing)

            let taken = try await client.mutate(
                StorefrontCustomers.create(.create(email: "JOHN.smith@example.com", password: "abcdef")))
            #expect(taken.customerCreate?.customer == nil)
            #expect(StorefrontCustomers.codes(taken.customerCreate?.customerUserErrors) == ["TAKEN input.email"])
            let short = try await client.mutate(
                StorefrontCustomers.create(.create(email: "jane@example.com", password: "1234")))
            #expect(short.customerCreate?.customer == nil)
            #expect(StorefrontCustomers.codes(short.customerCreate?.customerUserErrors) == ["TOO_SHORT input.password"])

            // Step 2: a wrong password is refused; the right one gives a 30-day token.
            let wrong = try #require(
                try await client.mutate(StorefrontCustomers.login("john.smith@example.com", "nope!!"))
                    .customerAccessTokenCreate)
            #expect(wrong.customerAccessToken == nil)
            #expect(StorefrontCustomers.codes(wrong.customerUserErrors) == ["UNIDENTIFIED_CUSTOMER input"])
            let token = try await StorefrontCustomers.signIn(client, "john.smith@example.com", "123456")
            #expect(token.accessToken.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil)
            #expect(abs(token.expiresAt.timeIntervalSinceNow - 30 * 86_400) < 60)

            // Step 3: the token reads the account.
            let read = try #require(try await client.query(StorefrontCustomers.profile(token.accessToken)).customer)
            #expect(read.id == customer.id)
            #expect(read.firstName == "John" && read.lastName == "Smith" && read.email == "john.smith@example.com")

            // Step 5: a value sets, null clears, an empty phone is invalid, absent fields stay.
            let setPhone = try await client.mutate(
                StorefrontCustomers.update(token.accessToken, .create(phone: .value("+16471234567"))))
            #expect(setPhone.customerUpdate?.customer?.phone == "+16471234567")
            #expect(setPhone.customerUpdate?.customer?.firstName == "John")

            let empty = try await client.mutate(
                StorefrontCustomers.update(token.accessToken, .create(phone: .value(""))))
            #expect(empty.customerUpdate?.customer == nil)
            #expect(StorefrontCustomers.codes(empty.customerUpdate?.customerUserErrors) == ["INVALID customer.phone"])

            let clear = StorefrontCustomers.update(
                token.accessToken, .create(firstName: .value(nil), phone: .value(nil), acceptsMarketing: .value(nil)))
            #expect(clear.description.contains("customer:{firstName:null,phone:null,acceptsMarketing:null}"))
            let cleared = try #require(try await client.mutate(clear).customerUpdate?.customer)
            #expect(cleared.phone == nil)
            #expect(cleared.firstName == nil)
            #expect(cleared.acceptsMarketing == false)
            #expect(cleared.lastName == "Smith")
            #expect(cleared.displayName == "Smith")

            let noEmail = try await client.mutate(
                StorefrontCustomers.update(token.accessToken, .create(email: .value(nil))))
            #expect(StorefrontCustomers.codes(noEmail.customerUpdate?.customerUserErrors) == ["BLANK customer.email"])
            let afterUpdates = try await client.query(StorefrontCustomers.profile(token.accessToken)).customer
            #expect(afterUpdates?.email == "john.smith@example.com")
            #expect(afterUpdates?.phone == nil)

            // Step 6: renewing keeps the token and moves its expiry to now + the shop's lifetime.
            try await harness.simulate(["customerAccessTokenTTLSeconds": .integer(60 * 86_400)])
            let renewed = try #require(
                try await client.mutate(
                    Storefront.buildMutation {
                        $0
                            .customerAccessTokenRenew(customerAccessToken: token.accessToken) {
                                $0
                                    .customerAccessToken { $0.accessToken().expiresAt() }
                                    .userErrors { $0.field().message() }
                            }
                    }
                ).customerAccessTokenRenew)
            #expect(renewed.userErrors.isEmpty)
            #expect(renewed.customerAccessToken?.accessToken == token.accessToken)
            let renewedExpiry = try #require(renewed.customerAccessToken?.expiresAt)
            #expect(renewedExpiry > token.expiresAt)
            #expect(abs(renewedExpiry.timeIntervalSinceNow - 60 * 86_400) < 60)

            // Step 8: before any purchase the account has no orders, with or without a search.
            let ordersQuery = Storefront.buildQuery {
                $0
                    .customer(customerAccessToken: token.accessToken) {
                        $0
                            .orders(aliasSuffix: "all", first: 10) {
                                $0.edges {
                                    $0.node {
                                        $0
                                            .id().name().orderNumber().totalPrice().processedAt().email().statusUrl()
                                            .customerUrl()
                                            .financialStatus().fulfillmentStatus().currencyCode()
                                            .lineItems(first: 10) {
                                                $0.edges { $0.node { $0.title().quantity().variant { $0.id() } } }
                                            }
                                    }
                                }
                            }
                            .orders(aliasSuffix: "recent", first: 10, query: "processed_at:>2000-01-01") {
                                $0.edges { $0.node { $0.orderNumber() } }
                            }
                            .orders(aliasSuffix: "future", first: 10, query: "processed_at:>2999-01-01") {
                                $0.edges { $0.node { $0.orderNumber() } }
                            }
                    }
            }
            let none = try #require(try await client.query(ordersQuery).customer)
            #expect(none.aliasedOrders(aliasSuffix: "all").edges.isEmpty)
            #expect(none.aliasedOrders(aliasSuffix: "recent").edges.isEmpty)

            // A purchase with the account's email (a cart completed through the web-checkout control route)
            // shows up under the customer, found by email, with the order's fields.
            let cart = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .cartCreate(
                            input: .create(
                                lines: .value([
                                    .create(merchandiseId: SandboxIDs.id("ProductVariant", 12), quantity: .value(2))
                                ]),
                                buyerIdentity: .value(.create(email: .value("john.smith@example.com"))))
                        ) {
                            $0
                                .cart { $0.checkoutUrl() }
                                .userErrors { $0.code().message() }
                        }
                })
            let cartToken = try #require(cart.cartCreate?.cart?.checkoutUrl.lastPathComponent)
            let completion = try await harness.call(.post, "/sandbox/storefront/carts/\(cartToken)/complete")
            #expect(completion.status == 202)
            let placed = try #require(try await client.query(ordersQuery).customer)
            let order = try #require(placed.aliasedOrders(aliasSuffix: "all").edges.first?.node)
            #expect(placed.aliasedOrders(aliasSuffix: "all").edges.count == 1)
            #expect(order.id.rawValue == completion.body["orderId"]?.stringValue)
            #expect(order.orderNumber == 1001)
            #expect(order.name == "#1001")
            #expect(order.totalPrice == 178)
            #expect(order.email == "john.smith@example.com")
            #expect(order.currencyCode == .cad)
            #expect(order.financialStatus == .paid)
            #expect(order.fulfillmentStatus == .unfulfilled)
            #expect(abs(order.processedAt.timeIntervalSinceNow) < 60)
            #expect(order.statusUrl.absoluteString.hasPrefix(harness.baseURL.absoluteString + "/1/orders/"))
            #expect(order.customerUrl != nil)
            let line = try #require(order.lineItems.edges.first?.node)
            #expect(line.title == "Road Runner")
            #expect(line.quantity == 2)
            #expect(line.variant?.id == SandboxIDs.id("ProductVariant", 12))
            #expect(placed.aliasedOrders(aliasSuffix: "recent").edges.map(\.node.orderNumber) == [1001])
            #expect(placed.aliasedOrders(aliasSuffix: "future").edges.isEmpty)

            // Step 9: signing out deletes the token; it then reads nothing and cannot be renewed.
            let deleted = try #require(
                try await client.mutate(
                    Storefront.buildMutation {
                        $0
                            .customerAccessTokenDelete(customerAccessToken: token.accessToken) {
                                $0
                                    .deletedAccessToken().deletedCustomerAccessTokenId()
                                    .userErrors { $0.field().message() }
                            }
                    }
                ).customerAccessTokenDelete)
            #expect(deleted.deletedAccessToken == token.accessToken)
            #expect(deleted.deletedCustomerAccessTokenId?.isEmpty == false)
            #expect(try await client.query(StorefrontCustomers.profile(token.accessToken)).customer == nil)
            let renewAgain = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .customerAccessTokenRenew(customerAccessToken: token.accessToken) {
                            $0
                                .customerAccessToken { $0.accessToken() }
                                .userErrors { $0.field().message() }
                        }
                })
            #expect(renewAgain.customerAccessTokenRenew?.customerAccessToken == nil)
            #expect(renewAgain.customerAccessTokenRenew?.userErrors.map(\.message) == ["Access token does not exist"])
            try await harness.expectEveryRequestTagged(atLeast: 12)
        }
    }
}
