import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Catalog fields with arguments (spec §5.3 subset, §5.7 sort keys), `@inContext` (§5.2), the C7 internal-error
/// shape (§4.3) and the `latencyMs` simulation (§5.14).
@Suite struct StorefrontCatalogArgumentTests {
    @Test func inContextDirectiveAndAcceptLanguageAreAcceptedWithoutEffect() async throws {
        let client = try StorefrontClient()
        let selection =
            "{shop{name,currencyCode},product(handle:\"road-runner\"){title,priceRange{minVariantPrice{amount,currencyCode}}}}"
        let plain = try await client.data("query \(selection)")
        let canada = try await client.data("query @inContext(country:CA) \(selection)")
        #expect(canada == plain)
        // Another country and a location change nothing either: one currency, no translations.
        let elsewhere = try await client.data(
            "query @inContext(country:FR,preferredLocationId:\"\(GID.encode("gid://shopify/Location/1"))\") \(selection)"
        )
        #expect(elsewhere == plain)
        #expect(elsewhere["product"]?["priceRange"]?["minVariantPrice"]?["currencyCode"] == "CAD")
        let french = try await client.send(
            body: JSONValue.object(["query": .string("query @inContext(country:CA) \(selection)")]).serializedData(),
            headers: [
                "Content-Type": "application/json", "Accept-Language": "fr-CA",
                "X-Shopify-Storefront-Access-Token": client.token,
            ])
        #expect(french.status == 200)
        #expect(french.json["data"] == plain)
        // Mutations take the directive too.
        let mutation = try await client.graphQL(
            #"mutation @inContext(country:CA) {customerRecover(email:"nobody@example.com"){customerUserErrors{code}}}"#)
        #expect(mutation["errors"] == nil)
        #expect(mutation["data"]?["customerRecover"]?["customerUserErrors"]?[0]?["code"] == "UNIDENTIFIED_CUSTOMER")
    }

    @Test func productTagsAndTypesAreDistinctSortedAndPaged() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {productTags(first:250){edges{node}},productTypes(first:250){edges{node},pageInfo{hasNextPage}},shop{productTags(first:250){edges{node}},productTypes(first:250){edges{node}}}}
            """)
        let tags = data["productTags"]?["edges"]?.arrayValue?.compactMap { $0["node"]?.stringValue }
        #expect(tags == ["blue", "digital", "filler", "red", "running", "trail"])
        let types = data["productTypes"]?["edges"]?.arrayValue?.compactMap { $0["node"]?.stringValue }
        #expect(types == ["boot", "gift card", "shoe", "slipper", "sneaker"])
        #expect(data["productTypes"]?["pageInfo"]?["hasNextPage"] == false)
        #expect(data["shop"]?["productTags"] == data["productTags"])
        #expect(data["shop"]?["productTypes"]?["edges"] == data["productTypes"]?["edges"])

        let page = try await client.data(
            "query {productTags(first:2){pageInfo{hasNextPage,hasPreviousPage},edges{cursor,node}}}")
        #expect(page["productTags"]?["pageInfo"]?.serialized() == #"{"hasNextPage":true,"hasPreviousPage":false}"#)
        #expect(
            page["productTags"]?["edges"]?.arrayValue?.compactMap { $0["node"]?.stringValue } == ["blue", "digital"])
        let cursor = try #require(page["productTags"]?["edges"]?[1]?["cursor"]?.stringValue)
        let next = try await client.graphQL("query {productTags(first:2,after:\"\(cursor)\"){edges{node}}}")
        // 2021-10 gives productTags only `first`: there is no way to ask for the next page.
        #expect(next["errors"]?[0]?["extensions"]?["code"] == "argumentNotAccepted")
        let empty = try await client.data("query {productTypes(first:0){pageInfo{hasNextPage},edges{node}}}")
        #expect(empty["productTypes"]?.serialized() == #"{"pageInfo":{"hasNextPage":true},"edges":[]}"#)
    }

    @Test func directiveArgumentsAreValidatedAgainst2021_10() async throws {
        let client = try StorefrontClient()
        // 2021-10's @inContext has no `language` (it arrived later): the real service refuses the document.
        let language = try await client.graphQL("query @inContext(country:CA,language:FR) {shop{name}}")
        #expect(
            language.serialized()
                == #"{"errors":[{"message":"Directive 'inContext' doesn't accept argument 'language'","locations":[{"line":1,"column":29}],"path":["query"],"extensions":{"code":"argumentNotAccepted","name":"inContext","typeName":"Directive","argumentName":"language"}}]}"#
        )
        let country = try await client.graphQL("query @inContext(country:XX) {shop{name}}")
        #expect(
            country.serialized()
                == #"{"errors":[{"message":"Argument 'country' on Directive 'inContext' has an invalid value (XX). Expected type 'CountryCode'.","locations":[{"line":1,"column":26}],"path":["query"],"extensions":{"code":"argumentLiteralsIncompatible","typeName":"Directive","argumentName":"country"}}]}"#
        )
        // On a field, the unknown directive argument is reported once, against the directive, not the field.
        let onField = try await client.graphQL("query {shop @include(if:true,foo:1){name}}")
        #expect(
            onField.serialized()
                == #"{"errors":[{"message":"Directive 'include' doesn't accept argument 'foo'","locations":[{"line":1,"column":30}],"path":["query","shop"],"extensions":{"code":"argumentNotAccepted","name":"include","typeName":"Directive","argumentName":"foo"}}]}"#
        )
        let skip = try await client.graphQL("query {shop{name @skip(if:FALSE)}}")
        #expect(
            skip["errors"]?[0]?["message"]
                == "Argument 'if' on Directive 'skip' has an invalid value (FALSE). Expected type 'Boolean!'.")
        #expect(skip["errors"]?[0]?["path"]?.serialized() == #"["query","shop","name"]"#)
        // Field arguments keep their own wording.
        let field = try await client.graphQL("query {shop{name},products(frist:1){edges{node{id}}}}")
        #expect(field["errors"]?[0]?["message"] == "Field 'products' doesn't accept argument 'frist'")
        #expect(try await client.data("query @inContext {shop{name}}")["shop"]?["name"] == "Sandbox Shoes")
    }

    @Test func queryTagAbsentIsReportedAndLogged() async throws {
        let client = try StorefrontClient()
        let result = try await client.send(body: Data(#"{"query":"query {shop{name}}"}"#.utf8))
        #expect(result.status == 200)
        #expect(result.response.headers["X-Sandbox-Query-Tag"] == "absent")
        let log = try await client.control(.get, "/sandbox/storefront/requests?limit=5")
        #expect(log.json.arrayValue?.map { $0["queryTag"]?.stringValue } == ["absent"])
        #expect(log.json[0]?["operation"] == "query")
    }

    @Test func productTagsNeedTheirOwnScope() async throws {
        var client = try StorefrontClient()
        let created = try await client.control(
            .post, "/sandbox/storefront/shops/1/tokens",
            json: ["scopes": ["unauthenticated_read_product_listings"]])
        client.token = try #require(created.json["token"]?.stringValue)
        let body = try await client.graphQL("query {productTags(first:5){edges{node}}}")
        #expect(body["data"] == .null)
        #expect(
            body["errors"]?[0]?["extensions"]?.serialized()
                == #"{"code":"ACCESS_DENIED","requiredAccess":"`unauthenticated_read_product_tags` access scope."}"#)
        #expect(body["errors"]?[0]?["path"]?.serialized() == #"["productTags"]"#)
        // The same field under `shop` is checked the same way.
        let underShop = try await client.graphQL("query {shop{productTags(first:5){edges{node}}}}")
        #expect(underShop["data"] == .null)
        #expect(underShop["errors"]?[0]?["path"]?.serialized() == #"["shop","productTags"]"#)
        #expect(underShop["errors"]?[0]?["extensions"]?["code"] == "ACCESS_DENIED")
        // Product types come with product listings.
        let types = try await client.data("query {productTypes(first:1){edges{node}}}")
        #expect(types["productTypes"]?["edges"]?[0]?["node"] == "boot")
    }

    @Test func descriptionTruncateAt() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {product(handle:"road-runner"){full:description,cut:description(truncateAt:10),exact:description(truncateAt:22),longer:description(truncateAt:500),none:description(truncateAt:0)},collection(handle:"boots"){description(truncateAt:6)}}
            """)
        let product = try #require(data["product"])
        #expect(product["full"] == "A cushioned road shoe.")
        #expect(product["cut"] == "A cushione...")
        #expect(product["exact"] == "A cushioned road shoe.")
        #expect(product["longer"] == "A cushioned road shoe.")
        #expect(product["none"] == "...")
        #expect(data["collection"]?["description"] == "Sturdy...")
    }

    @Test func transformedSrcAddsTheRequestedSize() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {product(handle:"road-runner"){images(first:1){edges{node{src,originalSrc,plain:transformedSrc,both:transformedSrc(maxWidth:100,maxHeight:50),wide:transformedSrc(maxWidth:320),tall:transformedSrc(maxHeight:240),scaled:transformedSrc(maxWidth:100,crop:CENTER,scale:2)}}}},collection(handle:"boots"){image{src,transformedSrc(maxWidth:64,maxHeight:64)}}}
            """)
        let image = try #require(data["product"]?["images"]?["edges"]?[0]?["node"])
        let src = client.context.publicURL(path: "/sandbox/storefront/images/product-1-1.png")
        #expect(image["src"]?.stringValue == src)
        #expect(image["originalSrc"]?.stringValue == src)
        #expect(image["plain"]?.stringValue == src)
        #expect(image["both"]?.stringValue == src + "?width=100&height=50")
        #expect(image["wide"]?.stringValue == src + "?width=320")
        #expect(image["tall"]?.stringValue == src + "?height=240")
        #expect(image["scaled"]?.stringValue == src + "?width=100")
        let collectionImage = client.context.publicURL(path: "/sandbox/storefront/images/collection-3.png")
        #expect(
            data["collection"]?["image"]?.serialized()
                == #"{"src":"\#(collectionImage)","transformedSrc":"\#(collectionImage)?width=64&height=64"}"#)
        // The transformed URL is still served.
        let served = try await client.send(.get, "/sandbox/storefront/images/product-1-1.png", headers: [:])
        #expect(served.status == 200)
    }

    @Test func variantBySelectedOptions() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {product(handle:"road-runner"){nine:variantBySelectedOptions(selectedOptions:[{name:"Size",value:"9"}]){id,title},lower:variantBySelectedOptions(selectedOptions:[{name:"size",value:"10"}]){id},missing:variantBySelectedOptions(selectedOptions:[{name:"Size",value:"11"}]){id},otherOption:variantBySelectedOptions(selectedOptions:[{name:"Color",value:"8"}]){id}},suede:product(handle:"blue-suede"){variantBySelectedOptions(selectedOptions:[{name:"Title",value:"Default Title"}]){id}}}
            """)
        let product = try #require(data["product"])
        #expect(product["nine"]?.serialized() == #"{"id":"\#(GID.variant(12))","title":"9"}"#)
        #expect(product["lower"]?["id"]?.stringValue == GID.variant(13))
        #expect(product["missing"] == .null)
        #expect(product["otherOption"] == .null)
        #expect(data["suede"]?["variantBySelectedOptions"]?["id"]?.stringValue == GID.variant(31))
    }

    @Test func variantSortKeys() async throws {
        let client = try StorefrontClient()
        func ids(_ arguments: String) async throws -> [Int] {
            let data = try await client.data(
                "query {product(handle:\"road-runner\"){variants(first:10\(arguments)){edges{node{id}}}}}")
            return data["product"]?["variants"]?.nodeNumbers ?? []
        }
        #expect(try await ids("") == [11, 12, 13])
        #expect(try await ids(",sortKey:POSITION") == [11, 12, 13])
        #expect(try await ids(",sortKey:POSITION,reverse:true") == [13, 12, 11])
        #expect(try await ids(",sortKey:ID") == [11, 12, 13])
        // Titles "8", "9", "10" sort as text.
        #expect(try await ids(",sortKey:TITLE") == [13, 11, 12])
        #expect(try await ids(",sortKey:TITLE,reverse:true") == [12, 11, 13])
        #expect(try await ids(",sortKey:SKU") == [11, 12, 13])

        // A cursor carries its sort key: it pages within TITLE and is refused by another sort (C5).
        let first = try await client.data(
            "query {product(handle:\"road-runner\"){variants(first:1,sortKey:TITLE){edges{cursor,node{id}}}}}")
        let cursor = try #require(first["product"]?["variants"]?["edges"]?[0]?["cursor"]?.stringValue)
        #expect(GID.decode(cursor) == #"{"last_id":13,"last_value":"10","sort":"TITLE"}"#)
        #expect(try await ids(",sortKey:TITLE,after:\"\(cursor)\"") == [11, 12])
        let refused = try await client.graphQL(
            "query {product(handle:\"road-runner\"){variants(first:1,sortKey:SKU,after:\"\(cursor)\"){edges{node{id}}}}}"
        )
        #expect(refused["errors"]?[0]?["message"]?.stringValue == "Invalid cursor '\(cursor)'")
    }

    @Test func imageSortKeys() async throws {
        let client = try StorefrontClient()
        func ids(_ arguments: String) async throws -> [String?] {
            let data = try await client.data(
                "query {product(handle:\"road-runner\"){images(first:10\(arguments)){edges{node{id}}}}}")
            return (data["product"]?["images"]?["edges"]?.arrayValue ?? []).map {
                GID.decode($0["node"]?["id"]?.stringValue)
            }
        }
        let inOrder = ["gid://shopify/ProductImage/11", "gid://shopify/ProductImage/12"]
        #expect(try await ids("") == inOrder)
        #expect(try await ids(",sortKey:POSITION") == inOrder)
        #expect(try await ids(",sortKey:ID") == inOrder)
        #expect(try await ids(",sortKey:ID,reverse:true") == inOrder.reversed())
        #expect(try await ids(",reverse:true") == inOrder.reversed())
        let last = try await client.data(
            "query {product(handle:\"road-runner\"){images(last:1){pageInfo{hasNextPage,hasPreviousPage},edges{node{id}}}}}"
        )
        #expect(
            last["product"]?["images"]?["pageInfo"]?.serialized() == #"{"hasNextPage":false,"hasPreviousPage":true}"#)
    }

    @Test func internalErrorShape() async throws {
        let client = try StorefrontClient()
        // Reachable only through a sandbox failure: take away the table the cart resolver reads.
        try await client.context.database.write { db in try db.execute(sql: "DROP TABLE storefront_cart_lines") }
        try await client.context.database.write { db in try db.execute(sql: "DROP TABLE storefront_carts") }
        let cartID = GID.encode("gid://shopify/Cart/\(String(repeating: "a", count: 32))")
        let result = try await client.send(
            body: JSONValue.object(["query": .string("query {shop{name},cart(id:\"\(cartID)\"){id}}")]).serializedData()
        )
        #expect(result.status == 200)
        let requestID = try #require(result.response.headers["X-Request-Id"])
        #expect(result.json["data"]?.serialized() == #"{"shop":{"name":"Sandbox Shoes"},"cart":null}"#)
        let errors = result.json["errors"]?.arrayValue ?? []
        #expect(errors.count == 1)
        #expect(
            errors.first?.serialized()
                == #"{"message":"Internal error. Request ID: \#(requestID)","locations":[{"line":1,"column":19}],"path":["cart"],"extensions":{"code":"INTERNAL_SERVER_ERROR","requestId":"\#(requestID)"}}"#
        )
        let log = try await client.control(.get, "/sandbox/storefront/requests?limit=1")
        #expect(log.json[0]?["status"] == 200)
    }

    @Test func latencyDelaysEveryGraphQLResponse() async throws {
        let client = try StorefrontClient()
        let settings = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation", json: ["latencyMs": 300])
        #expect(settings.json["latencyMs"] == 300)
        let clock = ContinuousClock()
        let start = clock.now
        let body = try await client.data("query {shop{name}}")
        let elapsed = clock.now - start
        #expect(body["shop"]?["name"] == "Sandbox Shoes")
        #expect(elapsed >= .milliseconds(290), "answered after \(elapsed)")
        // Errors wait too: the delay comes before the answer, whatever it is.
        let second = clock.now
        _ = try await client.graphQL("query {shop{nme}}")
        #expect(clock.now - second >= .milliseconds(290))
    }
}
