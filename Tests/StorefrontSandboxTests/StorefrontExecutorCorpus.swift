import CommerceCore

/// Query documents the two Storefront executors must answer identically (``StorefrontExecutorDifferentialTests``):
/// the shapes the Storefront suites use, the documents the Buy client generates (QuerySerializationTests'
/// vectors, with IDs of the demo catalogue), and every construct the synchronous executor covers or leaves
/// to the library — each with whether the synchronous executor is expected to answer it itself.
struct ExecutorCase: CustomStringConvertible, Sendable {
    let name: String
    let document: String
    var variables: JSONObject = [:]
    var operationName: String?
    /// `true`: the synchronous executor answers; `false`: it must leave the request to GraphQLSwift.
    let synchronous: Bool

    var description: String { name }
}

enum ExecutorCorpus {
    static let product1 = GID.product(1), variant11 = GID.variant(11), collection1 = GID.collection(1)

    static let cases: [ExecutorCase] = [
        ExecutorCase(
            name: "benchmark products query",
            document: """
                { shop { name } products(first: 10) { edges { node { id title variants(first: 3) { edges { node { id priceV2 { amount } } } } } } } }
                """, synchronous: true),
        ExecutorCase(
            name: "shop fields",
            document: """
                {shop{name description moneyFormat currencyCode shipsToCountries shopifyPaymentsAccountId primaryDomain{host sslEnabled url}
                 paymentSettings{acceptedCardBrands cardVaultUrl countryCode currencyCode enabledPresentmentCurrencies supportedDigitalWallets}
                 privacyPolicy{id} articles(first:2){edges{node{id}}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "every catalogue field",
            document: """
                {products(first:3,sortKey:TITLE,reverse:true){edges{cursor node{id handle title description(truncateAt:5) descriptionHtml
                 productType vendor tags createdAt updatedAt publishedAt availableForSale totalInventory requiresSellingPlan
                 priceRange{minVariantPrice{amount currencyCode} maxVariantPrice{amount}} compareAtPriceRange{maxVariantPrice{amount}}
                 seo{title description} options{id name values} options0:options(first:0){name}
                 images(first:2){edges{node{id src originalSrc altText width height transformedSrc(maxWidth:100,maxHeight:50)}}}
                 variants(first:5,sortKey:TITLE){edges{cursor node{id title sku available availableForSale currentlyNotInStock quantityAvailable
                   requiresShipping price priceV2{amount currencyCode} weight weightUnit selectedOptions{name value} image{src} product{id}}}}
                 collections(first:2){edges{node{id title}}} media(first:1){edges{cursor}}}}
                 pageInfo{hasNextPage hasPreviousPage}}}
                """, synchronous: true),
        ExecutorCase(
            name: "collections and their products",
            document: """
                {collections(first:5){edges{node{id title handle description(truncateAt:3) descriptionHtml updatedAt image{src}
                 products(first:3,sortKey:COLLECTION_DEFAULT){edges{node{title}} pageInfo{hasNextPage}}}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "tags, types, versions",
            document: """
                {productTags(first:5){edges{node cursor}} productTypes(first:5){edges{node}} publicApiVersions{displayName handle supported}}
                """, synchronous: true),
        ExecutorCase(
            name: "aliases and merged fields",
            document: """
                {a:shop{name} b:shop{n:name name} shop{name} shop{description} p:products(first:1){edges{node{title}}} p:products(first:1){edges{node{id}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "__typename everywhere",
            document: """
                {__typename shop{__typename} products(first:1){__typename edges{__typename node{__typename}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "named fragments",
            document: """
                query Q{products(first:2){...Conn} again:products(first:1){...Conn ...Conn}}
                fragment Conn on ProductConnection{edges{node{...P}}}
                fragment P on Product{id title ... on Product{handle} ...on Node{id}}
                """, synchronous: true),
        ExecutorCase(
            name: "inline fragments on an interface",
            document: """
                {node(id:"\(product1)"){__typename id ...on Product{title} ...on ProductVariant{sku} ...on Collection{handle}}
                 v:node(id:"\(variant11)"){__typename ...on ProductVariant{title product{title}}}
                 c:node(id:"\(collection1)"){... on Collection{title}}}
                """, synchronous: true),
        ExecutorCase(
            name: "nodes with missing ids",
            document: """
                {a:nodes(ids:["\(GID.product(999))","\(variant11)","not-an-id","\(product1)"]){__typename,id,...on Product{title,variants(first:2){edges{node{id,priceV2{amount}}}}},...on ProductVariant{title}}
                 b:nodes(ids:["\(GID.collection(999))"]){id}, c:nodes(ids:[]){id}}
                """, synchronous: true),
        ExecutorCase(
            name: "nulls",
            document: """
                {shop{shopifyPaymentsAccountId} productByHandle(handle:"nope"){id} collectionByHandle(handle:"nope"){id} node(id:"nope"){id}
                 product(id:"\(GID.product(999))"){id} customer(customerAccessToken:"nope"){id} cart(id:"nope"){id}}
                """, synchronous: true),
        ExecutorCase(
            name: "variables with defaults",
            document: """
                query($n:Int!,$after:String,$sort:ProductSortKeys=TITLE,$rev:Boolean){products(first:$n,after:$after,sortKey:$sort,reverse:$rev){edges{node{title}}}}
                """, variables: ["n": 2], synchronous: true),
        ExecutorCase(
            name: "list variable",
            document: """
                query($ids:[ID!]!){nodes(ids:$ids){id ...on ProductVariant{title}}}
                """, variables: ["ids": .array([.string(variant11), "nope", .string(product1)])], synchronous: true),
        ExecutorCase(
            name: "skip and include, literal and variable (true)",
            document: """
                query($s:Boolean!){shop{name @skip(if:$s) description @include(if:$s)} products(first:1) @include(if:false){edges{node{id}}}
                 collections(first:1) @skip(if:false){edges{node{id}}}}
                """, variables: ["s": true], synchronous: true),
        ExecutorCase(
            name: "skip and include, literal and variable (false)",
            document: """
                query($s:Boolean!){shop{name @skip(if:$s) description @include(if:$s)} products(first:1) @include(if:false){edges{node{id}}}
                 collections(first:1) @skip(if:false){edges{node{id}}}}
                """, variables: ["s": false], synchronous: true),
        ExecutorCase(
            name: "operation chosen by name",
            document: """
                query A{shop{name}} query B{products(first:1){edges{node{title}}}}
                """, operationName: "B", synchronous: true),
        ExecutorCase(
            name: "error in a non-null root field nulls data",
            document: """
                {shop{name} products(first:300){edges{node{id}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "error below a nullable field nulls only it",
            document: """
                {shop{name} node(id:"\(product1)"){... on Product{title variants(first:-1){edges{node{id}}}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "invalid cursor",
            document: """
                {products(first:2,after:"bogus"){edges{node{id}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "error on a merged field reports every location",
            document: """
                {node(id:"\(product1)"){... on Product{images(first:1,last:1){edges{node{id}}}} ... on Product{images(first:1,last:1){edges{cursor}}}}}
                """, synchronous: true),
        ExecutorCase(
            name: "two errors go to the library",
            document: """
                {a:node(id:"\(product1)"){... on Product{variants(first:-1){edges{node{id}}}}} b:node(id:"\(product1)"){... on Product{images(first:300){edges{node{id}}}}}}
                """, synchronous: false),
        ExecutorCase(
            name: "input object argument goes to the library",
            document: """
                {product(id:"\(product1)"){variantBySelectedOptions(selectedOptions:[{name:"Title",value:"nope"}]){id}}}
                """, synchronous: false),
        ExecutorCase(
            name: "introspection goes to the library", document: "{__schema{queryType{name}}}", synchronous: false),
        ExecutorCase(
            name: "unknown operation name goes to the library", document: "query A{shop{name}}",
            operationName: "Z", synchronous: false),
        ExecutorCase(
            name: "missing required variable goes to the library",
            document: "query($n:Int!){products(first:$n){edges{cursor}}}",
            synchronous: false),
        ExecutorCase(
            name: "mistyped variable goes to the library",
            document: "query($n:Int!){products(first:$n){edges{cursor}}}",
            variables: ["n": "two"], synchronous: false),
        // The Buy client's documents (QuerySerializationTests), with the demo catalogue's IDs.
        ExecutorCase(
            name: "Buy q4",
            document:
                #"query {node__product:node(id:"\#(product1)"){__typename,... on Product{id,title}},node__collection:node(id:"\#(collection1)"){__typename,... on Collection{id,handle}},products(first:10,reverse:true,sortKey:BEST_SELLING,query:"title:\"a\\b\"\n\u0009tag:é"){edges{cursor,node{id,title,title__t2:title,priceRange{minVariantPrice{amount,currencyCode}}}},pageInfo{hasNextPage}}}"#,
            synchronous: true),
        ExecutorCase(
            name: "Buy fragments", document: #"query {node(id:"x"){__typename,... on Product{id,title}}}"#,
            synchronous: true),
        ExecutorCase(
            name: "Buy q9",
            document: #"query {shop{collections(first:10,query:"shoes"){edges{node{id,title,description}}}}}"#,
            synchronous: true),
        ExecutorCase(
            name: "Buy q10",
            document:
                #"query {node(id:"\#(collection1)"){__typename,... on Collection{products(first:10){pageInfo{hasNextPage},edges{cursor,node{id,title,productType,description}}}}}}"#,
            synchronous: true),
        ExecutorCase(
            name: "Buy q11",
            document:
                #"query {node(id:"\#(product1)"){__typename,... on Product{id,title,description,images(first:10){edges{node{id,src}}},variants(first:10){edges{node{id,price,title,available}}}}}}"#,
            synchronous: true),
        ExecutorCase(
            name: "Buy q12",
            document:
                #"query {node__collection:node(id:"\#(collection1)"){__typename,... on Collection{id,title}},node__product:node(id:"GZhc2Rm"){__typename,... on Product{id,title}}}"#,
            synchronous: true),
        ExecutorCase(
            name: "Buy q27", document: #"query {products(first:10,query:"-tag:*"){edges{node{id}}}}"#, synchronous: true
        ),
        ExecutorCase(
            name: "Buy q28",
            document: #"query {products(first:10,query:"updated_at:>\"2017-05-29T00:00:00Z\""){edges{node{id}}}}"#,
            synchronous: true),
    ]
}
