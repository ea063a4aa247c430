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

    static func q4() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(aliasSuffix: "product", id: GraphQL.ID(rawValue: "gid://shopify/Product/1")) {
                    $0.onProduct { $0.id().title() }
                }
                .node(aliasSuffix: "collection", id: "gid://shopify/Collection/2") {
                    $0.onCollection { $0.id().handle() }
                }
                .products(first: 10, reverse: true, sortKey: .bestSelling, query: "title:\"a\\b\"\n\ttag:é") {
                    $0
                        .edges {
                            $0
                                .cursor()
                                .node {
                                    $0.id().title().title(aliasSuffix: "t2").priceRange {
                                        $0.minVariantPrice { $0.amount().currencyCode() }
                                    }
                                }
                        }
                        .pageInfo { $0.hasNextPage() }
                }
        }
    }

    @Test func q4AliasesFragmentsArgumentsAndEscaping() {
        #expect(
            Self.q4().description
                == #"query {node__product:node(id:"gid://shopify/Product/1"){__typename,... on Product{id,title}},node__collection:node(id:"gid://shopify/Collection/2"){__typename,... on Collection{id,handle}},products(first:10,reverse:true,sortKey:BEST_SELLING,query:"title:\"a\\b\"\n\u0009tag:é"){edges{cursor,node{id,title,title__t2:title,priceRange{minVariantPrice{amount,currencyCode}}}},pageInfo{hasNextPage}}}"#
        )
    }

    @Test func q5InContextDirective() {
        let query = Storefront.buildQuery(inContext: Storefront.InContextDirective(country: .ca)) {
            $0.shop { $0.name().name() }
        }
        #expect(query.description == "query @inContext(country:CA) {shop{name}}")
    }

    static func q6Prime() -> Storefront.MutationQuery {
        let input = Storefront.CartInput.create(
            attributes: .value([.create(key: "k\"", value: "v\n")]),
            lines: .value([.create(merchandiseId: "gid://shopify/ProductVariant/9", quantity: .value(2))]),
            discountCodes: .value(["A", "B"]),
            note: .value(nil),
            buyerIdentity: .value(.create(email: .value("a@b.c"), countryCode: .value(.us))))
        return Storefront.buildMutation {
            $0
                .cartCreate(input: input) {
                    $0
                        .cart { $0.id().checkoutUrl().estimatedCost { $0.totalAmount { $0.amount() } } }
                        .userErrors { $0.field().message().code() }
                }
        }
    }

    @Test func q6PrimeCartCreateInputRendersInSchemaOrder() {
        #expect(
            Self.q6Prime().description
                == #"mutation {cartCreate(input:{attributes:[{key:"k\"",value:"v\n"}],lines:[{quantity:2,merchandiseId:"gid://shopify/ProductVariant/9"}],discountCodes:["A","B"],note:null,buyerIdentity:{email:"a@b.c",countryCode:US}}){cart{id,checkoutUrl,estimatedCost{totalAmount{amount}}},userErrors{field,message,code}}}"#
        )
    }

    static func q7() -> Storefront.QueryRootQuery {
        Storefront.buildQuery { $0.shop { $0.name() }.shop { $0.description().moneyFormat() } }
    }

    @Test func q7RepeatedSelectionsMergeInInsertionOrder() {
        for _ in 0..<20 { #expect(Self.q7().description == "query {shop{name,description,moneyFormat}}") }
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
    static func q8() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .shop {
                    $0
                        .collections(first: 10) {
                            $0
                                .edges {
                                    $0
                                        .node {
                                            $0
                                                .id().title()
                                                .products(first: 10) {
                                                    $0.edges { $0.node { $0.id().title().productType().description() } }
                                                }
                                        }
                                }
                        }
                }
        }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func seedCaseStudies() {
        #expect(
            Self.q8().description
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
            Self.q10().description
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

    static func q10() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: GraphQL.ID(rawValue: "IjoxNDg4MTc3MzEsImxhc3R")) {
                    $0
                        .onCollection {
                            $0
                                .products(first: 10, after: "sdWUiOiIxNDg4MTc3M") {
                                    $0
                                        .pageInfo { $0.hasNextPage() }
                                        .edges { $0.cursor().node { $0.id().title().productType().description() } }
                                }
                        }
                }
        }
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func checkoutFlowDocuments() throws {
        let q14 = Storefront.buildMutation {
            $0
                .checkoutCreate(
                    input: .create(
                        lineItems: .value([
                            .create(variantId: GraphQL.ID(rawValue: "mFyaWFu"), quantity: 5),
                            .create(variantId: GraphQL.ID(rawValue: "8vc2hGl"), quantity: 3),
                        ]))
                ) { $0.checkout { $0.id() }.userErrors { $0.field().message() } }
        }
        #expect(
            q14.description
                == #"mutation {checkoutCreate(input:{lineItems:[{quantity:5,variantId:"mFyaWFu"},{quantity:3,variantId:"8vc2hGl"}]}){checkout{id},userErrors{field,message}}}"#
        )
        let q15 = Storefront.buildMutation {
            $0
                .checkoutEmailUpdate(checkoutId: "Y2hlY2tvdXQ", email: "john.smith@gmail.com") {
                    $0.checkout { $0.id() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q15.description
                == #"mutation {checkoutEmailUpdate(checkoutId:"Y2hlY2tvdXQ",email:"john.smith@gmail.com"){checkout{id},userErrors{field,message}}}"#
        )
        #expect(
            Self.q16().description
                == #"query {node(id:"Y2hlY2tvdXQ"){__typename,... on Checkout{id,availableShippingRates{ready,shippingRates{handle,price,title}}}}}"#
        )
        let q17 = Storefront.buildQuery {
            $0
                .node(id: "Y2hlY2tvdXQ") {
                    $0.onCheckout {
                        $0
                            .id().ready()
                            .totalDuties { $0.amount().currencyCode() }
                            .totalTaxV2 { $0.amount().currencyCode() }
                            .totalPriceV2 { $0.amount().currencyCode() }
                    }
                }
        }
        #expect(
            q17.description
                == #"query {node(id:"Y2hlY2tvdXQ"){__typename,... on Checkout{id,ready,totalDuties{amount,currencyCode},totalTaxV2{amount,currencyCode},totalPriceV2{amount,currencyCode}}}}"#
        )
        let q18 = Storefront.buildQuery {
            $0
                .node(id: "NkZmFzZGZhc") {
                    $0.onCheckout { $0.order { $0.id().processedAt().orderNumber().totalPrice() } }
                }
        }
        #expect(
            q18.description
                == #"query {node(id:"NkZmFzZGZhc"){__typename,... on Checkout{order{id,processedAt,orderNumber,totalPrice}}}}"#
        )
        let q19 = Storefront.buildMutation {
            $0
                .checkoutShippingLineUpdate(checkoutId: "Y2hlY2tvdXQ", shippingRateHandle: "sandbox-standard-10.00") {
                    $0.checkout { $0.id() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q19.description
                == #"mutation {checkoutShippingLineUpdate(checkoutId:"Y2hlY2tvdXQ",shippingRateHandle:"sandbox-standard-10.00"){checkout{id},userErrors{field,message}}}"#
        )

        let amount = try #require(Decimal(string: "10.50"))
        let payment = Storefront.CreditCardPaymentInputV2.create(
            paymentAmount: .create(amount: amount, currencyCode: .usd), idempotencyKey: "k1",
            billingAddress: .create(
                address1: .value("80 Spadina Ave."), city: .value("Toronto"), country: .value("Canada"),
                province: .value("ON"), zip: .value("M5V 2J4")),
            vaultId: "vt_1")
        let q20 = Storefront.buildMutation {
            $0
                .checkoutCompleteWithCreditCardV2(checkoutId: "Y2hlY2tvdXQ", payment: payment) {
                    $0
                        .payment { $0.id().ready() }.checkout { $0.id().ready() }.checkoutUserErrors {
                            $0.code().field().message()
                        }
                }
        }
        #expect(
            q20.description
                == #"mutation {checkoutCompleteWithCreditCardV2(checkoutId:"Y2hlY2tvdXQ",payment:{paymentAmount:{amount:"10.5",currencyCode:USD},idempotencyKey:"k1",billingAddress:{address1:"80 Spadina Ave.",city:"Toronto",country:"Canada",province:"ON",zip:"M5V 2J4"},vaultId:"vt_1"}){payment{id,ready},checkout{id,ready},checkoutUserErrors{code,field,message}}}"#
        )

        let tokenized = Storefront.TokenizedPaymentInput.create(
            amount: try #require(Decimal(string: "295.89")), idempotencyKey: "k2",
            billingAddress: .create(city: .value("Toronto"), country: .value("Canada")),
            type: "apple_pay", paymentData: #"{"version":"EC_v1"}"#)
        let q21 = Storefront.buildMutation {
            $0
                .checkoutCompleteWithTokenizedPayment(checkoutId: "Y2hlY2tvdXQ", payment: tokenized) {
                    $0
                        .payment { $0.id().ready() }.checkout { $0.id().ready() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q21.description
                == #"mutation {checkoutCompleteWithTokenizedPayment(checkoutId:"Y2hlY2tvdXQ",payment:{amount:"295.89",idempotencyKey:"k2",billingAddress:{city:"Toronto",country:"Canada"},type:"apple_pay",paymentData:"{\"version\":\"EC_v1\"}"}){payment{id,ready},checkout{id,ready},userErrors{field,message}}}"#
        )
    }

    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    static func q16() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0
                .node(id: "Y2hlY2tvdXQ") {
                    $0.onCheckout {
                        $0.id().availableShippingRates { $0.ready().shippingRates { $0.handle().price().title() } }
                    }
                }
        }
    }

    @available(*, deprecated)
    @Test func customerDocuments() {
        let create = Storefront.CustomerCreateInput.create(
            email: .value("john.smith@gmail.com"), password: .value("123456"),
            firstName: .value("John"), lastName: .value("Smith"), acceptsMarketing: .value(true))
        let q22 = Storefront.buildMutation {
            $0
                .customerCreate(input: create) {
                    $0.customer { $0.id().email().firstName().lastName() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q22.description
                == #"mutation {customerCreate(input:{firstName:"John",lastName:"Smith",email:"john.smith@gmail.com",password:"123456",acceptsMarketing:true}){customer{id,email,firstName,lastName},userErrors{field,message}}}"#
        )
        #expect(
            Self.q23().description
                == #"mutation {customerUpdate(customerAccessToken:"tok",customer:{phone:null}){customer{phone}}}"#)
        let q24 = Storefront.buildMutation {
            $0
                .customerUpdate(
                    customerAccessToken: "tok", customer: Storefront.CustomerUpdateInput(phone: .value("+16471234567"))
                ) { $0.customer { $0.phone() } }
        }
        #expect(
            q24.description
                == #"mutation {customerUpdate(customerAccessToken:"tok",customer:{phone:"+16471234567"}){customer{phone}}}"#
        )
        let reset = Storefront.CustomerResetInput.create(resetToken: "c29tZSB0b2tlbiB2YWx1ZQ", password: "abc123")
        let q25 = Storefront.buildMutation {
            $0
                .customerReset(id: GraphQL.ID(rawValue: "YSBjdXN0b21lciBpZA"), input: reset) {
                    $0
                        .customer { $0.id().firstName().lastName() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q25.description
                == #"mutation {customerReset(id:"YSBjdXN0b21lciBpZA",input:{resetToken:"c29tZSB0b2tlbiB2YWx1ZQ",password:"abc123"}){customer{id,firstName,lastName},userErrors{field,message}}}"#
        )
        let address = Storefront.MailingAddressInput.create(
            address1: .value("80 Spadina Ave."), address2: .value("Suite 400"), city: .value("Toronto"),
            country: .value("Canada"),
            firstName: .value("John"), lastName: .value("Smith"), phone: .value("1-123-456-7890"),
            province: .value("ON"), zip: .value("M5V 2J4"))
        let q26 = Storefront.buildMutation {
            $0
                .customerAddressCreate(customerAccessToken: "tok", address: address) {
                    $0
                        .customerAddress { $0.id().address1().address2() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q26.description
                == #"mutation {customerAddressCreate(customerAccessToken:"tok",address:{address1:"80 Spadina Ave.",address2:"Suite 400",city:"Toronto",country:"Canada",firstName:"John",lastName:"Smith",phone:"1-123-456-7890",province:"ON",zip:"M5V 2J4"}){customerAddress{id,address1,address2},userErrors{field,message}}}"#
        )
    }

    static func q23() -> Storefront.MutationQuery {
        Storefront.buildMutation {
            $0
                .customerUpdate(
                    customerAccessToken: "tok", customer: Storefront.CustomerUpdateInput(phone: .value(nil))
                ) { $0.customer { $0.phone() } }
        }
    }

    static func q28() -> Storefront.QueryRootQuery {
        Storefront.buildQuery {
            $0.products(first: 10, query: "updated_at:>\"2017-05-29T00:00:00Z\"") { $0.edges { $0.node { $0.id() } } }
        }
    }

    @Test func searchAndCartDocuments() {
        let q27 = Storefront.buildQuery { $0.products(first: 10, query: "-tag:*") { $0.edges { $0.node { $0.id() } } } }
        #expect(q27.description == #"query {products(first:10,query:"-tag:*"){edges{node{id}}}}"#)
        #expect(
            Self.q28().description
                == #"query {products(first:10,query:"updated_at:>\"2017-05-29T00:00:00Z\""){edges{node{id}}}}"#)
        let q29 = Storefront.buildMutation {
            $0
                .cartLinesAdd(
                    lines: [
                        .create(merchandiseId: "Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMQ==", quantity: .value(1))
                    ], cartId: "Y2FydA"
                ) {
                    $0
                        .cart { $0.id().lines(first: 10) { $0.edges { $0.node { $0.id().quantity() } } } }
                        .userErrors { $0.field().message().code() }
                }
        }
        #expect(
            q29.description
                == #"mutation {cartLinesAdd(lines:[{quantity:1,merchandiseId:"Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMQ=="}],cartId:"Y2FydA"){cart{id,lines(first:10){edges{node{id,quantity}}}},userErrors{field,message,code}}}"#
        )
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
        #expect(Self.q7() == Storefront.buildQuery { $0.shop { $0.name().description().moneyFormat() } })
        #expect(Self.q7() != shopNameQueryText())
    }

    private func shopNameQueryText() -> Storefront.QueryRootQuery { Storefront.buildQuery { $0.shop { $0.name() } } }
}
