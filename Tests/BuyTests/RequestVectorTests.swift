import CommerceCore
import CommerceTestSupport
import CommerceTesting
import Foundation
import Testing

@testable import Buy

/// Spec §6.2: request bodies, `X-Query-Tag`, cache keys and headers, byte for byte.
@Suite struct RequestVectorTests {
    private func body(_ query: GraphQL.AbstractQuery) -> Graph.RequestBody {
        Graph.RequestBody(document: query.description)
    }

    private func text(_ body: Graph.RequestBody) -> String { String(decoding: body.data, as: UTF8.self) }

    @Test func q1BodyTagAndKey() {
        let q1 = body(Storefront.buildQuery { $0.shop { $0.name() } })
        #expect(text(q1) == #"{"query":"query {shop{name}}"}"#)
        #expect(q1.queryTag == "87ea398569e1f43b4aa10298f784cdac5bda2478d8841ace27bf1e6b9e7bf0a3")
        #expect(
            q1.cacheKey(accessToken: "tok", acceptLanguage: nil)
                == "baf9d90976c7f8ac19eb15a65c2aee3f569d38387c493b3bba169ef3061cfd7e")
        #expect(
            q1.cacheKey(accessToken: "tok", acceptLanguage: "en-US")
                == "6fec6f27223abf9f1abcba835bb392c32a7be553d109c23d7fd906876822dddb")
        #expect(
            q1.cacheKey(accessToken: "tok", acceptLanguage: "fr-CA")
                == "43a1682a7394f5db8af1fefd1d4430ac36c38b4f25d26f5fbae7a9761a7c58fc")
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func tableVectors() {
        let shop = GraphQL.AbstractQuery()
        shop.addField(field: "name")
        shop.addField(field: "name", aliasSuffix: "a")
        let q2Root = Storefront.QueryRootQuery()
        q2Root.addField(field: "shop", subfields: shop)
        let q5 = Storefront.buildQuery(inContext: Storefront.InContextDirective(country: .ca)) { $0.shop { $0.name() } }
        let cases: [(GraphQL.AbstractQuery, String, String?)] = [
            (
                q2Root, "a2b7a665b5c63e3730939c0b8852b03d7cc4e4f6cdcbac1ab5ea31e3dd2c8ff5",
                "180b24242a2e94dd3e32e850a10b910723150fd0410e3cce9214c61e05537b2e"
            ),
            (
                q5, "8d666781f6d24956977a6cbdc5004a18c3a682b73bdb53ed0d0ee5fc80e9d79d",
                "78861bf41052ea7b707067e8be89611a76deee0aea66f1d735eb95a8cff40fad"
            ),
            (
                SpecDocuments.q7(), "8de8fcdadc637443342629a4a66eac6f7fc875a92805e2c048edb41c3bfc7c5a",
                "d42ff7891c5150c12fb25c344f730945fce172ea25fb4101f53fef547c19ba15"
            ),
            (
                SpecDocuments.q4(), "d35161130d5c66ca89334d967e3ea7fc17b71f6509ef02ac9af844772d9c013e",
                "1d98661f44cdfde858d663c1099dcb5b3a5597f837606ac9866ce021cfee59bc"
            ),
            (
                SpecDocuments.q6Prime(), "e475dcd5f79b6414a4fc499b0ff485ae6863daf23bdd155ec3dff337f453a17b",
                nil
            ),
            (
                SpecDocuments.q8(), "dc617da9f8961fff21c8d9ef97c8ab376003f3fe3e8cef8a0ad332ef1b1b0a33",
                "d596c62f23bf06b6a2fcd7e60393ae024fe452febb95b014d4f6612b7a3af015"
            ),
            (
                SpecDocuments.q10(), "28daa69f32f9ccfe8656dd100139a1d7ddf1b550951121d4fb0d39adfcf0e270",
                "38df5b07a06795ccf764bc30a1a547d86e1ff514e69c64d0bc61911be322fe61"
            ),
            (
                SpecDocuments.q16(), "222ab4458376c8b31db4ef76b8b817f78c6b9bd9e5579432a92083d991205830",
                "84d73c540b9248c5e24cc4689da40456de420622f31b35b7f9452230a0daf844"
            ),
            (SpecDocuments.q23(), "87416cc09e2f0441bb7844b5adc19ec15513b055748339780722a1b73c815dd0", nil),
            (
                SpecDocuments.q28(), "f9f0252ac664936b146a51577d3d843b7994c59c3a0172d3a0ab1563886c6093",
                "eac70de79f0b5489483b190dc88ee5dd4550c9485931f7f13fae63b000198aab"
            ),
        ]
        for (query, tag, key) in cases {
            let request = body(query)
            #expect(request.queryTag == tag, "\(query.description)")
            if let key { #expect(request.cacheKey(accessToken: "tok", acceptLanguage: nil) == key) }
        }
    }

    @Test func bodiesWithEscapes() {
        #expect(
            text(body(SpecDocuments.q10()))
                == #"{"query":"query {node(id:\"IjoxNDg4MTc3MzEsImxhc3R\"){__typename,... on Collection{products(first:10,after:\"sdWUiOiIxNDg4MTc3M\"){pageInfo{hasNextPage},edges{cursor,node{id,title,productType,description}}}}}}"}"#
        )
        #expect(
            text(body(SpecDocuments.q28()))
                == #"{"query":"query {products(first:10,query:\"updated_at:>\\\"2017-05-29T00:00:00Z\\\"\"){edges{node{id}}}}"}"#
        )
        #expect(
            text(body(SpecDocuments.q4()))
                == #"{"query":"query {node__product:node(id:\"gid:\/\/shopify\/Product\/1\"){__typename,... on Product{id,title}},node__collection:node(id:\"gid:\/\/shopify\/Collection\/2\"){__typename,... on Collection{id,handle}},products(first:10,reverse:true,sortKey:BEST_SELLING,query:\"title:\\\"a\\\\b\\\"\\n\\u0009tag:é\"){edges{cursor,node{id,title,title__t2:title,priceRange{minVariantPrice{amount,currencyCode}}}},pageInfo{hasNextPage}}}"}"#
        )
        let node = Graph.RequestBody(document: #"query {node(id:"gid://shopify/Product/1"){__typename}}"#)
        #expect(text(node) == #"{"query":"query {node(id:\"gid:\/\/shopify\/Product\/1\"){__typename}}"}"#)
        #expect(node.queryTag == "8021dea4afdb2e4a900ccc859ae3c3b88c2aeaf9d7bf64bc55845bdad9d5f705")
    }

    @Test func bodyEscapingMatchesJSONEncoder() {
        let document = "a/b \"q\" \\ \n \r \t \u{08} \u{0C} \u{0} \u{1F} é ꝏ \u{2028} 😀"
        let expected = #"{"query":"a\/b \"q\" \\ \n \r \t \b \f \u0000 \u001f é ꝏ "# + "\u{2028} 😀\"}"
        #expect(text(Graph.RequestBody(document: document)) == expected)
    }

    @Test func hashAndDirectoryVectors() {
        #expect(
            HexDigest.sha256("query { shop { name } }")
                == "81f5f157cf9744055c946cfd72c69557fe806a282991a9bcf7ba00ba70575dad")
        #expect(HexDigest.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let directory = Graph.Cache.directory(
            root: URL(fileURLWithPath: "/tmp/root"), apiVersion: "2021-10", sdkVersion: "0.1.0",
            shopDomain: "shoes.myshopify.com")
        #expect(directory.lastPathComponent == "a58784bc442215302355f25f2e09451b336fd3a828d309ce9859a32f10f09e0f")
        #expect(
            directory.path.hasSuffix(
                "CommerceKit/Buy/GraphCache/2021-10/0.1.0/a58784bc442215302355f25f2e09451b336fd3a828d309ce9859a32f10f09e0f"
            ))
    }

    @Test func localeToAcceptLanguage() {
        #expect(Graph.languageIdentifier(for: Locale(identifier: "en_US")) == "en-US")
        #expect(Graph.languageIdentifier(for: Locale(identifier: "en")) == "en")
        #expect(Graph.languageIdentifier(for: Locale(identifier: "en-US")) == "en-US")
        #expect(Graph.languageIdentifier(for: Locale(identifier: "zh_Hans_US")) == "zh-US")
    }

    @Test func requestHeadersAndURL() async throws {
        let transport = InMemoryTransport(responses: [shopResponse()])
        let client = Graph.Client(
            shopDomain: "testshop.myshopify.com", apiKey: "tok", locale: Locale(identifier: "zh_CN"),
            environment: .production, transport: transport, cacheDirectory: TestDirectories.make("BuyTests"))
        #expect(client.cachePolicy == .networkOnly)
        _ = try await client.query(shopNameQuery())
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://testshop.myshopify.com/api/2021-10/graphql")
        #expect(request.method == .post)
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Accept-Language"] == "zh-CN")
        #expect(request.headers["X-Shopify-Storefront-Access-Token"] == "tok")
        #expect(request.headers["X-SDK-Variant"] == "ios")
        #expect(request.headers["X-SDK-Version"] == "2021-10/\(CommerceCore.version)")
        #expect(request.headers["User-Agent"]?.hasPrefix("Mobile Buy SDK iOS/2021-10/\(CommerceCore.version)/") == true)
        #expect(request.headers["X-Query-Tag"] == HexDigest.sha256(request.body ?? Data()))
        #expect(request.body == Data(#"{"query":"query {shop{name}}"}"#.utf8))
    }

    @Test func noLocaleSendsEmptyAcceptLanguageAndSandboxURL() async throws {
        let transport = InMemoryTransport(responses: [shopResponse()])
        let sandbox = Graph.Client(
            shopDomain: "sandbox-shoes.myshopify.com", apiKey: "tok",
            environment: .custom(baseURL: try #require(URL(string: "http://127.0.0.1:8080"))),
            transport: transport, cacheDirectory: TestDirectories.make("BuyTests"))
        _ = try await sandbox.query(shopNameQuery())
        let request = try #require(transport.requests.last)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/2021-10/graphql")
        #expect(request.headers["Accept-Language"] == "")
    }

    @Test func mutationIgnoresClientCachePolicy() async throws {
        let transport = InMemoryTransport(responses: [
            .json(200, #"{"data":{"customerUpdate":{"customer":{"phone":null}}}}"#)
        ])
        let client = makeClient(transport: transport)
        client.cachePolicy = .cacheOnly
        let result = try await client.mutate(SpecDocuments.q23())
        #expect(result.customerUpdate?.customer?.phone == nil)
        #expect(transport.requests.count == 1)
    }

    @Test func seedInitialiserAndConfigurationErrors() async throws {
        let seed = Graph.Client(shopDomain: "shoes.myshopify.com", apiKey: "dGhpcyBpcyBhIHByaXZhdGUgYXBpIGtleQ")
        #expect(seed.apiURL?.absoluteString == "https://shoes.myshopify.com/api/2021-10/graphql")
        #expect(seed.locale == nil)

        let transport = InMemoryTransport(responses: [shopResponse()])
        let emptyKey = makeClient(transport: transport, apiKey: "")
        let first = await emptyKey.queryResponse(shopNameQuery())
        guard case .request(let error)? = first.error else {
            Issue.record("expected .request")
            return
        }
        #expect(error as? Graph.ConfigurationError == .emptyAPIKey)

        let badDomain = makeClient(transport: transport, shopDomain: "not a domain/with path")
        #expect(badDomain.apiURL == nil)
        let second = await badDomain.queryResponse(shopNameQuery())
        guard case .request(let domainError)? = second.error else {
            Issue.record("expected .request")
            return
        }
        #expect(domainError as? Graph.ConfigurationError == .invalidShopDomain("not a domain/with path"))
        #expect(transport.requests.isEmpty)
    }
}
