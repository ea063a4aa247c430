import CommerceCore
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Spec §6.3: the error ladder and decoding of every bad server value into a typed error.
@Suite struct ResponseHandlingTests {
    private func respond(_ response: HTTPResponse, query: Storefront.QueryRootQuery = shopNameQuery()) async
        -> Graph.Response<Storefront.QueryRoot>
    {
        let client = makeClient(transport: InMemoryTransport(responses: [response]))
        return await client.queryResponse(query)
    }

    private func violation(_ response: Graph.Response<Storefront.QueryRoot>) -> SchemaViolationError? {
        if case .schemaViolation(let violation)? = response.error { return violation }
        return nil
    }

    @Test func d1Success() async {
        let result = await respond(shopResponse())
        #expect(result.model?.shop.name == "My Shop")
        #expect(result.error == nil)
    }

    @Test func d2TransportFailure() async {
        let client = makeClient(transport: InMemoryTransport { _ in throw TransportError.connectionFailed("offline") })
        let result = await client.queryResponse(shopNameQuery())
        guard case .request(let error)? = result.error else {
            Issue.record("expected .request")
            return
        }
        #expect(error as? TransportError == .connectionFailed("offline"))
        #expect(result.model == nil)
    }

    @Test func d3ToD6LadderSteps() async {
        if case .http(let status)? = await respond(.json(403, "{}")).error {
            #expect(status == 403)
        } else {
            Issue.record("D3")
        }
        if case .noData? = await respond(HTTPResponse(statusCode: 200)).error {} else { Issue.record("D4") }
        if case .jsonDeserializationFailed(let data)? = await respond(.json(200, "abc")).error {
            #expect(data == Data("abc".utf8))
        } else {
            Issue.record("D5")
        }
        if case .invalidJson(let json)? = await respond(.json(200, "{}")).error {
            #expect(json == Data("{}".utf8))
        } else {
            Issue.record("D6")
        }
        if case .invalidJson? = await respond(.json(200, "[1]")).error {} else { Issue.record("array body") }
    }

