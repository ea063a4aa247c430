import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The demo shop's blog, articles and pages on 2026-04, as a storefront app lists and opens them.
@Suite struct Storefront2026ContentTests {
    @Test func theBlogListsItsArticlesNewestFirstAcrossPages() async throws {
        let client = try StorefrontClient()
        let selection =
            "edges{cursor node{title publishedAt authorV2{name firstName} blog{handle}}} pageInfo{hasNextPage}"
        let first = try await client.data2026("{articles(first:2,sortKey:PUBLISHED_AT,reverse:true){\(selection)}}")
        let edges = try #require(first["articles"]?["edges"]?.arrayValue)
        #expect(
            edges.map { $0["node"]?["title"]?.stringValue } == ["Waterproofing your boots", "Choosing a trail shoe"])
        #expect(edges[0]["node"]?["authorV2"]?.serialized() == #"{"name":"Ana Ruiz","firstName":"Ana"}"#)
        #expect(edges[0]["node"]?["blog"]?["handle"] == "news")
        #expect(first["articles"]?["pageInfo"]?["hasNextPage"] == true)
        // Published a day apart before seeding, so the order is the clock's, not the insertion order.
        let dates = edges.compactMap { $0["node"]?["publishedAt"]?.stringValue }.compactMap(ISO8601.parse)
        #expect(dates.count == 2 && dates[0].timeIntervalSince(dates[1]) == 86_400)

        let cursor = try #require(edges[1]["cursor"]?.stringValue)
        let next = try await client.data2026(
            #"{articles(first:2,after:"\#(cursor)",sortKey:PUBLISHED_AT,reverse:true){\#(selection)}}"#)
        #expect(next["articles"]?["edges"]?[0]?["node"]?["title"] == "Breaking in new running shoes")
        #expect(next["articles"]?["pageInfo"]?["hasNextPage"] == false)
    }

