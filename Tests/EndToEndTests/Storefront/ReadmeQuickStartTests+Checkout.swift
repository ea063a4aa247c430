import Buy
import CommerceCore
import Foundation
import Testing

extension ReadmeQuickStartTests {
    /// The README's checkout quick start, run as printed: the lines between the markers are the README's code
    /// block with only the base URL changed, which the next test checks against README.md. swift-format leaves it
    /// alone, so its lines stay the README's.
    // swift-format-ignore
    @Test func checkoutQuickStart() async throws {
        try await SandboxHarness.with { sandbox async throws in
            let sandboxURL = sandbox.baseURL
            // README checkout quick start: begin
            struct CheckoutFailed: Error {}
            let client = Graph.Client(shopDomain: "sandbox-shoes.myshopify.com", apiKey: "sandbox-storefront-token",
                                      environment: .custom(baseURL: sandboxURL))

            // 1. Create a checkout with two pairs, then give it an email and a shipping address.
            let lineItems: [Storefront.CheckoutLineItemInput] = [
                .create(variantId: GraphQL.ID(rawValue: "Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMg=="), quantity: 2),
            ]
            let created = try await client.mutate(Storefront.buildMutation { $0
                .checkoutCreate(input: .create(lineItems: .value(lineItems))) { $0.checkout { $0.id() }.checkoutUserErrors { $0.message() } }
            })
            guard let id = created.checkoutCreate?.checkout?.id else { throw CheckoutFailed() }
            let address = Storefront.MailingAddressInput.create(
                address1: .value("80 Spadina Ave."), city: .value("Toronto"), country: .value("Canada"), firstName: .value("John"),
                lastName: .value("Smith"), province: .value("ON"), zip: .value("M5V 2J4"))
            let updated = try await client.mutate(Storefront.buildMutation { $0
                .checkoutEmailUpdateV2(checkoutId: id, email: "john.smith@example.com") { $0.checkoutUserErrors { $0.message() } }
                .checkoutShippingAddressUpdateV2(shippingAddress: address, checkoutId: id) { $0.checkoutUserErrors { $0.message() } }
            })
            guard updated.checkoutShippingAddressUpdateV2?.checkoutUserErrors.isEmpty == true else { throw CheckoutFailed() }

            // 2. Poll until the shipping rates are ready, then choose the first one.
            let ratesReady = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: 0.05) { response, _ in
                (response?.node as? Storefront.Checkout)?.availableShippingRates?.ready ?? false == false
            }
            let rated = try await client.query(Storefront.buildQuery { $0
                .node(id: id) { $0.onCheckout { $0.availableShippingRates { $0.ready().shippingRates { $0.handle().title() } } } }
            }, retryHandler: ratesReady)
            guard let rate = (rated.node as? Storefront.Checkout)?.availableShippingRates?.shippingRates?.first else { throw CheckoutFailed() }
            _ = try await client.mutate(Storefront.buildMutation { $0
                .checkoutShippingLineUpdate(checkoutId: id, shippingRateHandle: rate.handle) { $0.checkoutUserErrors { $0.message() } }
            })

            // 3. Poll until the totals are recalculated, and read the amount due.
            let totalsReady = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: 0.05) { response, _ in
                (response?.node as? Storefront.Checkout)?.ready ?? false == false
            }
            let totals = try await client.query(Storefront.buildQuery { $0
                .node(id: id) { $0.onCheckout { $0.ready().paymentDueV2 { $0.amount().currencyCode() } } }
            }, retryHandler: totalsReady)
            guard let due = (totals.node as? Storefront.Checkout)?.paymentDueV2 else { throw CheckoutFailed() }

            // 4. Vault the card at the URL the shop names, and pay with the token.
            let settings = try await client.query(Storefront.buildQuery { $0.shop { $0.paymentSettings { $0.cardVaultUrl() } } })
            let card = Card.CreditCard(firstName: "John", lastName: "Smith", number: "4242424242424242",
                                       expiryMonth: "12", expiryYear: "2030", verificationCode: "123")
            let token = try await Card.Client().vault(card, to: settings.shop.paymentSettings.cardVaultUrl)
            let payment = Storefront.CreditCardPaymentInputV2.create(
                paymentAmount: .create(amount: due.amount, currencyCode: due.currencyCode),
                idempotencyKey: UUID().uuidString, billingAddress: address, vaultId: token)   // the key makes a resend safe
            let completed = try await client.mutate(Storefront.buildMutation { $0
                .checkoutCompleteWithCreditCardV2(checkoutId: id, payment: payment) { $0.checkoutUserErrors { $0.message() } }
            })
            guard completed.checkoutCompleteWithCreditCardV2?.checkoutUserErrors.isEmpty == true else { throw CheckoutFailed() }

            // 5. Poll until the payment went through and the order exists.
            let orderPlaced = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(30), interval: 0.05) { response, _ in
                (response?.node as? Storefront.Checkout)?.order == nil
            }
            let placed = try await client.query(Storefront.buildQuery { $0
                .node(id: id) { $0.onCheckout { $0.order { $0.orderNumber().totalPriceV2 { $0.amount() } } } }
            }, retryHandler: orderPlaced)
            guard let order = (placed.node as? Storefront.Checkout)?.order else { throw CheckoutFailed() }
            print("Order #\(order.orderNumber), \(order.totalPriceV2.amount) \(due.currencyCode.rawValue)")   // Order #1001, 211.14 CAD
            // README checkout quick start: end

            // Two Road Runners at 89.00, Standard shipping 10.00, Ontario tax 13 % of 178.00.
            #expect(rate.handle == "sandbox-standard-10.00")
            #expect(due.amount == Decimal(string: "211.14"))
            #expect(order.orderNumber == 1001)
            #expect(order.totalPriceV2.amount == due.amount)
            #expect(token.hasPrefix("sbx-"))
            let orders = try await sandbox.call(.get, "/sandbox/storefront/shops/1/orders").body
            #expect(orders.arrayValue?.count == 1)
        }
    }

    /// The code run above is the README's code block: same lines, same order, only the URL differs.
    @Test func checkoutQuickStartIsTheREADMEText() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)

        let section = try #require(readme.range(of: "## Buy checkout quick start\n"))
        let after = readme[section.upperBound...]
        let open = try #require(after.range(of: "```swift\nimport Buy\n\n"))
        let close = try #require(after.range(of: "\n```\n", range: open.upperBound..<after.endIndex))
        let printed = String(after[open.upperBound..<close.lowerBound])

        let begin = try #require(source.range(of: "// README checkout quick start: begin\n"))
        let end = try #require(source.range(of: "\n            // README checkout quick start: end"))
        let run = source[begin.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("            ") ? String($0.dropFirst(12)) : String($0) }
            .joined(separator: "\n")
            .replacingOccurrences(of: "baseURL: sandboxURL", with: #"baseURL: URL(string: "http://127.0.0.1:8080")!"#)
        #expect(run == printed)
        #expect(printed.contains("Card.Client().vault"))
    }
}
