import Buy
import CommerceCore
import Foundation
import Testing

/// Journey J2 (spec §7): the seed's credit-card checkout with polling — `Graph.Client` and `Card.Client`
/// against the sandbox, every poll counted in the sandbox's own request log.
@Suite struct StorefrontCheckoutJourneyTests {
    private func readinessRetry<T>(_ keyPath: @escaping (Storefront.Checkout) -> T?, until done: @escaping (T?) -> Bool)
        -> Graph.RetryHandler<Storefront.QueryRoot>
    {
        Graph.RetryHandler(endurance: .finite(10), interval: 0.05) { response, _ in
            !done((response?.node as? Storefront.Checkout).flatMap(keyPath))
        }
    }

    @Test func creditCardCheckoutWithPolling() async throws {
        try await SandboxHarness.with { harness in
            let client = harness.storefrontClient()
            // 1. Payment settings.
            let settings = try await client.query(
                Storefront.buildQuery {
                    $0
                        .shop { $0.paymentSettings { $0.cardVaultUrl().currencyCode().acceptedCardBrands() } }
                }
            ).shop.paymentSettings
            #expect(settings.cardVaultUrl.absoluteString == harness.baseURL.absoluteString + "/sessions")
            #expect(settings.currencyCode == .cad)

            // 2–4. Create with the seed's shims, email, address. (The seed's deprecated `checkoutEmailUpdate`
            // spelling is covered by StorefrontCheckoutTests; here V2 keeps the build free of warnings.)
            let input = Storefront.CheckoutCreateInput.create(
                lineItems: .value([
                    Storefront.CheckoutLineItemInput.create(
                        variantId: SandboxIDs.id("ProductVariant", 12), quantity: 2),
                    Storefront.CheckoutLineItemInput.create(
                        variantId: SandboxIDs.id("ProductVariant", 31), quantity: 1),
                ]))
            let created = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .checkoutCreate(input: input) {
                            $0
                                .checkout { $0.id().ready().requiresShipping() }
                                .checkoutUserErrors { $0.field().message() }
                        }
                })
            #expect(created.checkoutCreate?.checkoutUserErrors.isEmpty == true)
            #expect(created.checkoutCreate?.checkout?.ready == false)
            #expect(created.checkoutCreate?.checkout?.requiresShipping == true)
            let id = try #require(created.checkoutCreate?.checkout?.id)