    @Test func anArticleOpensByBlogAndHandle() async throws {
        let client = try StorefrontClient()
        let data = try await client.data2026(
            """
            {blog(handle:"news"){title articles(first:5){nodes{handle}} authors{name}
              articleByHandle(handle:"waterproofing-your-boots"){title contentHtml content excerpt(truncateAt:4) excerptHtml
                tags image{url} seo{title} comments(first:5){nodes{id}} onlineStoreUrl}}
             missing:blog(handle:"recipes"){id} byHandle:blogByHandle(handle:"news"){handle}}
            """)
        let blog = data["blog"]
        #expect(blog?["title"] == "News")
        #expect(
            blog?["articles"]?.serialized()
                == #"{"nodes":[{"handle":"breaking-in-new-running-shoes"},{"handle":"choosing-a-trail-shoe"},{"handle":"waterproofing-your-boots"}]}"#
        )
        #expect(blog?["authors"]?.serialized() == #"[{"name":"Ana Ruiz"},{"name":"Ben Okafor"}]"#)
        #expect(
            blog?["articleByHandle"]?.serialized()
                == #"{"title":"Waterproofing your boots","contentHtml":"<p>Clean, dry, then wax the seams &amp; the welt.</p>","content":"Clean, dry, then wax the seams & the welt.","excerpt":"Wax ...","excerptHtml":"<p>Wax the seams.</p>","tags":["boots","care"],"image":null,"seo":{"title":"Waterproofing your boots"},"comments":{"nodes":[]},"onlineStoreUrl":"https://sandbox-shoes.myshopify.com/blogs/news/waterproofing-your-boots"}"#
        )
        #expect(data["missing"] == .null)
        #expect(data["byHandle"]?["handle"] == "news")
        let withImage = try await client.data2026(
            #"{blog(handle:"news"){articleByHandle(handle:"breaking-in-new-running-shoes"){image{url altText}} none:articleByHandle(handle:"x"){id}}}"#
        )
        #expect(
            withImage["blog"]?["articleByHandle"]?["image"]?["url"]?.stringValue?.hasSuffix(
                "/sandbox/storefront/images/article-breaking-in-new-running-shoes.png") == true)
        #expect(withImage["blog"]?["none"] == .null)
    }

    @Test func pagesListAndOpenByHandleOrID() async throws {
        let client = try StorefrontClient()
        let list = try await client.data2026("{pages(first:10,sortKey:TITLE){nodes{id title}}}")
        let nodes = try #require(list["pages"]?["nodes"]?.arrayValue)
        #expect(nodes.map { $0["title"]?.stringValue } == ["About us", "Contact", "Shipping policy"])
        let shippingID = try #require(nodes[2]["id"]?.stringValue)
        let data = try await client.data2026(
            """
            {page(handle:"shipping-policy"){title body bodySummary onlineStoreUrl}
             byID:page(id:"\(shippingID)"){handle} byHandle:pageByHandle(handle:"about-us"){title}
             missing:page(handle:"careers"){id} node(id:"\(shippingID)"){... on Page{handle}}}
            """)
        #expect(data["page"]?["title"] == "Shipping policy")
        #expect(data["page"]?["body"]?.stringValue?.hasPrefix("<p>We ship to Canada") == true)
        #expect(data["page"]?["bodySummary"]?.stringValue?.hasPrefix("We ship to Canada") == true)
        #expect(data["byID"]?["handle"] == "shipping-policy")
        #expect(data["byHandle"]?["title"] == "About us")
        #expect(data["missing"] == .null)
        #expect(data["node"]?["handle"] == "shipping-policy")
        let searched = try await client.data2026(#"{pages(first:5,query:"title:Contact"){nodes{handle}}}"#)
        #expect(searched["pages"]?.serialized() == #"{"nodes":[{"handle":"contact"}]}"#)
    }

    @Test func nodesResolveContentIDsAndUnknownOnesAreNull() async throws {
        let client = try StorefrontClient()
        let ids = try await client.data2026("{articles(first:1){nodes{id}} blogs(first:1){nodes{id}}}")
        let article = try #require(ids["articles"]?["nodes"]?[0]?["id"]?.stringValue)
        let blog = try #require(ids["blogs"]?["nodes"]?[0]?["id"]?.stringValue)
        let unknown = GID.encode("gid://shopify/Article/999")
        let data = try await client.data2026(
            #"{nodes(ids:["\#(article)","\#(blog)","\#(unknown)"]){__typename ... on Article{handle} ... on Blog{title}} article(id:"\#(unknown)"){id}}"#
        )
        #expect(
            data["nodes"]?.serialized()
                == #"[{"__typename":"Article","handle":"breaking-in-new-running-shoes"},{"__typename":"Blog","title":"News"},null]"#
        )
        #expect(data["article"] == .null)
    }

    @Test func contentListsCheckTheirPageArguments() async throws {
        let client = try StorefrontClient()
        let cases: [(String, String)] = [
            ("{articles{nodes{id}}}", "you must provide one of first or last"),
            ("{pages(first:300){nodes{id}}}", "The page size is too large; it must be 250 or lower"),
            (#"{blogs(first:1,after:"bogus"){nodes{id}}}"#, "Invalid cursor 'bogus'"),
            ("{blogs(first:1,last:1){nodes{id}}}", "Passing both first and last to paginate is not supported"),
        ]
        for (document, message) in cases {
            let answer = try await client.graphQL2026(document)
            #expect(answer.status == 200)
            #expect(answer.json["errors"]?[0]?["message"]?.stringValue == message, "\(document)")
        }
    }

    @Test func the2021VersionSharesTheContent() async throws {
        let client = try StorefrontClient()
        let data = try await client.data(
            #"{blogs(first:5){edges{node{handle articles(first:1){edges{node{title}}}}}} pageByHandle(handle:"contact"){title}}"#
        )
        #expect(
            data.serialized()
                == #"{"blogs":{"edges":[{"node":{"handle":"news","articles":{"edges":[{"node":{"title":"Breaking in new running shoes"}}]}}}]},"pageByHandle":{"title":"Contact"}}"#
        )
    }
}

