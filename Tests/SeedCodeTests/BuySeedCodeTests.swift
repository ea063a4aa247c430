import Buy
import CommerceCore
import CommerceSandbox
import CommerceTestSupport
import Foundation
import Pay
import Testing

/// Runs the Mobile Buy SDK document's code (Samples/Buy*.swift, Samples/Pay*.swift) end to end against an
/// in-process sandbox on 127.0.0.1: the samples' plain classes call `Graph.Client`, `Card.Client` and `PaySession`
/// from their methods and completion closures, and each test checks what a buyer would see.
@Suite struct BuySeedCodeTests {
    private static let standard = "sandbox-standard-10.00"
    private static let express = "sandbox-express-25.00"

    /// A sandbox for one test and a client for its shop; the sandbox is stopped afterwards, also on failure.
    private static func withShop(
        isolation: isolated (any Actor)? = #isolation, _ body: (Graph.Client, Sandbox) async throws -> Void
    ) async throws {
        try await Sandbox.withRunning { sandbox in
            let client = Graph.Client(
                shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token",
                environment: .custom(baseURL: sandbox.baseURL), cacheDirectory: TestDirectories.path("SeedCodeBuy"))
            try await body(client, sandbox)
        }
    }

    /// The sandbox's global ID for a record.
    private static func gid(_ type: String, _ number: Int) -> GraphQL.ID {
        GraphQL.ID(rawValue: Data("gid://shopify/\(type)/\(number)".utf8).base64EncodedString())
    }

