import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Catalog vectors of spec §6.7: IDs, money, node lookup, images and variants.
@Suite struct StorefrontCatalogTests {
    @Test func idsAreBase64GlobalIDs() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {products(first:1){edges{node{id,variants(first:1){edges{node{id}}}}}},collections(first:1){edges{node{id}}}}
            """)
        #expect(data["products"]?["edges"]?[0]?["node"]?["id"] == "Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0LzE=")
        #expect(
            data["products"]?["edges"]?[0]?["node"]?["variants"]?["edges"]?[0]?["node"]?["id"]
                == "Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMQ==")
        #expect(data["collections"]?["edges"]?[0]?["node"]?["id"] == "Z2lkOi8vc2hvcGlmeS9Db2xsZWN0aW9uLzE=")
    }

    @Test func nodeAcceptsBase64AndRawIDs() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {a:node(id:"gid://shopify/Product/1"){__typename,... on Product{title}},b:node(id:"Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0LzE"){... on Product{title}},c:node(id:"NkZmFzZGZhc"){id},d:nodes(ids:["\(GID.variant(11))","\(GID.collection(2))"]){__typename}}
            """)
        #expect(data["a"]?.serialized() == #"{"__typename":"Product","title":"Road Runner"}"#)
        #expect(data["b"]?["title"] == "Road Runner")
        #expect(data["c"] == .null)
        #expect(data["d"]?.serialized() == #"[{"__typename":"ProductVariant"},{"__typename":"Collection"}]"#)
    }

    @Test func variantMoneyAndDetails() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {node(id:"\(GID.product(1))"){... on Product{title,description,descriptionHtml,tags,totalInventory,availableForSale,createdAt,priceRange{minVariantPrice{amount,currencyCode}},images(first:10){edges{node{id,src,width,height}}},variants(first:10){edges{node{id,price,priceV2{amount,currencyCode},title,available,sku,selectedOptions{name,value},product{handle}}}}}}}
            """)
        let product = try #require(data["node"])
        #expect(product["descriptionHtml"] == "<p>A cushioned road shoe.</p>")
        #expect(product["totalInventory"] == 300)
        #expect(product["createdAt"] == "2017-05-01T00:00:00Z")
        #expect(product["priceRange"]?.serialized() == #"{"minVariantPrice":{"amount":"89.0","currencyCode":"CAD"}}"#)
        let images = product["images"]?["edges"]?.arrayValue ?? []
        #expect(images.count == 2)
        #expect(
            images.first?["node"]?["src"]?.stringValue
                == client.context.publicURL(path: "/sandbox/storefront/images/product-1-1.png"))
        #expect(GID.decode(images.first?["node"]?["id"]?.stringValue) == "gid://shopify/ProductImage/11")
        let variant = try #require(product["variants"]?["edges"]?[0]?["node"])
        #expect(
            variant.serialized()
                == #"{"id":"\#(GID.variant(11))","price":"89.00","priceV2":{"amount":"89.0","currencyCode":"CAD"},"title":"8","available":true,"sku":"SBX-11","selectedOptions":[{"name":"Size","value":"8"}],"product":{"handle":"road-runner"}}"#
        )
        #expect(product["variants"]?["edges"]?.arrayValue?.count == 3)
    }

    @Test func soldOutAndUntrackedProducts() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            """
            query {a:productByHandle(handle:"sold-out-slipper"){availableForSale,variants(first:1){edges{node{available,quantityAvailable}}}},b:product(handle:"gift-card"){availableForSale,totalInventory,variants(first:1){edges{node{requiresShipping,quantityAvailable}}}}}
            """)
        #expect(
            data["a"]?.serialized()
                == #"{"availableForSale":false,"variants":{"edges":[{"node":{"available":false,"quantityAvailable":0}}]}}"#
        )
        #expect(
            data["b"]?.serialized()
                == #"{"availableForSale":true,"totalInventory":0,"variants":{"edges":[{"node":{"requiresShipping":false,"quantityAvailable":null}}]}}"#
        )
    }

    @Test func collectionsWithProductsSeedQuery() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            "query {shop{collections(first:10){edges{node{id,title,products(first:10){edges{node{id,title,productType,description}}}}}}}}"
        )
        let collections = data["shop"]?["collections"]?["edges"]?.arrayValue ?? []
        #expect(collections.map { $0["node"]?["title"]?.stringValue } == ["Runners", "Blue Runners", "Boots"])
        #expect(collections[0]["node"]?["products"]?.nodeNumbers == [1, 2, 6, 7, 8, 9, 10, 11, 12, 13])
    }

    @Test func imagesAreServed() async throws {
        let client = try StorefrontClient()
        let image = try await client.send(.get, "/sandbox/storefront/images/product-1-1.png", headers: [:])
        #expect(image.status == 200)
        #expect(image.response.headers["Content-Type"] == "image/png")
        #expect(image.response.body.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func publicApiVersionsAndFallbacks() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            "query {publicApiVersions{handle,supported},shop{privacyPolicy{id},articles(first:1){edges{node{id}}}}}")
        #expect(data["publicApiVersions"]?.serialized() == #"[{"handle":"2021-10","supported":true}]"#)
        // Content the sandbox has none of: a nullable field is null, a connection an empty page.
        #expect(data["shop"]?.serialized() == #"{"privacyPolicy":null,"articles":{"edges":[]}}"#)
        // The fields this test once used to show C8 are served now (every root field is; see
        // StorefrontRootFieldCoverageTests): bad input gets a user error, never a request error.
        let localization = try await client.data("query {localization{country{isoCode}}}")
        #expect(localization["localization"]?.serialized() == #"{"country":{"isoCode":"CA"}}"#)
        let mutation = try await client.graphQL(
            #"mutation {checkoutGiftCardsAppend(giftCardCodes:["X"],checkoutId:"x"){checkout{id} checkoutUserErrors{code field}}}"#
        )
        #expect(mutation["errors"] == nil)
        #expect(
            mutation["data"]?["checkoutGiftCardsAppend"]?.serialized()
                == #"{"checkout":null,"checkoutUserErrors":[{"code":"INVALID","field":["checkoutId"]}]}"#)
    }

    @Test func dateTimeFractionalSecondsSimulation() async throws {
        let client = try StorefrontClient()
        let settings = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation", json: ["dateTimeFractionalSeconds": true])
        #expect(settings.status == 200)
        #expect(settings.json["dateTimeFractionalSeconds"] == true)
        let data = try await client.data("query {product(id:\"\(GID.product(1))\"){createdAt}}")
        #expect(data["product"]?["createdAt"] == "2017-05-01T00:00:00.000Z")
        #expect(
            try await client.control(.put, "/sandbox/storefront/shops/1/simulation", json: ["latencyMs": 99999]).json[
                "field"] == "latencyMs")
    }
}