/// An article row whose tags no longer parse is reported (the C7 internal error), never read as an untagged
/// article.
@Suite struct StorefrontContentCorruptRowTests {
    @Test func anArticleWithUnreadableTagsIsReportedNotEmptied() async throws {
        let client = try StorefrontClient()
        try await client.context.database.writer.write { db in
            try db.execute(sql: "UPDATE storefront_articles SET tags = '[1]' WHERE handle = 'choosing-a-trail-shoe'")
        }
        let body = try await client.graphQL2026("{articles(first:5){nodes{handle tags}}}")
        #expect(body.json["data"] == .null, "\(body.json.serialized())")
        #expect(body.json["errors"]?[0]?["extensions"]?["code"] == "INTERNAL_SERVER_ERROR")
    }
}

/// `POST /sandbox/storefront/shops/{id}/pages` and `…/articles`: content a test adds shows up where a
/// storefront reads it.
@Suite struct StorefrontContentControlTests {
    @Test func anAddedPageOpensByHandle() async throws {
        let client = try StorefrontClient()
        let created = try await client.control(
            .post, "/sandbox/storefront/shops/1/pages", json: ["title": "Returns policy", "body": "<p>30 days.</p>"])
        #expect(created.status == 201)
        #expect(created.json["handle"] == "returns-policy")
        let id = try #require(created.json["id"]?.stringValue)
        let data = try await client.data2026(#"{page(handle:"returns-policy"){id title body} node(id:"\#(id)"){id}}"#)
        #expect(data["page"]?["title"] == "Returns policy")
        #expect(data["page"]?["body"] == "<p>30 days.</p>")
        #expect(data["node"]?["id"]?.stringValue == id)

        let again = try await client.control(
            .post, "/sandbox/storefront/shops/1/pages", json: ["title": "Returns policy"])
        #expect(again.status == 409)
        #expect(again.json["field"] == "handle")
    }

    @Test func anAddedArticleIsTheNewestInItsBlog() async throws {
        let client = try StorefrontClient()
        let created = try await client.control(
            .post, "/sandbox/storefront/shops/1/articles",
            json: ["title": "Lacing tips", "author": "Cy Lee", "content": "<p>Loop twice.</p>", "tags": ["tips"]])
        #expect(created.status == 201)
        let data = try await client.data2026(
            #"{blog(handle:"news"){articles(first:1,sortKey:PUBLISHED_AT,reverse:true){nodes{title tags authorV2{name}}}}}"#
        )
        #expect(
            data["blog"]?["articles"]?.serialized()
                == #"{"nodes":[{"title":"Lacing tips","tags":["tips"],"authorV2":{"name":"Cy Lee"}}]}"#)
    }

    @Test func badContentBodiesNameTheField() async throws {
        let client = try StorefrontClient()
        let cases: [(String, JSONValue, Int, String)] = [
            ("pages", ["body": "<p>x</p>"], 400, "title"),
            ("pages", ["title": "X", "colour": "red"], 400, "colour"),
            ("articles", ["title": "X"], 400, "author"),
            ("articles", ["title": "X", "author": "A", "tags": ["ok", 3]], 400, "tags[1]"),
            ("articles", ["title": "X", "author": "A", "blog": "recipes"], 404, "blog"),
        ]
        for (kind, body, status, field) in cases {
            let answer = try await client.control(.post, "/sandbox/storefront/shops/1/\(kind)", json: body)
            #expect(answer.status == status, "\(body.serialized())")
            #expect(answer.json["field"]?.stringValue == field, "\(answer.json.serialized())")
        }
        let unknownShop = try await client.control(.post, "/sandbox/storefront/shops/9/pages", json: ["title": "X"])
        #expect(unknownShop.status == 404)
    }
}
