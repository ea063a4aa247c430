import Foundation
import GRDB
import SandboxCore

// The online-store content rows: blogs, articles, pages, store locations and URL redirects.
// `StorefrontContentStore` is the only code that reads or writes them; resolvers see the values in
// ContentValues.swift instead.

/// A `storefront_blogs` row.
struct StorefrontBlogRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_blogs"
    var id: Int64?
    var shopId: Int64
    var title: String
    var handle: String

    enum CodingKeys: String, CodingKey {
        case id, title, handle
        case shopId = "shop_id"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let handle = Column(CodingKeys.handle)
    }

    var blog: BlogRecord { BlogRecord(id: id ?? 0, shopID: shopId, title: title, handle: handle) }
}

/// A `storefront_articles` row; `tags` is a JSON array of strings, read through ``article()``.
struct StorefrontArticleRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_articles"
    var id: Int64?
    var shopId: Int64
    var blogId: Int64
    var title: String
    var handle: String
    var contentHtml: String
    var excerptHtml: String?
    var authorName: String
    var authorEmail: String
    var authorBio: String?
    var tags: String
    var imageName: String?
    var imageAlt: String?
    var publishedAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, title, handle, tags
        case shopId = "shop_id"
        case blogId = "blog_id"
        case contentHtml = "content_html"
        case excerptHtml = "excerpt_html"
        case authorName = "author_name"
        case authorEmail = "author_email"
        case authorBio = "author_bio"
        case imageName = "image_name"
        case imageAlt = "image_alt"
        case publishedAt = "published_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let blogId = Column(CodingKeys.blogId)
        static let handle = Column(CodingKeys.handle)
    }

    func article() throws(CorruptRow) -> ArticleRecord {
        let rowID = id ?? 0
        let tags = try StorefrontJSONColumn(table: Self.databaseTableName, id: rowID, column: CodingKeys.tags)
            .strings(tags)
        let image = imageName.map {
            ImageRecord(
                id: rowID, ownerKind: "article", ownerID: rowID, position: 1, name: $0, altText: imageAlt, width: 1024,
                height: 1024)
        }
        return ArticleRecord(
            id: rowID, shopID: shopId, blogID: blogId, title: title, handle: handle, contentHtml: contentHtml,
            excerptHtml: excerptHtml, author: ArticleAuthor(name: authorName, email: authorEmail, bio: authorBio),
            tags: tags, image: image, publishedAt: Date(timeIntervalSince1970: publishedAt),
            updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// A `storefront_pages` row.
struct StorefrontPageRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_pages"
    var id: Int64?
    var shopId: Int64
    var title: String
    var handle: String
    var bodyHtml: String
    var createdAt: Double
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, title, handle
        case shopId = "shop_id"
        case bodyHtml = "body_html"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let handle = Column(CodingKeys.handle)
    }

    var page: PageRecord {
        PageRecord(
            id: id ?? 0, shopID: shopId, title: title, handle: handle, bodyHtml: bodyHtml,
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// A `storefront_locations` row: a shop's pickup or retail location.
struct StorefrontLocationRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_locations"
    var id: Int64?
    var shopId: Int64
    var name: String
    var address1: String?
    var address2: String?
    var city: String?
    var province: String?
    var provinceCode: String?
    var countryCode: String?
    var zip: String?
    var phone: String?
    var latitude: Double?
    var longitude: Double?

    enum CodingKeys: String, CodingKey {
        case id, name, address1, address2, city, province, zip, phone, latitude, longitude
        case shopId = "shop_id"
        case provinceCode = "province_code"
        case countryCode = "country_code"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
    }

    var location: LocationRecord {
        LocationRecord(
            id: id ?? 0, name: name, address1: address1, address2: address2, city: city, province: province,
            provinceCode: provinceCode, countryCode: countryCode, zip: zip, phone: phone, latitude: latitude,
            longitude: longitude)
    }
}

/// A `storefront_url_redirects` row.
struct StorefrontUrlRedirectRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_url_redirects"
    var id: Int64?
    var shopId: Int64
    var path: String
    var target: String

    enum CodingKeys: String, CodingKey {
        case id, path, target
        case shopId = "shop_id"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
    }

    var redirect: UrlRedirectRecord { UrlRedirectRecord(id: id ?? 0, path: path, target: target) }
}