    /// Waits for a sample's completion closure.
    private static func result<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ start: (@escaping (T) -> Void) -> Void
    ) async -> T {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    }

    // MARK: Client, catalog and errors

    @available(*, deprecated, message: "runs the document's samples, which use deprecated Storefront fields")
    @Test func clientAndCatalogSamplesReadTheShop() async throws {
        try await Self.withShop { client, sandbox in
            let model = StoreFrontModel(client: client)
            #expect(await Self.result { model.loadShopName(completion: $0) } == "Sandbox Shoes")
            #expect(model.shopName == "Sandbox Shoes")

            // Caching: client-wide cache-first, then per-request policies.
            model.preferCachedAnswers()
            #expect(client.cachePolicy == .cacheFirst(expireIn: 3600))
            let cached = await Self.result { done in model.loadShopName(policy: .cacheOnly) { done(($0, $1 == nil)) } }
            #expect(cached == ("Sandbox Shoes", true))
            #expect(await Self.result { model.loadShopNamePreferringNetwork(completion: $0) } == "Sandbox Shoes")

            // A retry condition that asks for one more try.
            let tries = Locked(0)
            let retried = await Self.result { done in
                model.loadShopName(
                    retryingWhile: {
                        tries.withLock {
                            $0 += 1
                            return $0 < 2
                        }
                    }, completion: done)
            }
            #expect(retried == "Sandbox Shoes")
            #expect(tries.current == 2)

            // Errors: the HTTP status of a refused token, and the reasons of an invalid query.
            let refused = Graph.Client(
                shopDomain: "sandbox-shoes.myshopify.com", apiKey: "not-a-token",
                environment: .custom(baseURL: sandbox.baseURL), cacheDirectory: TestDirectories.path("SeedCodeBuy"))
            let status = await Self.result { done in
                StoreFrontModel(client: refused).loadShopNameReportingStatus { done($1) }
            }
            #expect(status == 401)
            let misspelled = Storefront.buildQuery { $0.shop { $0.addField(field: "nme") } }
            let reasons = await Self.result { done in model.run(misspelled) { done(($0 == nil, $1)) } }
            #expect(reasons.0)
            #expect(reasons.1 == ["Field 'nme' doesn't exist on type 'Shop'"])
            let root = await Self.result { done in model.run(shopNameOnlyQuery()) { root, _ in done(root) } }
            #expect(root.flatMap(untypedShopName(from:)) == "Sandbox Shoes")

            // The catalog: collections with products, a collection's pages, a product page, aliased nodes, search.
            let catalog = CatalogBrowser(client: client)
            #expect(await Self.result { catalog.fetchShopName(completion: $0) } == "Sandbox Shoes")
            let shelves = await Self.result { catalog.fetchCollectionsWithProducts(completion: $0) }
            #expect(shelves.map(\.collection) == ["Runners", "Blue Runners", "Boots"])
            #expect(shelves.first?.products.count == 10)
            #expect(shelves.first?.products.prefix(2) == ["Road Runner", "Trail Blazer"])

            let runners = Self.gid("Collection", 1)
            let first = await Self.result { done in
                catalog.fetchProducts(in: runners, after: nil) { done(($0, $1, $2)) }
            }
            #expect(first.0.count == 10)
            #expect(first.2)
            let second = await Self.result { done in
                catalog.fetchProducts(in: runners, after: first.1) { done(($0, $1, $2)) }
            }
            #expect(second.0 == ["Sandbox Sneaker 14", "Sandbox Sneaker 15"])
            #expect(!second.2)

            let page = try #require(
                await Self.result { catalog.fetchProductPage(productID: Self.gid("Product", 1), completion: $0) })
            #expect(page.title == "Road Runner")
            #expect(page.imageURLs.count == 2)
            #expect(page.variantTitles == ["8", "9", "10"])
            #expect(page.variantPrices == [89, 89, 89])

            let aliased = await Self.result { done in
                catalog.fetchCollectionAndProduct(collectionID: runners, productID: Self.gid("Product", 1)) {
                    done(($0, $1))
                }
            }
            #expect(aliased == ("Runners", "Road Runner"))

            #expect(
                await Self.result { catalog.searchCollections(CatalogSearch.runnersOnly, completion: $0) } == [
                    "Runners"
                ])
            #expect(
                !(await Self.result { catalog.searchCollections(CatalogSearch.allButRunners, completion: $0) })
                    .contains("Runners"))
            #expect(
                await Self.result { catalog.searchProducts(CatalogSearch.blueSneakers, completion: $0) } == [
                    "Road Runner"
                ])
            #expect(
                await Self.result { catalog.searchProducts(CatalogSearch.untagged, completion: $0) } == ["Summit Boot"])
            let fuzzy = await Self.result { done in model.run(collectionSearchQuery(matching: "boots")) { done($1) } }
            #expect(fuzzy.isEmpty)
        }
    }

    // MARK: Checkout with a vaulted card

    @available(*, deprecated, message: "runs the document's samples, which use deprecated Storefront fields")
    @Test func cardCheckoutSamplesPlaceAnOrder() async throws {
        try await Self.withShop { client, _ in
            let catalog = CatalogBrowser(client: client)
            let variant = try #require(
                await Self.result { catalog.fetchVariantIDs(productID: Self.gid("Product", 1), completion: $0) }.first)

            let flow = NativeCheckoutFlow(client: client, pollInterval: 0.05)
            let created = await Self.result { done in flow.createCheckout(lines: [(variant, 2)]) { done(($0, $1)) } }
            #expect(created.1.isEmpty)
            let id = try #require(created.0)
            #expect(flow.checkoutID == id)

            #expect(await Self.result { flow.updateEmail("ada@example.com", on: id, completion: $0) })
            let address = Storefront.MailingAddressInput.create(
                address1: .value("1 Harbour Sq."), city: .value("Toronto"), country: .value("Canada"),
                firstName: .value("Ada"), lastName: .value("Lovelace"), province: .value("ON"), zip: .value("M5J 2L1"))
            #expect(await Self.result { flow.updateShippingAddress(address, on: id, completion: $0) })

            let rates = try #require(await Self.result { flow.pollShippingRates(id, completion: $0) })
            #expect(rates.map(\.handle) == [Self.standard, Self.express])
            #expect(await Self.result { flow.selectShippingRate(rates[0], on: id, completion: $0) })

            let ready = await Self.result { done in flow.pollUntilReady(id) { done(($0, $1)) } }
            #expect(ready.1)
            let due = try #require(ready.0?.paymentDueV2)
            // Two pairs at 89.00, Standard shipping 10.00, Ontario tax 13 % of 178.00.
            #expect(due.amount == Decimal(string: "211.14"))

            #expect(await Self.result { flow.fetchWebCheckoutURL(id, completion: $0) } != nil)
            let settings = try #require(await Self.result { flow.fetchPaymentSettings(completion: $0) })
            let card = makeCardDetails(number: "4242424242424242", month: "12", year: "2030", code: "123")
            let token = try #require(
                await Self.result { flow.vault(card, settings: settings, cardClient: Card.Client(), completion: $0) })
            #expect(token.hasPrefix("sbx-"))

            let completed = await Self.result { done in
                flow.completeWithCard(
                    id, moneyInput: .create(amount: due.amount, currencyCode: due.currencyCode),
                    idempotencyKey: UUID().uuidString, billingAddress: address, vaultToken: token
                ) { done(($0, $1, $2)) }
            }
            #expect(completed.0)
            let order = await Self.result { done in flow.pollForOrder(id) { done(($0, $1)) } }
            #expect(order.0 == 1001)
            #expect(order.1 == due.amount)
        }
    }

    // MARK: Customer accounts

    @available(*, deprecated, message: "runs the document's samples, which use deprecated Storefront fields")
    @Test func customerSamplesManageAnAccount() async throws {
        try await Self.withShop { client, _ in
            let accounts = AccountService(client: client)
            let signUp = await Self.result { done in
                accounts.signUp(
                    email: "ada@example.com", password: "analytical", firstName: "Ada", lastName: "Lovelace"
                ) {
                    done(($0, $1))
                }
            }
            #expect(signUp.0 != nil)
            #expect(signUp.1.isEmpty)

            let login = await Self.result { done in
                accounts.logIn(email: "ada@example.com", password: "analytical") { done(($0, $1)) }
            }
            let token = try #require(login.0)
            #expect(login.1 != nil)

            let added = await Self.result { done in accounts.addAddress(token: token) { done(($0, $1)) } }
            #expect(added.0 != nil)
            #expect(added.1 == "1 Harbour Sq.")
            let profile = await Self.result { done in accounts.loadProfile(token: token) { done(($0, $1)) } }
            #expect(profile == ("Ada Lovelace", "ada@example.com"))
            #expect(await Self.result { accounts.loadAddresses(token: token, completion: $0) } == ["Toronto"])
            #expect(await Self.result { accounts.loadOrderHistory(token: token, completion: $0) } == [])

            let phones = phoneUpdateInputs(newPhone: "+16471234567")
            #expect(phones.set.phone == .value("+16471234567"))
            #expect(phones.clear.phone == .value(nil))
            let set = await Self.result { done in accounts.updatePhone("+16471234567", token: token) { done(($0, $1)) }
            }
            #expect(set == ("+16471234567", true))
            let cleared = await Self.result { done in accounts.updatePhone(nil, token: token) { done(($0, $1)) } }
            #expect(cleared == (nil, true))

            let renewed = await Self.result { done in accounts.renew(token: token) { done(($0, $1)) } }
            #expect(renewed.0 != nil)
            #expect(await Self.result { accounts.recoverPassword(email: "ada@example.com", completion: $0) } == [])

            let customerID = try #require(signUp.0)
            let reset = await Self.result { done in
                StoreFrontModel(client: client).resetPassword(
                    customerID: customerID, resetToken: "not-the-mailed-token", newPassword: "difference"
                ) { done(($0, $1)) }
            }
            #expect(reset.0 == nil)
        }
    }
}

