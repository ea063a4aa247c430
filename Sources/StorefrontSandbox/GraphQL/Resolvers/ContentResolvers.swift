import Foundation
import GraphQL

extension ResolverRegistry {
    /// Blogs, articles and pages: the root lookups and lists, and the fields of `Blog`, `Article` and `Page`.
    /// Both API versions share them. A lookup with neither `id` nor `handle`, or one that matches nothing, is
    /// `null`, as for products.
    mutating func registerContent() {
        on("QueryRoot", "blogs") { _, args, c, _ in
            try ContentListing.blogs(StorefrontContentStore.blogs(c.db, shopID: c.shop.id), args: args)
        }
        on("QueryRoot", "blog") { _, args, c, _ in try Self.blog(args, c) }
        on("QueryRoot", "blogByHandle") { _, args, c, _ in try Self.blog(args, c) }
        on("QueryRoot", "articles") { _, args, c, _ in
            try ContentListing.articles(
                StorefrontContentStore.articles(c.db, shopID: c.shop.id),
                blogs: StorefrontContentStore.blogs(c.db, shopID: c.shop.id), args: args)
        }
        on("QueryRoot", "article") { _, args, c, _ in
            try GlobalID.number(args.field("id").asString, type: "Article").flatMap {
                try StorefrontContentStore.article(c.db, id: $0, shopID: c.shop.id)
            }
        }
        on("QueryRoot", "pages") { _, args, c, _ in
            try ContentListing.pages(StorefrontContentStore.pages(c.db, shopID: c.shop.id), args: args)
        }
        on("QueryRoot", "page") { _, args, c, _ in try Self.page(args, c) }
        on("QueryRoot", "pageByHandle") { _, args, c, _ in try Self.page(args, c) }
        registerBlog()
        registerArticle()
        registerPage()
    }

    private mutating func registerBlog() {
        let blog = BlogRecord.self
        on("Blog", "id", as: blog) { b, _, _ in b.gid.encoded }
        on("Blog", "title", as: blog) { b, _, _ in b.title }
        on("Blog", "handle", as: blog) { b, _, _ in b.handle }
        on("Blog", "seo", as: blog) { b, _, _ in GraphObject("SEO", ["title": b.title, "description": nil]) }
        on("Blog", "onlineStoreUrl", as: blog) { b, _, c in "https://\(c.shop.domain)/blogs/\(b.handle)" }
        on("Blog", "url", as: blog) { b, _, c in "https://\(c.shop.domain)/blogs/\(b.handle)" }
        on("Blog", "articles", as: blog) { b, args, c in
            try ContentListing.articles(
                StorefrontContentStore.articles(c.db, shopID: c.shop.id, blogID: b.id), blogs: [b], args: args)
        }
        on("Blog", "articleByHandle", as: blog) { b, args, c in
            let handle = args.field("handle").asString
            return try StorefrontContentStore.articles(c.db, shopID: c.shop.id, blogID: b.id).first {
                $0.handle == handle
            }
        }
        on("Blog", "authors", as: blog) { b, _, c in
            var seen: Set<String> = []
            let authors = try StorefrontContentStore.articles(c.db, shopID: c.shop.id, blogID: b.id).map(\.author)
                .filter { seen.insert($0.email).inserted }
            return graphList(authors.map(Self.author))
        }
    }

