import Foundation
import GRDB
import SandboxCore

/// Reads and writes of the content tables: blogs, articles, pages, locations and URL redirects of a shop.
/// A shop has a handful of each, so readers fetch a shop's whole list and resolvers filter, sort and page it
/// (as they do the catalog). Every function runs inside the caller's transaction.
enum StorefrontContentStore {
    // MARK: Reading

    static func blogs(_ db: Database, shopID: Int64) throws -> [BlogRecord] {
        try StorefrontBlogRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db).map(\.blog)
    }

    static func blog(_ db: Database, id: Int64, shopID: Int64) throws -> BlogRecord? {
        try StorefrontBlogRecord.filter { $0.id == id && $0.shopId == shopID }.fetchOne(db)?.blog
    }

    static func articles(_ db: Database, shopID: Int64, blogID: Int64? = nil) throws -> [ArticleRecord] {
        var request = StorefrontArticleRecord.filter { $0.shopId == shopID }
        if let blogID { request = request.filter { $0.blogId == blogID } }
        return try request.order { $0.id }.fetchAll(db).map { record throws(CorruptRow) in try record.article() }
    }

    static func article(_ db: Database, id: Int64, shopID: Int64) throws -> ArticleRecord? {
        try StorefrontArticleRecord.filter { $0.id == id && $0.shopId == shopID }.fetchOne(db)?.article()
    }

    static func pages(_ db: Database, shopID: Int64) throws -> [PageRecord] {
        try StorefrontPageRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db).map(\.page)
    }

    static func locations(_ db: Database, shopID: Int64) throws -> [LocationRecord] {
        try StorefrontLocationRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db).map(\.location)
    }

    static func redirects(_ db: Database, shopID: Int64) throws -> [UrlRedirectRecord] {
        try StorefrontUrlRedirectRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db).map(\.redirect)
    }

    static func pageExists(_ db: Database, handle: String, shopID: Int64) throws -> Bool {
        try StorefrontPageRecord.filter { $0.shopId == shopID && $0.handle == handle }.fetchCount(db) > 0
    }

    static func articleExists(_ db: Database, handle: String, blogID: Int64) throws -> Bool {
        try StorefrontArticleRecord.filter { $0.blogId == blogID && $0.handle == handle }.fetchCount(db) > 0
    }

    static func blog(_ db: Database, handle: String, shopID: Int64) throws -> BlogRecord? {
        try StorefrontBlogRecord.filter { $0.shopId == shopID && $0.handle == handle }.fetchOne(db)?.blog
    }

    // MARK: Writing

    /// Inserts a row whose `id` is `nil` and answers the id SQLite gave it.
    private static func insert(_ db: Database, _ record: some PersistableRecord) throws -> Int64 {
        try record.insert(db)
        return db.lastInsertedRowID
    }

    @discardableResult
    static func insertBlog(_ db: Database, _ record: StorefrontBlogRecord) throws -> Int64 { try insert(db, record) }

    @discardableResult
    static func insertArticle(_ db: Database, _ record: StorefrontArticleRecord) throws -> Int64 {
        try insert(db, record)
    }

    @discardableResult
    static func insertPage(_ db: Database, _ record: StorefrontPageRecord) throws -> Int64 { try insert(db, record) }

    @discardableResult
    static func insertLocation(_ db: Database, _ record: StorefrontLocationRecord) throws -> Int64 {
        try insert(db, record)
    }

    @discardableResult
    static func insertRedirect(_ db: Database, _ record: StorefrontUrlRedirectRecord) throws -> Int64 {
        try insert(db, record)
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontBlogRecord.deleteAll(db)
        try StorefrontArticleRecord.deleteAll(db)
        try StorefrontPageRecord.deleteAll(db)
        try StorefrontLocationRecord.deleteAll(db)
        try StorefrontUrlRedirectRecord.deleteAll(db)
    }
}