            let emailed = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .checkoutEmailUpdateV2(checkoutId: id, email: "john.smith@example.com") {
                            $0.checkout { $0.id() }.checkoutUserErrors { $0.message() }
                        }
                })
            #expect(emailed.checkoutEmailUpdateV2?.checkoutUserErrors.isEmpty == true)
            let address = Storefront.MailingAddressInput.create(
                address1: .value("80 Spadina Ave."), city: .value("Toronto"),
                country: .value("Canada"), lastName: .value("Smith"),
                province: .value("ON"), zip: .value("M5V 2J4"))
            let addressed = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .checkoutShippingAddressUpdateV2(shippingAddress: address, checkoutId: id) {
                            $0.checkout { $0.id() }.checkoutUserErrors { $0.message() }
                        }
                })
            #expect(addressed.checkoutShippingAddressUpdateV2?.checkoutUserErrors.isEmpty == true)

            // 5. Rates: exactly two requests.
            let beforeRates = try await harness.storefrontRequestCount()
            let ratesRoot = try await client.query(
                Storefront.buildQuery {
                    $0
                        .node(id: id) {
                            $0.onCheckout {
                                $0.id().availableShippingRates {
                                    $0.ready().shippingRates { $0.handle().title().priceV2 { $0.amount() } }
                                }
                            }
                        }
                }, retryHandler: readinessRetry({ $0.availableShippingRates?.ready }, until: { $0 == true }))
            #expect(try await harness.storefrontRequestCount() - beforeRates == 2)
            let rates = (ratesRoot.node as? Storefront.Checkout)?.availableShippingRates?.shippingRates ?? []
            #expect(rates.map(\.title) == ["Standard", "Express"])
            #expect(rates.map(\.priceV2.amount) == [10, 25])

            // 6–7. Shipping line, then readiness: exactly two requests.
            let lined = try await client.mutate(
                Storefront.buildMutation {
                    $0
                        .checkoutShippingLineUpdate(checkoutId: id, shippingRateHandle: "sandbox-standard-10.00") {
                            $0.checkout { $0.id() }.checkoutUserErrors { $0.message() }
                        }
                })
            #expect(lined.checkoutShippingLineUpdate?.checkoutUserErrors.isEmpty == true)
            let beforeReady = try await harness.storefrontRequestCount()
            let readyRoot = try await client.query(
                Storefront.buildQuery {
                    $0
                        .node(id: id) {
                            $0.onCheckout {
                                $0.id().ready().totalTaxV2 { $0.amount() }.totalPriceV2 { $0.amount() }
                                    .totalDuties { $0.amount() }.paymentDueV2 { $0.amount().currencyCode() }
                            }
                        }
                }, retryHandler: readinessRetry({ $0.ready }, until: { $0 == true }))
            #expect(try await harness.storefrontRequestCount() - beforeReady == 2)
            let ready = try #require(readyRoot.node as? Storefront.Checkout)
            #expect(ready.totalTaxV2.amount == Decimal(string: "32.89"))
            #expect(ready.totalPriceV2.amount == Decimal(string: "295.89"))
            #expect(ready.totalDuties == nil)

            // 8. Vault.
            let card = Card.CreditCard(
                firstName: "John", lastName: "Smith", number: "4242424242424242",
                expiryMonth: "12", expiryYear: "2030", verificationCode: "123")
            let token = try await Card.Client().vault(card, to: settings.cardVaultUrl)
            #expect(token.hasPrefix("sbx-"))

            // 9. Complete with the amount decoded in step 7.
            let payment = Storefront.CreditCardPaymentInputV2.create(
                paymentAmount: .create(amount: ready.paymentDueV2.amount, currencyCode: .cad),
                idempotencyKey: UUID().uuidString, billingAddress: address, vaultId: token)
            let complete = Storefront.buildMutation {
                $0
                    .checkoutCompleteWithCreditCardV2(checkoutId: id, payment: payment) {
                        $0
                            .payment { $0.id().ready() }
                            .checkout { $0.id().ready() }
                            .checkoutUserErrors { $0.code().field().message() }
                    }
            }
            let completed = try await client.mutate(complete)
            #expect(completed.checkoutCompleteWithCreditCardV2?.checkoutUserErrors.isEmpty == true)
            #expect(completed.checkoutCompleteWithCreditCardV2?.payment?.ready == false)
            #expect(completed.checkoutCompleteWithCreditCardV2?.checkout?.ready == false)

            // 10. Completion poll: the order after exactly two requests.
            let beforeOrder = try await harness.storefrontRequestCount()
            let orderRoot = try await client.query(
                Storefront.buildQuery {
                    $0
                        .node(id: id) {
                            $0.onCheckout {
                                $0.id().order { $0.id().processedAt().orderNumber().totalPriceV2 { $0.amount() } }
                            }
                        }
                },
                retryHandler: Graph.RetryHandler(endurance: .finite(30), interval: 0.05) { response, _ in
                    (response?.node as? Storefront.Checkout)?.order == nil
                })
            #expect(try await harness.storefrontRequestCount() - beforeOrder == 2)
            let order = try #require((orderRoot.node as? Storefront.Checkout)?.order)
            #expect(order.orderNumber == 1001)
            #expect(order.totalPriceV2.amount == Decimal(string: "295.89"))

            // 11. The same completion again: the same payment, still one order.
            let again = try await client.mutate(complete)
            #expect(
                again.checkoutCompleteWithCreditCardV2?.payment?.id
                    == completed.checkoutCompleteWithCreditCardV2?.payment?.id)
            #expect(again.checkoutCompleteWithCreditCardV2?.checkoutUserErrors.isEmpty == true)
            let orders = try await harness.call(.get, "/sandbox/storefront/shops/1/orders").body
            #expect(orders.arrayValue?.count == 1)

            // 12. Stock went down by the two sold.
            let stock = try await client.query(
                Storefront.buildQuery {
                    $0
                        .node(id: SandboxIDs.id("ProductVariant", 12)) {
                            $0.onProductVariant { $0.quantityAvailable() }
                        }
                })
            #expect((stock.node as? Storefront.ProductVariant)?.quantityAvailable == 98)
        }
    }
}