// MARK: Apple Pay through the document's coordinator

extension BuySeedCodeTests {
    /// What the sheet got back for a shipping contact: status, offered methods, summary labels.
    @MainActor
    private static func pick(_ contact: PayContact, in session: PaySession) async -> (
        PaySheetStatus, [String], [String]
    ) {
        await withCheckedContinuation { continuation in
            session.sheetDidSelectShippingContact(contact) { status, methods, items in
                continuation.resume(returning: (status, methods.map(\.identifier), items.map(\.label)))
            }
        }
    }

    @MainActor
    @available(*, deprecated, message: "runs the document's PaySession(checkout:currency:merchantID:)")
    @Test func applePayCoordinatorCompletesTheCheckout() async throws {
        try await Self.withShop { client, _ in
            let catalog = CatalogBrowser(client: client)
            let variant = try #require(
                await Self.result { catalog.fetchVariantIDs(productID: Self.gid("Product", 1), completion: $0) }.first)
            let coordinator = ShopCheckoutCoordinator(client: client, pollInterval: 0.05)
            let prepared = await Self.result { done in
                coordinator.prepareApplePay(lines: [(variant, 1)]) { done(($0, $1)) }
            }
            let payCheckout = try #require(prepared.0)
            let payCurrency = try #require(prepared.1)
            #expect(payCurrency == PayCurrency(currencyCode: "CAD", countryCode: "CA"))
            #expect(payCheckout.needsShipping)
            #expect(payCheckout.paymentDue == 89)

            // The document's three lines: initialiser, delegate = self, authorize().
            coordinator.presentApplePay(checkout: payCheckout, currency: payCurrency)
            let session = try #require(coordinator.paySession)
            #expect(session.delegate === coordinator)
            // Called on the main actor, authorize() has presented the sheet before returning.
            #expect(session.state == .presenting)
            #expect(session.paymentRequest.summaryItems.last?.label == "TOTAL")

            // A partial contact: the coordinator sets the address, polls rates; the session selects the first rate.
            let partial = PayContact(
                postalAddress: .init(
                    city: "Toronto", state: "ON", postalCode: "M5V", country: "Canada", isoCountryCode: "CA"))
            let contactReply = await Self.pick(partial, in: session)
            #expect(contactReply.0 == .success)
            #expect(contactReply.1 == [Self.standard, Self.express])
            #expect(
                coordinator.seen.delegateCalls.map(\.name) == [
                    "didRequestShippingRates", "didSelectShippingRate \(Self.standard)",
                ])

