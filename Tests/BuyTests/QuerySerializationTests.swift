import Buy
import Foundation
import Testing

/// Spec §6.1: the exact text every builder renders.
@Suite struct QuerySerializationTests {
    @Test func q1ShopName() {
        #expect(Storefront.buildQuery { $0.shop { $0.name() } }.description == "query {shop{name}}")
    }

    @Test func q2AndQ3AbstractQueryWithAliasAndOpaqueDirectives() {
        let shop = GraphQL.AbstractQuery()
        shop.addField(field: "name")
        shop.addField(field: "name", aliasSuffix: "a")
        let root = Storefront.QueryRootQuery()
        root.addField(field: "shop", subfields: shop)
        #expect(root.description == "query {shop{name,name__a:name}}")
        root.directives = [
            GraphQL.AbstractDirective(name: "test", args: nil),
            GraphQL.AbstractDirective(name: "testArgs", args: "(input: \"hello\")"),
        ]
        #expect(root.description == "query @test @testArgs(input: \"hello\") {shop{name,name__a:name}}")
    }

    @Test func seedNeverDoThisFormMatchesTypedForm() {
        let shopQuery = GraphQL.AbstractQuery()
        shopQuery.addField(field: "name")
        let query = GraphQL.AbstractQuery()
        query.addField(field: "shop", subfields: shopQuery)
        #expect(query.description == "{shop{name}}")
        #expect("query " + query.description == Storefront.buildQuery { $0.shop { $0.name() } }.description)
    }

