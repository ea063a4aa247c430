import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Values the builders cannot write as GraphQL are refused before sending, with a typed error, while the
/// builder API stays non-throwing (issue 12; spec §3.2 gives no spelling for them).
@Suite struct InvalidDocumentTests {
    private func refusal(_ query: Storefront.QueryRootQuery) async -> [GraphQL.DocumentProblem]? {
        let transport = InMemoryTransport(responses: [shopResponse()])
        let response = await makeClient(transport: transport).queryResponse(query)
        #expect(transport.requests.isEmpty, "an invalid document must not reach the network")
        #expect(response.model == nil)
        guard case .request(let error as GraphQL.InvalidDocumentError)? = response.error else { return nil }
        return error.problems
    }

    @Test func unknownEnumArgumentIsRefused() async {
        let query = Storefront.buildQuery {
            $0.products(first: 10, sortKey: .unknownValue) { $0.edges { $0.node { $0.id() } } }
        }
        #expect(await refusal(query) == [.unknownEnumValue(type: "ProductSortKeys")])
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func unknownEnumInsideAnInputObjectOrListIsRefused() async {
        let money = Storefront.MoneyInput.create(amount: 10, currencyCode: .unknownValue)
        let mutation = Storefront.buildMutation {
            $0
                .checkoutCompleteWithCreditCardV2(
                    checkoutId: "c",
                    payment: .create(
                        paymentAmount: money, idempotencyKey: "k",
                        billingAddress: .create(), vaultId: "v")
                ) {
                    $0
                        .checkoutUserErrors { $0.message() }
                }
        }
        let transport = InMemoryTransport(responses: [shopResponse()])
        let response = await makeClient(transport: transport).mutateResponse(mutation)
        guard case .request(let error as GraphQL.InvalidDocumentError)? = response.error else {
            Issue.record("expected InvalidDocumentError, got \(String(describing: response.error))")
            return
        }
        #expect(error.problems == [.unknownEnumValue(type: "CurrencyCode")])
        #expect(transport.requests.isEmpty)

        let list = Storefront.buildQuery {
            $0
                .node(id: "p") {
                    $0.onProduct {
                        $0.presentmentPriceRanges(presentmentCurrencies: [.cad, .unknownValue], first: 1) {
                            $0
                                .edges { $0.node { $0.minVariantPrice { $0.amount() } } }
                        }
                    }
                }
        }
        #expect(await refusal(list) == [.unknownEnumValue(type: "CurrencyCode")])
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDoubleIsRefused(value: Double) async {
        let query = Storefront.buildQuery {
            $0
                .locations(first: 5, near: .create(latitude: value, longitude: -79.39)) {
                    $0.edges { $0.node { $0.id() } }
                }
        }
        #expect(await refusal(query) == [.nonFiniteNumber(value.description)])
    }

    @Test func aliasSuffixThatIsNotANameIsRefused() async {
        let query = Storefront.buildQuery { $0.shop { $0.name(aliasSuffix: "en-CA").name(aliasSuffix: "fr_CA") } }
        #expect(await refusal(query) == [.invalidAliasSuffix("en-CA")])
        let control = Storefront.buildQuery { $0.shop { $0.name(aliasSuffix: "a\u{1E}b") } }
        #expect(await refusal(control) == [.invalidAliasSuffix("a?b")])
    }

    @Test func validValuesStillRenderAsBefore() async throws {
        let query = Storefront.buildQuery {
            $0
                .locations(first: 5, sortKey: .distance, near: .create(latitude: 43.65, longitude: -79.39)) {
                    $0.edges { $0.node { $0.id() } }
                }
                .shop { $0.name(aliasSuffix: "fr_CA2") }
        }
        #expect(
            query.description
                == #"query {locations(first:5,sortKey:DISTANCE,near:{latitude:43.65,longitude:-79.39}){edges{node{id}}},shop{name__fr_CA2:name}}"#
        )
        // Control characters inside strings are escaped, so they never look like a problem.
        let text = Storefront.buildQuery {
            $0.products(first: 1, query: "a\u{1E}enum\u{1F}X\u{1E}b") { $0.edges { $0.node { $0.id() } } }
        }
        let transport = InMemoryTransport(responses: [.json(200, #"{"data":{"products":{"edges":[]}}}"#)])
        let root = try await makeClient(transport: transport).query(text)
        #expect(root.products.edges.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func refusalAlsoReachesTheCallbackForm() async {
        let query = Storefront.buildQuery { $0.shop { $0.name(aliasSuffix: "en-CA") } }
        let transport = InMemoryTransport(responses: [shopResponse()])
        let client = makeClient(transport: transport)
        let result = await callbackResult { client.queryGraphWith(query, completionHandler: $0) }
        if case .request(let error as GraphQL.InvalidDocumentError)? = result.1 {
            #expect(error.problems == [.invalidAliasSuffix("en-CA")])
        } else {
            Issue.record("expected InvalidDocumentError")
        }
        #expect(transport.requests.isEmpty)
    }
}
