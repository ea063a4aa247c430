import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// J2 from the client's side (spec §7): the seed's credit-card checkout — payment settings, create,
/// email, address, rate poll, shipping line, readiness poll, vault, complete, completion poll — against a
/// scripted server that, like the sandbox, answers "not ready" once after each change.
@Suite struct CheckoutJourneyTests {
    /// Answers by what the document asks for; each readiness flag is false on its first poll only.
    private final class ScriptedShop: Sendable {
        private let polls = Locked<[String: Int]>([:])

        func answer(_ request: HTTPRequest) -> HTTPResponse {
            if request.url.path == "/sessions" { return .json(200, #"{"id":"sbx-0123456789abcdef0123456789abcdef"}"#) }
            let document = String(decoding: request.body ?? Data(), as: UTF8.self)
            func firstPoll(_ name: String) -> Bool {
                polls.withLock { polls in
                    polls[name, default: 0] += 1
                    return polls[name] == 1
                }
            }
            let checkout = #""__typename":"Checkout","id":"Y2hlY2tvdXQ""#
            if document.contains("paymentSettings") {
                return .json(
                    200,
                    #"{"data":{"shop":{"paymentSettings":{"cardVaultUrl":"https://sandbox.test/sessions","currencyCode":"CAD"}}}}"#
                )
            }
            if document.contains("checkoutCreate") {
                return .json(
                    200,
                    #"{"data":{"checkoutCreate":{"checkout":{"id":"Y2hlY2tvdXQ","ready":false,"requiresShipping":true},"checkoutUserErrors":[]}}}"#
                )
            }
            for mutation in ["checkoutEmailUpdateV2", "checkoutShippingAddressUpdateV2", "checkoutShippingLineUpdate"]
            where document.contains(mutation) {
                return .json(
                    200, #"{"data":{"\#(mutation)":{"checkout":{"id":"Y2hlY2tvdXQ"},"checkoutUserErrors":[]}}}"#)
            }
            if document.contains("checkoutCompleteWithCreditCardV2") {
                return .json(
                    200,
                    #"{"data":{"checkoutCompleteWithCreditCardV2":{"payment":{"id":"UGF5bWVudA","ready":false},"checkout":{"id":"Y2hlY2tvdXQ","ready":false},"checkoutUserErrors":[]}}}"#
                )
            }
            if document.contains("availableShippingRates") {
                let rates =
                    firstPoll("rates")
                    ? #"{"ready":false,"shippingRates":null}"#
                    : #"{"ready":true,"shippingRates":[{"handle":"sandbox-standard-10.00","title":"Standard"},{"handle":"sandbox-express-25.00","title":"Express"}]}"#
                return .json(200, #"{"data":{"node":{\#(checkout),"availableShippingRates":\#(rates)}}}"#)
            }
            if document.contains("order{") {
                let order = firstPoll("order") ? "null" : #"{"id":"T3JkZXI","orderNumber":1001}"#
                return .json(200, #"{"data":{"node":{\#(checkout),"order":\#(order)}}}"#)
            }
            let ready = !firstPoll("ready")
            let due = ready ? "295.89" : "0.0"
            return .json(
                200,
                #"{"data":{"node":{\#(checkout),"ready":\#(ready),"paymentDueV2":{"amount":"\#(due)","currencyCode":"CAD"}}}}"#
            )
        }
    }

    private func readinessRetry<T>(_ keyPath: @escaping (Storefront.Checkout) -> T?, until done: @escaping (T?) -> Bool)
        -> Graph.RetryHandler<Storefront.QueryRoot>
    {
        Graph.RetryHandler(endurance: .finite(10), interval: 0.05) { response, _ in
            !done((response?.node as? Storefront.Checkout).flatMap(keyPath))
        }
    }

    @Test func creditCardCheckoutWithPolling() async throws {
        let shop = ScriptedShop()
        let transport = InMemoryTransport { shop.answer($0) }
        let client = makeClient(transport: transport)
        let id = GraphQL.ID(rawValue: "Y2hlY2tvdXQ")

        let settings = try await client.query(
            Storefront.buildQuery {
                $0
                    .shop { $0.paymentSettings { $0.cardVaultUrl().currencyCode() } }
            }
        ).shop.paymentSettings

        let input = Storefront.CheckoutCreateInput.create(
            lineItems: .value([
                Storefront.CheckoutLineItemInput.create(variantId: GraphQL.ID(rawValue: "v12"), quantity: 2),
                Storefront.CheckoutLineItemInput.create(variantId: GraphQL.ID(rawValue: "v31"), quantity: 1),
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

        _ = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutEmailUpdateV2(checkoutId: id, email: "john.smith@example.com") {
                        $0.checkout { $0.id() }.checkoutUserErrors { $0.message() }
                    }
            })
        let address = Storefront.MailingAddressInput.create(
            address1: .value("80 Spadina Ave."), city: .value("Toronto"),
            country: .value("Canada"), lastName: .value("Smith"),
            province: .value("ON"), zip: .value("M5V 2J4"))
        _ = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutShippingAddressUpdateV2(shippingAddress: address, checkoutId: id) {
                        $0.checkout { $0.id() }.checkoutUserErrors { $0.message() }
                    }
            })

        let beforeRates = transport.requests.count
        let ratesRoot = try await client.query(
            Storefront.buildQuery {
                $0
                    .node(id: id) {
                        $0.onCheckout {
                            $0.id().availableShippingRates { $0.ready().shippingRates { $0.handle().title() } }
                        }
                    }
            }, retryHandler: readinessRetry({ $0.availableShippingRates?.ready }, until: { $0 == true }))
        #expect(transport.requests.count - beforeRates == 2)
        let rates = (ratesRoot.node as? Storefront.Checkout)?.availableShippingRates?.shippingRates ?? []
        #expect(rates.map(\.title) == ["Standard", "Express"])
        let handle = try #require(rates.first?.handle)

        _ = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutShippingLineUpdate(checkoutId: id, shippingRateHandle: handle) {
                        $0.checkout { $0.id() }.checkoutUserErrors { $0.message() }
                    }
            })

        let beforeReady = transport.requests.count
        let readyRoot = try await client.query(
            Storefront.buildQuery {
                $0
                    .node(id: id) { $0.onCheckout { $0.id().ready().paymentDueV2 { $0.amount().currencyCode() } } }
            }, retryHandler: readinessRetry({ $0.ready }, until: { $0 == true }))
        #expect(transport.requests.count - beforeReady == 2)
        let due = try #require((readyRoot.node as? Storefront.Checkout)?.paymentDueV2.amount)

        let card = Card.CreditCard(
            firstName: "John", lastName: "Smith", number: "4242424242424242",
            expiryMonth: "12", expiryYear: "2030", verificationCode: "123")
        let token = try await Card.Client(transport: transport).vault(card, to: settings.cardVaultUrl)
        #expect(token.hasPrefix("sbx-"))

        let payment = Storefront.CreditCardPaymentInputV2.create(
            paymentAmount: .create(amount: due, currencyCode: .cad), idempotencyKey: "key-1",
            billingAddress: address, vaultId: token)
        let completed = try await client.mutate(
            Storefront.buildMutation {
                $0
                    .checkoutCompleteWithCreditCardV2(checkoutId: id, payment: payment) {
                        $0
                            .payment { $0.id().ready() }
                            .checkout { $0.id().ready() }
                            .checkoutUserErrors { $0.code().field().message() }
                    }
            })
        #expect(completed.checkoutCompleteWithCreditCardV2?.payment?.ready == false)
        #expect(completed.checkoutCompleteWithCreditCardV2?.checkout?.ready == false)
        let completionBody = String(decoding: transport.requests.last?.body ?? Data(), as: UTF8.self)
        #expect(completionBody.contains(#"paymentAmount:{amount:\"295.89\",currencyCode:CAD}"#))
        #expect(completionBody.contains(#"vaultId:\"sbx-0123456789abcdef0123456789abcdef\""#))

        let beforeOrder = transport.requests.count
        let orderRoot = try await client.query(
            Storefront.buildQuery {
                $0
                    .node(id: id) { $0.onCheckout { $0.id().order { $0.id().orderNumber() } } }
            },
            retryHandler: Graph.RetryHandler(endurance: .finite(30), interval: 0.05) { response, _ in
                (response?.node as? Storefront.Checkout)?.order == nil
            })
        #expect((orderRoot.node as? Storefront.Checkout)?.order?.orderNumber == 1001)
        #expect(transport.requests.count - beforeOrder == 2)

        // 1 settings + 4 mutations + 2 rate polls + 2 readiness polls + 1 vault + 1 completion + 2 order polls.
        #expect(transport.requests.count == 13)
        #expect(transport.requests.filter { $0.url.path == "/sessions" }.count == 1)
    }
}