    private mutating func registerArticle() {
        let article = ArticleRecord.self
        on("Article", "id", as: article) { a, _, _ in a.gid.encoded }
        on("Article", "title", as: article) { a, _, _ in a.title }
        on("Article", "handle", as: article) { a, _, _ in a.handle }
        on("Article", "contentHtml", as: article) { a, _, _ in a.contentHtml }
        on("Article", "content", as: article) { a, args, _ in Self.truncate(ContentText.plain(a.contentHtml), args) }
        on("Article", "excerptHtml", as: article) { a, _, _ in a.excerptHtml }
        on("Article", "excerpt", as: article) { a, args, _ in
            a.excerptHtml.map { Self.truncate(ContentText.plain($0), args) }
        }
        on("Article", "author", as: article) { a, _, _ in Self.author(a.author) }
        on("Article", "authorV2", as: article) { a, _, _ in Self.author(a.author) }
        on("Article", "tags", as: article) { a, _, _ in graphList(a.tags) }
        on("Article", "image", as: article) { a, _, _ in a.image }
        on("Article", "publishedAt", as: article) { a, _, c in c.dateTime(a.publishedAt) }
        on("Article", "seo", as: article) { a, _, _ in
            GraphObject("SEO", ["title": a.title, "description": a.excerptHtml.map(ContentText.plain)])
        }
        on("Article", "blog", as: article) { a, _, c in
            try StorefrontContentStore.blog(c.db, id: a.blogID, shopID: a.shopID)
        }
        on("Article", "onlineStoreUrl", as: article) { a, _, c in
            let blog = try StorefrontContentStore.blog(c.db, id: a.blogID, shopID: a.shopID)
            return blog.map { "https://\(c.shop.domain)/blogs/\($0.handle)/\(a.handle)" }
        }
        alias("Article", "url", to: "onlineStoreUrl")
        on("Article", "trackingParameters", as: article) { _, _, _ in nil }
        // The sandbox keeps no comments: an empty page that still checks its page arguments.
        on("Article", "comments", as: article) { _, args, _ in
            try Connection.make(
                [Connection.Entry<GraphObject>](), order: SortOrder(key: "ID", descending: false, reverse: false),
                args: args, connectionType: "CommentConnection")
        }
    }

    private mutating func registerPage() {
        let page = PageRecord.self
        on("Page", "id", as: page) { p, _, _ in p.gid.encoded }
        on("Page", "title", as: page) { p, _, _ in p.title }
        on("Page", "handle", as: page) { p, _, _ in p.handle }
        on("Page", "body", as: page) { p, _, _ in p.bodyHtml }
        on("Page", "bodySummary", as: page) { p, _, _ in String(ContentText.plain(p.bodyHtml).prefix(150)) }
        on("Page", "createdAt", as: page) { p, _, c in c.dateTime(p.createdAt) }
        on("Page", "updatedAt", as: page) { p, _, c in c.dateTime(p.updatedAt) }
        on("Page", "seo", as: page) { p, _, _ in GraphObject("SEO", ["title": p.title, "description": nil]) }
        on("Page", "onlineStoreUrl", as: page) { p, _, c in "https://\(c.shop.domain)/pages/\(p.handle)" }
        alias("Page", "url", to: "onlineStoreUrl")
        on("Page", "trackingParameters", as: page) { _, _, _ in nil }
    }

    static func author(_ author: ArticleAuthor) -> GraphObject {
        let parts = author.name.split(separator: " ", maxSplits: 1).map(String.init)
        return GraphObject(
            "ArticleAuthor",
            [
                "name": author.name, "email": author.email, "bio": author.bio, "firstName": parts.first ?? "",
                "lastName": parts.count > 1 ? parts[1] : "",
            ])
    }

    private static func blog(_ args: Map, _ context: StorefrontRequestContext) throws -> BlogRecord? {
        if let id = GlobalID.number(args.field("id").asString, type: "Blog") {
            return try StorefrontContentStore.blog(context.db, id: id, shopID: context.shop.id)
        }
        guard let handle = args.field("handle").asString else { return nil }
        return try StorefrontContentStore.blog(context.db, handle: handle, shopID: context.shop.id)
    }

    private static func page(_ args: Map, _ context: StorefrontRequestContext) throws -> PageRecord? {
        let pages = try StorefrontContentStore.pages(context.db, shopID: context.shop.id)
        if let id = GlobalID.number(args.field("id").asString, type: "Page") { return pages.first { $0.id == id } }
        guard let handle = args.field("handle").asString else { return nil }
        return pages.first { $0.handle == handle }
    }

    /// `node(id:)` for the content types and the shop's locations and redirects.
    static func contentNode(_ gid: GlobalID, _ context: StorefrontRequestContext) throws -> (any Sendable)? {
        guard let id = gid.number else { return nil }
        let (db, shopID) = (context.db, context.shop.id)
        switch gid.type {
        case "Blog": return try StorefrontContentStore.blog(db, id: id, shopID: shopID)
        case "Article": return try StorefrontContentStore.article(db, id: id, shopID: shopID)
        case "Page": return try StorefrontContentStore.pages(db, shopID: shopID).first { $0.id == id }
        case "Location": return try StorefrontContentStore.locations(db, shopID: shopID).first { $0.id == id }
        case "UrlRedirect": return try StorefrontContentStore.redirects(db, shopID: shopID).first { $0.id == id }
        default: return nil
        }
    }
}
