import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// The seed's three polling recipes (spec §3.6, J2 steps 5, 7 and 10, J6 steps 6 and 8) written exactly as
/// the seed writes their conditions, against answers that become ready after one poll.
@Suite struct PollingTests {
    private static let checkoutID = GraphQL.ID(rawValue: "Y2hlY2tvdXQ")

    private static func readinessQuery() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .id()
                                .ready()
                                .totalDuties { $0.amount().currencyCode() }
                                .totalTaxV2 { $0.amount().currencyCode() }
                                .totalPriceV2 { $0.amount().currencyCode() }
                        }
                }
        }
    }

    private static func ratesQuery() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .id()
                                .availableShippingRates {
                                    $0
                                        .ready()
                                        .shippingRates { $0.handle().priceV2 { $0.amount() }.title() }
                                }
                        }
                }
        }
    }

    private static func completionQuery() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: checkoutID) {
                    $0
                        .onCheckout {
                            $0
                                .order { $0.id().processedAt().orderNumber().totalPriceV2 { $0.amount() } }
                        }
                }
        }
    }

    private static func checkout(_ fields: String) -> HTTPResponse {
        .json(200, #"{"data":{"node":{"__typename":"Checkout",\#(fields)}}}"#)
    }

    private static let notReady = checkout(
        #""id":"Y2hlY2tvdXQ","ready":false,"totalDuties":null,"totalTaxV2":{"amount":"0.0","currencyCode":"CAD"},"totalPriceV2":{"amount":"0.0","currencyCode":"CAD"}"#
    )
    private static let ready = checkout(
        #""id":"Y2hlY2tvdXQ","ready":true,"totalDuties":null,"totalTaxV2":{"amount":"32.89","currencyCode":"CAD"},"totalPriceV2":{"amount":"295.89","currencyCode":"CAD"}"#
    )

    @Test func readinessPollStopsOnTheFirstReadyAnswer() async throws {
        let transport = InMemoryTransport(responses: [Self.notReady, Self.ready])
        let client = makeClient(transport: transport)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10)) { (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.ready ?? false == false
        }
        let result = await callbackResult {
            client.queryGraphWith(Self.readinessQuery(), retryHandler: retry, completionHandler: $0)
        }
        let checkout = try #require(result.0?.node as? Storefront.Checkout)
        #expect(result.1 == nil)
        #expect(checkout.ready)
        #expect(checkout.totalTaxV2.amount == Decimal(string: "32.89"))
        #expect(checkout.totalPriceV2.amount == Decimal(string: "295.89"))
        #expect(checkout.totalDuties == nil)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.body == transport.requests[0].body })
        #expect(
            Self.readinessQuery().description
                == #"query {node(id:"Y2hlY2tvdXQ"){__typename,... on Checkout{id,ready,totalDuties{amount,currencyCode},totalTaxV2{amount,currencyCode},totalPriceV2{amount,currencyCode}}}}"#
        )
    }

    @Test func readinessPollGivesUpAfterTheLimitAndDeliversTheLastAnswer() async throws {
        let transport = InMemoryTransport(responses: [Self.notReady])
        let client = makeClient(transport: transport)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10)) { (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.ready ?? false == false
        }
        let root = try await client.query(Self.readinessQuery(), retryHandler: retry)
        #expect((root.node as? Storefront.Checkout)?.ready == false)
        #expect(transport.requests.count == 11)
    }

    @Test func shippingRatePollWaitsForReadyRates() async throws {
        let pending = Self.checkout(
            #""id":"Y2hlY2tvdXQ","availableShippingRates":{"ready":false,"shippingRates":null}"#)
        let done = Self.checkout(
            #""id":"Y2hlY2tvdXQ","availableShippingRates":{"ready":true,"shippingRates":[{"handle":"sandbox-standard-10.00","priceV2":{"amount":"10.0"},"title":"Standard"},{"handle":"sandbox-express-25.00","priceV2":{"amount":"25.0"},"title":"Express"}]}"#
        )
        let transport = InMemoryTransport(responses: [pending, done])
        let client = makeClient(transport: transport)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10)) { (response, error) -> Bool in
            return (response?.node as? Storefront.Checkout)?.availableShippingRates?.ready ?? false == false
        }
        let result = await callbackResult {
            client.queryGraphWith(Self.ratesQuery(), retryHandler: retry, completionHandler: $0)
        }
        let checkout = result.0?.node as? Storefront.Checkout
        let shippingRates = checkout?.availableShippingRates?.shippingRates
        #expect(shippingRates?.map(\.handle) == ["sandbox-standard-10.00", "sandbox-express-25.00"])
        #expect(shippingRates?.map(\.priceV2.amount) == [10, 25])
        #expect(transport.requests.count == 2)
    }

    @Test func completionPollRetriesWhileTheOrderIsMissing() async throws {
        let open = Self.checkout(#""order":null"#)
        let done = Self.checkout(
            #""order":{"id":"T3JkZXIvMQ==","processedAt":"2024-05-01T12:34:56Z","orderNumber":1001,"totalPriceV2":{"amount":"295.89"}}"#
        )
        let transport = InMemoryTransport(responses: [open, done])
        let client = makeClient(transport: transport)
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(30)) { (response, error) -> Bool in
            return (response?.node as? Storefront.Checkout)?.order == nil
        }
        let result = await callbackResult {
            client.queryGraphWith(Self.completionQuery(), retryHandler: retry, completionHandler: $0)
        }
        let order = (result.0?.node as? Storefront.Checkout)?.order
        #expect(order?.orderNumber == 1001)
        #expect(order?.totalPriceV2.amount == Decimal(string: "295.89"))
        #expect(transport.requests.count == 2)

        // A declined payment never produces an order: .finite(3) sends four requests, then delivers.
        let declined = InMemoryTransport(responses: [open])
        let limited = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(3)) { (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.order == nil
        }
        let last = try await makeClient(transport: declined).query(Self.completionQuery(), retryHandler: limited)
        #expect((last.node as? Storefront.Checkout)?.order == nil)
        #expect(declined.requests.count == 4)
    }

    @Test func pollingAnUnknownCheckoutDoesNotLoopForever() async {
        let transport = InMemoryTransport(responses: [.json(200, #"{"data":{"node":null}}"#)])
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(2)) { (response, _) -> Bool in
            (response?.node as? Storefront.Checkout)?.ready ?? false == false
        }
        let response = await makeClient(transport: transport).queryResponse(Self.readinessQuery(), retryHandler: retry)
        #expect(response.model != nil && response.model?.node == nil)
        #expect(transport.requests.count == 3)
    }
}