    @Test func nonArrayErrorsCountAsAbsent() async {
        // §3.3 steps 5–6: `errors` only counts as an array, so without `data` the body is invalid JSON.
        for body in [#"{"errors":"boom"}"#, #"{"errors":{"message":"boom"}}"#, #"{"errors":null}"#, #"{"errors":7}"#] {
            if case .invalidJson(let json)? = await respond(.json(200, body)).error {
                #expect(json == Data(body.utf8))
            } else {
                Issue.record("\(body) should be .invalidJson")
            }
        }
        // With `data`, the model is decoded and the stray `errors` value is ignored.
        let withData = await respond(.json(200, #"{"data":{"shop":{"name":"A"}},"errors":"boom"}"#))
        #expect(withData.model?.shop.name == "A")
        #expect(withData.error == nil)
    }

    private func reasons(_ body: String) async -> [Graph.QueryError.Reason]? {
        if case .invalidQuery(let reasons)? = await respond(.json(200, body)).error { return reasons }
        return nil
    }

    @Test func d7D8ErrorReasons() async {
        let d7 = await reasons(
            #"{"errors":[{"line":7,"column":1,"message":"Error 1"},{"line":13,"column":90,"message":"Error 2"},{}]}"#)
        #expect(
            d7 == [
                Graph.QueryError.Reason(message: "Error 1", line: 7, column: 1),
                Graph.QueryError.Reason(message: "Error 2", line: 13, column: 90),
                Graph.QueryError.Reason(message: "Unknown error"),
            ])
        let d8 = await reasons(
            #"{"errors":[{"message":"Field 'Shop' doesn't exist on type 'QueryRoot'","locations":[{"line":2,"column":90}],"fields":["query CollectionsWithProducts","Shop"]}]}"#
        )
        #expect(
            d8 == [
                Graph.QueryError.Reason(message: "Field 'Shop' doesn't exist on type 'QueryRoot'", line: 2, column: 90)
            ])
        let d21 = await reasons(
            #"{"errors":[{"message":"Field 'createdAt' doesn't exist on type 'Order'","locations":[{"line":1,"column":58}],"path":["query","node","... on Order","createdAt"],"extensions":{"code":"undefinedField","typeName":"Order","fieldName":"createdAt"}}]}"#
        )
        #expect(
            d21 == [
                Graph.QueryError.Reason(
                    message: "Field 'createdAt' doesn't exist on type 'Order'", line: 1, column: 58,
                    path: ["query", "node", "... on Order", "createdAt"], code: "undefinedField")
            ])
        let numericPath = await reasons(#"{"errors":[{"message":"x","path":["products",0,"title"]}]}"#)
        #expect(numericPath?.first?.path == ["products", "0", "title"])
    }

    @Test func d9UnexpectedField() async {
        let result = await respond(.json(200, #"{"data":{"shop":{"title":"x"}}}"#))
        #expect(result.model == nil)
        let error = violation(result)
        #expect(error?.type == "Shop")
        #expect(error?.field == "title")
        #expect(error?.reason == .unexpectedField)
    }

    @Test func d10MissingQueriedField() async {
        let error = violation(await respond(.json(200, #"{"data":{"shop":{}}}"#)))
        #expect(error?.field == "name")
        #expect(error?.reason == .missingField)
        #expect(error?.value == "<missing>")
    }

    @Test func d11NullForNonNull() async {
        #expect(violation(await respond(.json(200, #"{"data":{"shop":{"name":null}}}"#)))?.reason == .nullForNonNull)
    }

    @Test func d12DataAndErrorsTogether() async {
        let result = await respond(.json(200, #"{"data":{"shop":{"name":"A"}},"errors":[{"message":"partial"}]}"#))
        #expect(result.model?.shop.name == "A")
        guard case .invalidQuery(let reasons)? = result.error else {
            Issue.record("expected invalidQuery")
            return
        }
        #expect(reasons == [Graph.QueryError.Reason(message: "partial")])
    }

    private func checkoutQuery() -> Storefront.QueryRootQuery {
        Storefront.buildQuery { $0.node(id: "c") { $0.onCheckout { $0.createdAt() } } }
    }

    private func checkout(createdAt: String) async -> Graph.Response<Storefront.QueryRoot> {
        await respond(
            .json(200, #"{"data":{"node":{"__typename":"Checkout","createdAt":"\#(createdAt)"}}}"#),
            query: checkoutQuery())
    }

    @Test func d13DateTimesWithFractionsAndOffsets() async throws {
        for (text, seconds) in [
            ("2024-05-01T12:34:56.123Z", 1714566896.123), ("2024-05-01T12:34:56Z", 1714566896.0),
            ("2024-05-01T12:34:56+02:00", 1714559696.0), ("2024-05-01T12:34:56+0200", 1714559696.0),
        ] {
            let model = try #require(await checkout(createdAt: text).model)
            let node = try #require(model.node as? Storefront.Checkout)
            #expect(abs(node.createdAt.timeIntervalSince1970 - seconds) < 0.0005, "\(text)")
        }
    }

    @Test func d14BareDateIsInvalid() async {
        #expect(violation(await checkout(createdAt: "2024-05-01"))?.reason == .invalidScalar(scalar: "DateTime"))
    }

    private func product(_ fields: String, _ select: @escaping (Storefront.ProductQuery) -> Void) async
        -> Graph.Response<Storefront.QueryRoot>
    {
        await respond(
            .json(200, #"{"data":{"node":{"__typename":"Product",\#(fields)}}}"#),
            query: Storefront.buildQuery { $0.node(id: "p") { $0.onProduct(subfields: select) } })
    }

    @Test func d15IntegerRangeAndFractions() async {
        #expect(
            violation(await product(#""totalInventory":2147483648"#) { $0.totalInventory() })?.reason
                == .integerOutOfRange)
        #expect(
            violation(await product(#""totalInventory":1.5"#) { $0.totalInventory() })?.reason
                == .wrongJSONType(expected: "Int"))
        let fine = await product(#""totalInventory":-2147483648"#) { $0.totalInventory() }
        #expect((fine.model?.node as? Storefront.Product)?.totalInventory == Int32.min)
    }

    @Test func d16EmptyURL() async {
        #expect(
            violation(await product(#""onlineStoreUrl":"""#) { $0.onlineStoreUrl() })?.reason
                == .invalidScalar(scalar: "URL"))
    }

    @Test func d17BadDecimalAndBooleanAsNumber() async {
        let money = await respond(
            .json(
                200,
                #"{"data":{"shop":{"paymentSettings":{"currencyCode":"USD"}},"node":{"__typename":"ProductVariant","priceV2":{"amount":"abc","currencyCode":"USD"}}}}"#
            ),
            query: Storefront.buildQuery {
                $0.node(id: "v") { $0.onProductVariant { $0.priceV2 { $0.amount().currencyCode() } } }
            })
        #expect(violation(money)?.type == "MoneyV2")
        #expect(violation(money)?.reason == .invalidScalar(scalar: "Decimal"))
        #expect(
            violation(await product(#""availableForSale":1"#) { $0.availableForSale() })?.reason
                == .wrongJSONType(expected: "Boolean"))
        #expect(violation(await product(#""title":5"#) { $0.title() })?.reason == .wrongJSONType(expected: "String"))
    }

    @Test func d18UnknownEnumValue() async throws {
        let result = await respond(
            .json(200, #"{"data":{"shop":{"paymentSettings":{"currencyCode":"XYZ"}}}}"#),
            query: Storefront.buildQuery { $0.shop { $0.paymentSettings { $0.currencyCode() } } })
        #expect(result.error == nil)
        #expect(try #require(result.model).shop.paymentSettings.currencyCode == .unknownValue)
    }

    @Test func d19UnknownTypeNameAndMissingTypeName() async throws {
        let result = await respond(
            .json(200, #"{"data":{"node":{"__typename":"GiftCard","id":"x"}}}"#),
            query: Storefront.buildQuery { $0.node(id: "x") { $0.id() } })
        let node = try #require(result.model?.node)
        #expect(node is Storefront.UnknownNode)
        #expect(node.id == GraphQL.ID(rawValue: "x"))
        #expect((node as? Storefront.UnknownNode)?.typeName == "GiftCard")
        #expect(result.error == nil)
        let missing = await respond(
            .json(200, #"{"data":{"node":{"id":"x"}}}"#), query: Storefront.buildQuery { $0.node(id: "x") { $0.id() } })
        #expect(violation(missing)?.reason == .unknownTypeName)
    }

    @Test func seedNodeCastsAndAliases() async throws {
        let body =
            #"{"data":{"node__collection":{"__typename":"Collection","id":"c","title":"Runners"},"node__product":{"__typename":"Product","id":"p","title":"Road Runner"}}}"#
        let query = Storefront.buildQuery {
            $0
                .node(aliasSuffix: "collection", id: "c") { $0.onCollection { $0.id().title() } }
                .node(aliasSuffix: "product", id: "p") { $0.onProduct { $0.id().title() } }
        }
        let response = try #require(await respond(.json(200, body), query: query).model)
        let collection = try #require(response.aliasedNode(aliasSuffix: "collection") as? Storefront.Collection)
        let product = try #require(response.aliasedNode(aliasSuffix: "product") as? Storefront.Product)
        #expect(collection.title == "Runners")
        #expect(product.aliasedTitle(aliasSuffix: "x") == "")
        #expect(product.title == "Road Runner")
        let shop = response.field("node", aliasSuffix: "product") as? GraphQL.AbstractResponse
        #expect(shop?.field("title") as? String == "Road Runner")
    }

    @Test func fragmentFieldsAreOnlyRequiredForTheirType() async throws {
        let query = Storefront.buildQuery {
            $0.node(id: "x") { $0.onProduct { $0.title() }.onCollection { $0.handle() } }
        }
        let result = await respond(
            .json(200, #"{"data":{"node":{"__typename":"Collection","handle":"runners"}}}"#), query: query)
        #expect(result.error == nil)
        #expect((result.model?.node as? Storefront.Collection)?.handle == "runners")
        let missing = await respond(.json(200, #"{"data":{"node":{"__typename":"Collection"}}}"#), query: query)
        #expect(violation(missing)?.reason == .missingField)
        #expect(violation(missing)?.field == "handle")
    }

    @Test func presenceCheckWalksLists() async {
        let query = Storefront.buildQuery { $0.products(first: 2) { $0.edges { $0.cursor().node { $0.id() } } } }
        let ok = await respond(
            .json(
                200,
                #"{"data":{"products":{"edges":[{"cursor":"a","node":{"id":"1"}},{"cursor":"b","node":{"id":"2"}}]}}}"#),
            query: query)
        #expect(ok.model?.products.edges.map(\.node.id.rawValue) == ["1", "2"])
        let bad = await respond(
            .json(200, #"{"data":{"products":{"edges":[{"cursor":"a","node":{"id":"1"}},{"cursor":"b","node":{}}]}}}"#),
            query: query)
        #expect(violation(bad)?.field == "id")
    }
}
