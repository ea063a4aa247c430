import Foundation
import GraphQL

/// Search, sorting and paging of blogs, articles and pages, with the catalog's query syntax and cursors.
enum ContentListing {
    static let articleFields: Set<String> = ["author", "blog_title", "created_at", "tag", "title", "updated_at"]
    static let blogFields: Set<String> = ["handle", "title"]
    static let pageFields: Set<String> = ["created_at", "handle", "title", "updated_at"]

    static func freeText(_ article: ArticleRecord) -> [String] {
        [article.title, article.handle, ContentText.plain(article.contentHtml), article.author.name] + article.tags
    }

    static func freeText(_ page: PageRecord) -> [String] {
        [page.title, page.handle, ContentText.plain(page.bodyHtml)]
    }

    static func freeText(_ blog: BlogRecord) -> [String] { [blog.title, blog.handle] }

    /// `articles` of the shop or of one blog; `blogs` names each article's blog for `blog_title` and `BLOG_TITLE`.
    static func articles(_ articles: [ArticleRecord], blogs: [BlogRecord], args: Map) throws -> GraphObject {
        let blogTitles = Dictionary(blogs.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let query = SearchQuery(args.field("query").asString, fields: articleFields)
        let matching = articles.filter { article in
            query.matches(freeText: freeText(article)) { name in
                switch name {
                case "author": .text([article.author.name])
                case "blog_title": .text([blogTitles[article.blogID] ?? ""])
                case "created_at": .date(article.publishedAt)
                case "updated_at": .date(article.updatedAt)
                case "tag": .text(article.tags)
                case "title": .text([article.title])
                default: nil
                }
            }
        }
        let key = args.field("sortKey").asString ?? "ID"
        let entries = matching.map { article -> Connection.Entry<ArticleRecord> in
            let value: SortValue =
                switch key {
                case "AUTHOR": .text(article.author.name.lowercased())
                case "BLOG_TITLE": .text((blogTitles[article.blogID] ?? "").lowercased())
                case "PUBLISHED_AT": .number(Int64(article.publishedAt.timeIntervalSince1970))
                case "UPDATED_AT": .number(Int64(article.updatedAt.timeIntervalSince1970))
                case "TITLE": .text(article.title.lowercased())
                case "RELEVANCE": .number(query.relevance(freeText: freeText(article)))
                default: .number(article.id)
                }
            return Connection.Entry(item: article, id: article.id, value: value)
        }
        return try page(entries, key: key, args: args, connectionType: "ArticleConnection")
    }

    static func blogs(_ blogs: [BlogRecord], args: Map) throws -> GraphObject {
        let query = SearchQuery(args.field("query").asString, fields: blogFields)
        let matching = blogs.filter { blog in
            query.matches(freeText: freeText(blog)) { name in
                switch name {
                case "handle": .text([blog.handle])
                case "title": .text([blog.title])
                default: nil
                }
            }
        }
        let key = args.field("sortKey").asString ?? "ID"
        let entries = matching.map { blog -> Connection.Entry<BlogRecord> in
            let value: SortValue =
                switch key {
                case "HANDLE": .text(blog.handle)
                case "TITLE": .text(blog.title.lowercased())
                case "RELEVANCE": .number(query.relevance(freeText: freeText(blog)))
                default: .number(blog.id)
                }
            return Connection.Entry(item: blog, id: blog.id, value: value)
        }
        return try page(entries, key: key, args: args, connectionType: "BlogConnection")
    }

    static func pages(_ pages: [PageRecord], args: Map) throws -> GraphObject {
        let query = SearchQuery(args.field("query").asString, fields: pageFields)
        let matching = pages.filter { page in
            query.matches(freeText: freeText(page)) { name in
                switch name {
                case "created_at": .date(page.createdAt)
                case "updated_at": .date(page.updatedAt)
                case "handle": .text([page.handle])
                case "title": .text([page.title])
                default: nil
                }
            }
        }
        let key = args.field("sortKey").asString ?? "ID"
        let entries = matching.map { page -> Connection.Entry<PageRecord> in
            let value: SortValue =
                switch key {
                case "TITLE": .text(page.title.lowercased())
                case "UPDATED_AT": .number(Int64(page.updatedAt.timeIntervalSince1970))
                case "RELEVANCE": .number(query.relevance(freeText: freeText(page)))
                default: .number(page.id)
                }
            return Connection.Entry(item: page, id: page.id, value: value)
        }
        return try page(entries, key: key, args: args, connectionType: "PageConnection")
    }

    /// `RELEVANCE` runs from the best match down, as for products; every other key ascends.
    private static func page<Item: Sendable>(
        _ entries: [Connection.Entry<Item>], key: String, args: Map, connectionType: String
    ) throws -> GraphObject {
        let order = SortOrder(key: key, descending: key == "RELEVANCE", reverse: args.field("reverse").asBool ?? false)
        return try Connection.make(entries, order: order, args: args, connectionType: connectionType)
    }
}