            // The buyer picks Express.
            let methodReply = await withCheckedContinuation { continuation in
                session.sheetDidSelectShippingMethod(identifier: Self.express) { status, _ in
                    continuation.resume(returning: status)
                }
            }
            #expect(methodReply == .success)
            #expect(session.checkout.shippingRate?.handle == Self.express)

            // Authorisation: full address, email, tokenized payment keyed by the session's identifier, order polled.
            let ada = PayContact(
                firstName: "Ada", lastName: "Lovelace", email: "ada@example.com",
                postalAddress: .init(
                    street: "1 Harbour Sq.", city: "Toronto", state: "ON", postalCode: "M5J 2L1", country: "Canada",
                    isoCountryCode: "CA"))
            let payment = PayPayment.simulated(
                outcome: .approve, billingContact: ada, shippingContact: ada, shippingMethodIdentifier: Self.express)
            let paid = await withCheckedContinuation { continuation in
                session.sheetDidAuthorizePayment(payment) { status in continuation.resume(returning: status) }
            }
            #expect(paid == .success)
            #expect(session.state == .authorized(.success))
            let seen = coordinator.seen
            #expect(seen.orderNumber == 1001)
            let key = try #require(seen.idempotencyKeys.first)
            #expect(key.key == session.identifier)
            #if !canImport(Darwin)
            #expect(!key.onMainQueue)  // read inside a completion on the client's queue
            #endif

            // The sheet closes; the delegate hears it, and every delegate call came on the main thread.
            session.sheetDidFinish()
            #expect(session.state == .finished)
            let calls = coordinator.seen.delegateCalls
            #expect(
                calls.map(\.name).suffix(3) == [
                    "didSelectShippingRate \(Self.express)", "didAuthorizePayment", "paySessionDidFinish",
                ])
            #expect(calls.allSatisfy { $0.onMainQueue })
            #if canImport(Darwin)
            #expect(calls.allSatisfy { $0.onMainThread })
            #endif
        }
    }

    @MainActor
    @available(*, deprecated, message: "runs the document's PaySession(checkout:currency:merchantID:)")
    @Test func checkoutWithoutShippingKeepsItsCheckoutThroughTheDefault() async throws {
        try await Self.withShop { client, _ in
            // The gift card ships nothing, so an address change goes to didUpdateShippingAddress, which the
            // document's delegate leaves to the default.
            let catalog = CatalogBrowser(client: client)
            let variant = try #require(
                await Self.result { catalog.fetchVariantIDs(productID: Self.gid("Product", 5), completion: $0) }.first)
            let coordinator = ShopCheckoutCoordinator(client: client, pollInterval: 0.05)
            let prepared = await Self.result { done in
                coordinator.prepareApplePay(lines: [(variant, 1)]) { done(($0, $1)) }
            }
            let payCheckout = try #require(prepared.0)
            #expect(!payCheckout.needsShipping)
            coordinator.presentApplePay(checkout: payCheckout, currency: try #require(prepared.1))
            let session = try #require(coordinator.paySession)
            #expect(session.state == .presenting)

            let reply = await Self.pick(
                PayContact(postalAddress: .init(city: "Toronto", country: "Canada")), in: session)
            #expect(reply.0 == .success)
            #expect(reply.1.isEmpty)
            #expect(session.checkout == payCheckout)
            #expect(session.state == .presenting)
            #expect(coordinator.seen.delegateCalls.isEmpty)

            // Called directly, the default hands the same checkout back at once.
            var handedBack: PayCheckout?
            coordinator.paySession(
                session, didUpdateShippingAddress: PayPostalAddress(city: "Toronto"), checkout: payCheckout
            ) { handedBack = $0 }
            #expect(handedBack == payCheckout)

            session.sheetDidFinish()
            #expect(coordinator.seen.delegateCalls.map(\.name) == ["paySessionDidFinish"])
            #expect(coordinator.seen.delegateCalls.allSatisfy { $0.onMainQueue })
        }
    }
}
