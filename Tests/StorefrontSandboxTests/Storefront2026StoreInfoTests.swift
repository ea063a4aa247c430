import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Locations, payment settings, redirects, menus, sitemaps and metaobjects on 2026-04.
@Suite struct Storefront2026StoreInfoTests {
    @Test func locationsListByIDOrNearestFirst() async throws {
        let client = try StorefrontClient()
        let byID = try await client.data2026("{locations(first:5){nodes{name address{city formatted}}}}")
        #expect(
            byID["locations"]?.serialized()
                == #"{"nodes":[{"name":"Toronto flagship","address":{"city":"Toronto","formatted":["100 Queen St W","Toronto ON M5H 2N2","Canada"]}},{"name":"Vancouver outlet","address":{"city":"Vancouver","formatted":["200 Burrard St","Unit 5","Vancouver BC V6C 3L6","Canada"]}}]}"#
        )
        let nearVancouver = try await client.data2026(
            "{locations(first:1,sortKey:DISTANCE,near:{latitude:49.25,longitude:-123.1}){nodes{name}} id:node(id:\"\(GID.encode("gid://shopify/Location/1"))\"){... on Location{name}}}"
        )
        #expect(nearVancouver["locations"]?.serialized() == #"{"nodes":[{"name":"Vancouver outlet"}]}"#)
        #expect(nearVancouver["id"]?["name"] == "Toronto flagship")
        let byName = try await client.data2026("{locations(first:5,sortKey:NAME,reverse:true){nodes{name}}}")
        #expect(byName["locations"]?["nodes"]?[0]?["name"] == "Vancouver outlet")
        let bad = try await client.graphQL2026("{locations(first:1,near:{latitude:95,longitude:0}){nodes{name}}}")
        #expect(bad.status == 200)
        #expect(bad.json["errors"]?[0]?["message"] == "near.latitude must be between -90 and 90")
    }

    @Test func paymentSettingsMatchTheShopsAndPointAtTheCardVault() async throws {
        let client = try StorefrontClient()
        let selection = "currencyCode countryCode acceptedCardBrands supportedDigitalWallets cardVaultUrl"
        let data = try await client.data2026("{paymentSettings{\(selection)} shop{paymentSettings{\(selection)}}}")
        #expect(data["paymentSettings"]?["currencyCode"] == "CAD")
        #expect(data["paymentSettings"]?["countryCode"] == "CA")
        #expect(
            data["paymentSettings"]?["acceptedCardBrands"]?.serialized() == #"["VISA","MASTERCARD","AMERICAN_EXPRESS"]"#
        )
        #expect(data["paymentSettings"] == data["shop"]?["paymentSettings"])
        let vault = try #require(data["paymentSettings"]?["cardVaultUrl"]?.stringValue.flatMap(URL.init(string:)))
        let session = try await client.send(
            .post, vault.path, body: Data(#"{"credit_card":{"number":"4242424242424242"}}"#.utf8))
        #expect(session.status == 200)
        #expect(session.json["id"]?.stringValue?.isEmpty == false)
    }

    @Test func urlRedirectsListTheSeededRedirect() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            #"{urlRedirects(first:5){nodes{path target}} none:urlRedirects(first:5,query:"path:/blogs"){nodes{path}}}"#)
        #expect(
            data["urlRedirects"]?.serialized() == #"{"nodes":[{"path":"/pages/about","target":"/pages/about-us"}]}"#)
        #expect(data["none"]?.serialized() == #"{"nodes":[]}"#)
    }

    @Test func menusAreBuiltFromTheShopsCatalogAndPages() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            #"{menu(handle:"footer"){title itemsCount items{title type url resource{... on Page{handle}}}} none:menu(handle:"x"){id} main:menu(handle:"main-menu"){items{title type}}}"#
        )
        let footer = data["menu"]
        #expect(footer?["itemsCount"] == 4)
        #expect(
            footer?["items"]?[1]?.serialized()
                == #"{"title":"About us","type":"PAGE","url":"https://sandbox-shoes.myshopify.com/pages/about-us","resource":{"handle":"about-us"}}"#
        )
        #expect(data["none"] == .null)
        let main = try #require(data["main"]?["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue })
        #expect(main == ["Home", "Catalog", "Runners", "Blue Runners", "Boots", "News"])
    }

    @Test func sitemapsPageTheShopsResources() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            "{sitemap(type:PAGE){pagesCount{count precision} resources(page:1){hasNextPage items{handle ... on SitemapResource{title}}}} products:sitemap(type:PRODUCT){resources(page:2){items{handle}}} metaobjects:sitemap(type:METAOBJECT){pagesCount{count}}}"
        )
        #expect(
            data["sitemap"]?.serialized()
                == #"{"pagesCount":{"count":1,"precision":"EXACT"},"resources":{"hasNextPage":false,"items":[{"handle":"about-us","title":"About us"},{"handle":"shipping-policy","title":"Shipping policy"},{"handle":"contact","title":"Contact"}]}}"#
        )
        #expect(data["products"]?["resources"]?["items"]?.serialized() == "[]")
        #expect(data["metaobjects"]?["pagesCount"]?["count"] == 0)
    }

    @Test func metaobjectsAreEmptyAndLookupsMissAsDoesAnUnknownCompletionAttempt() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            #"{metaobjects(type:"designer",first:5){nodes{id}} metaobject(handle:{type:"designer",handle:"ana"}){id} attempt:cartCompletionAttempt(attemptId:"x"){__typename}}"#
        )
        #expect(data["metaobjects"]?.serialized() == #"{"nodes":[]}"#)
        #expect(data["metaobject"] == .null)
        #expect(data["attempt"] == .null)
        let unpaged = try await client.graphQL2026(#"{metaobjects(type:"designer"){nodes{id}}}"#)
        #expect(unpaged.json["errors"]?[0]?["message"] == "you must provide one of first or last")
    }
}