    @Test func q4AliasesFragmentsArgumentsAndEscaping() {
        #expect(
            SpecDocuments.q4().description
                == #"query {node__product:node(id:"gid://shopify/Product/1"){__typename,... on Product{id,title}},node__collection:node(id:"gid://shopify/Collection/2"){__typename,... on Collection{id,handle}},products(first:10,reverse:true,sortKey:BEST_SELLING,query:"title:\"a\\b\"\n\u0009tag:é"){edges{cursor,node{id,title,title__t2:title,priceRange{minVariantPrice{amount,currencyCode}}}},pageInfo{hasNextPage}}}"#
        )
    }

    @Test func q5InContextDirective() {
        let query = Storefront.buildQuery(inContext: Storefront.InContextDirective(country: .ca)) {
            $0.shop { $0.name().name() }
        }
        #expect(query.description == "query @inContext(country:CA) {shop{name}}")
    }

    @Test func q6PrimeCartCreateInputRendersInSchemaOrder() {
        #expect(
            SpecDocuments.q6Prime().description
                == #"mutation {cartCreate(input:{attributes:[{key:"k\"",value:"v\n"}],lines:[{quantity:2,merchandiseId:"gid://shopify/ProductVariant/9"}],discountCodes:["A","B"],note:null,buyerIdentity:{email:"a@b.c",countryCode:US}}){cart{id,checkoutUrl,estimatedCost{totalAmount{amount}}},userErrors{field,message,code}}}"#
        )
    }

    @Test func q7RepeatedSelectionsMergeInInsertionOrder() {
        for _ in 0..<20 { #expect(SpecDocuments.q7().description == "query {shop{name,description,moneyFormat}}") }
        let nested = Storefront.buildQuery {
            $0
                .shop { $0.name().paymentSettings { $0.currencyCode() } }
                .shop { $0.paymentSettings { $0.cardVaultUrl().currencyCode() }.name() }
        }
        #expect(nested.description == "query {shop{name,paymentSettings{currencyCode,cardVaultUrl}}}")
        let fragments = Storefront.buildQuery {
            $0
                .node(id: "x") { $0.onProduct { $0.id() }.onProduct { $0.title().id() } }
        }
        #expect(fragments.description == #"query {node(id:"x"){__typename,... on Product{id,title}}}"#)
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func seedCaseStudies() {
        #expect(
            SpecDocuments.q8().description
                == "query {shop{collections(first:10){edges{node{id,title,products(first:10){edges{node{id,title,productType,description}}}}}}}}"
        )
        let q9 = Storefront.buildQuery {
            $0.shop {
                $0.collections(first: 10, query: "shoes") { $0.edges { $0.node { $0.id().title().description() } } }
            }
        }
        #expect(
            q9.description == #"query {shop{collections(first:10,query:"shoes"){edges{node{id,title,description}}}}}"#)
        #expect(
            SpecDocuments.q10().description
                == #"query {node(id:"IjoxNDg4MTc3MzEsImxhc3R"){__typename,... on Collection{products(first:10,after:"sdWUiOiIxNDg4MTc3M"){pageInfo{hasNextPage},edges{cursor,node{id,title,productType,description}}}}}}"#
        )
        let q11 = Storefront.buildQuery {
            $0
                .node(id: GraphQL.ID(rawValue: "9Qcm9kdWN0LzMzMj")) {
                    $0
                        .onProduct {
                            $0
                                .id().title().description()
                                .images(first: 10) { $0.edges { $0.node { $0.id().src() } } }
                                .variants(first: 10) { $0.edges { $0.node { $0.id().price().title().available() } } }
                        }
                }
        }
        #expect(
            q11.description
                == #"query {node(id:"9Qcm9kdWN0LzMzMj"){__typename,... on Product{id,title,description,images(first:10){edges{node{id,src}}},variants(first:10){edges{node{id,price,title,available}}}}}}"#
        )
        let q12 = Storefront.buildQuery {
            $0
                .node(aliasSuffix: "collection", id: GraphQL.ID(rawValue: "NkZmFzZGZhc")) {
                    $0.onCollection { $0.id().title() }
                }
                .node(aliasSuffix: "product", id: GraphQL.ID(rawValue: "GZhc2Rm")) { $0.onProduct { $0.id().title() } }
        }
        #expect(
            q12.description
                == #"query {node__collection:node(id:"NkZmFzZGZhc"){__typename,... on Collection{id,title}},node__product:node(id:"GZhc2Rm"){__typename,... on Product{id,title}}}"#
        )
        let q13 = Storefront.buildQuery { $0.node(id: "NkZmFzZGZhc") { $0.onOrder { $0.id().processedAt() } } }
        #expect(q13.description == #"query {node(id:"NkZmFzZGZhc"){__typename,... on Order{id,processedAt}}}"#)
    }

    @Test func valueRendering() throws {
        #expect(GraphQL.quoteString(input: "\u{0} \r \n \\ \" c ꝏ") == #""\u0000 \r \n \\ \" c ꝏ""#)
        #expect(try #require(Decimal(string: "10.50")).graphQLLiteral == #""10.5""#)
        #expect(try #require(Decimal(string: "0.10")).graphQLLiteral == #""0.1""#)
        #expect(try #require(Decimal(string: "1e3")).graphQLLiteral == #""1000""#)
        #expect((1e-05 as Double).graphQLLiteral == "1e-05")
        #expect((100.0 as Double).graphQLLiteral == "100.0")
        #expect((1e16 as Double).graphQLLiteral == "1e+16")
        #expect((-3 as Int32).graphQLLiteral == "-3")
        #expect([Storefront.CountryCode.ca, .us].graphQLLiteral == "[CA,US]")
        #expect(Storefront.CustomerUpdateInput().graphQLLiteral == "{}")
        #expect(Storefront.CustomerUpdateInput(phone: .value(nil)).graphQLLiteral == "{phone:null}")
        #expect(Storefront.CustomerUpdateInput(phone: .value("x")).graphQLLiteral == #"{phone:"x"}"#)
        #expect(Storefront.CustomerUpdateInput(phone: .undefined).graphQLLiteral == "{}")
        #expect(Input<String>(orNull: nil) == .value(nil))
        #expect(Input<String>(orUndefined: nil) == .undefined)
        #expect(Optional("x").orUndefined == .value("x"))
        #expect(Optional<String>.none.orNull == .value(nil))
        let bare = Storefront.buildQuery { $0.products { $0.edges { $0.cursor() } } }
        #expect(bare.description == "query {products{edges{cursor}}}")
        #expect(Storefront.buildQuery { $0.shop { _ in } }.description == "query {shop{}}")
    }

    @Test func enumCaseNamingAndUnknownValue() {
        #expect(Storefront.ProductSortKeys.bestSelling.rawValue == "BEST_SELLING")
        #expect(Storefront.CardBrand.americanExpress.rawValue == "AMERICAN_EXPRESS")
        #expect(Storefront.MediaContentType.model3d.rawValue == "MODEL_3D")
        #expect(Storefront.CountryCode.us.rawValue == "US")
        #expect(Storefront.CurrencyCode(rawValue: "XYZ") == nil)
        #expect(Storefront.CurrencyCode.allCases.contains(.unknownValue))
        #expect(Storefront.Schema.version == "2021-10")
    }

    @Test func builderEqualityComparesRenderedText() {
        #expect(SpecDocuments.q7() == Storefront.buildQuery { $0.shop { $0.name().description().moneyFormat() } })
        #expect(SpecDocuments.q7() != shopNameQueryText())
    }

    private func shopNameQueryText() -> Storefront.QueryRootQuery { Storefront.buildQuery { $0.shop { $0.name() } } }
}
