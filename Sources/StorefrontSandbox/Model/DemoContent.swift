import Foundation
import GRDB

/// The demo shop's online-store content: one blog with three articles, three pages, two store locations and
/// one URL redirect. Articles are published relative to the sandbox clock at seed time (a day apart, the
/// newest a day before), so `PUBLISHED_AT` ordering is the same on every run.
enum DemoContent {
    struct Article {
        let title: String, handle: String, author: String, email: String, tags: [String]
        let html: String, excerpt: String?, image: Bool
        /// Days before seeding.
        let age: Int
    }

    static let articles: [Article] = [
        Article(
            title: "Breaking in new running shoes", handle: "breaking-in-new-running-shoes", author: "Ana Ruiz",
            email: "ana@sandbox-shoes.example", tags: ["running", "care"],
            html: "<p>Wear them for short runs first.</p><p>Give the foam a week before your long run.</p>",
            excerpt: "<p>A week of short runs first.</p>", image: true, age: 3),
        Article(
            title: "Choosing a trail shoe", handle: "choosing-a-trail-shoe", author: "Ben Okafor",
            email: "ben@sandbox-shoes.example", tags: ["trail"],
            html: "<p>Look for lugs that grip mud and a plate that stops sharp rocks.</p>", excerpt: nil,
            image: false, age: 2),
        Article(
            title: "Waterproofing your boots", handle: "waterproofing-your-boots", author: "Ana Ruiz",
            email: "ana@sandbox-shoes.example", tags: ["boots", "care"],
            html: "<p>Clean, dry, then wax the seams &amp; the welt.</p>", excerpt: "<p>Wax the seams.</p>",
            image: false, age: 1),
    ]

    static let pages: [(title: String, handle: String, html: String)] = [
        ("About us", "about-us", "<p>Sandbox Shoes is a pretend shop served by the CommerceKit sandbox.</p>"),
        (
            "Shipping policy", "shipping-policy",
            "<p>We ship to Canada, the United States and the United Kingdom within five business days.</p>"
        ),
        ("Contact", "contact", "<p>Write to help@sandbox-shoes.example.</p>"),
    ]

    /// Writes the demo content into `shopID`.
    static func seed(_ db: Database, shopID: Int64, now: Date) throws {
        let blogID = try StorefrontContentStore.insertBlog(
            db, StorefrontBlogRecord(id: nil, shopId: shopID, title: "News", handle: "news"))
        for article in articles {
            let published = now.addingTimeInterval(-Double(article.age) * 86_400).timeIntervalSince1970
            try StorefrontContentStore.insertArticle(
                db,
                StorefrontArticleRecord(
                    id: nil, shopId: shopID, blogId: blogID, title: article.title, handle: article.handle,
                    contentHtml: article.html, excerptHtml: article.excerpt, authorName: article.author,
                    authorEmail: article.email, authorBio: nil, tags: StorefrontJSONColumn.text(article.tags),
                    imageName: article.image ? "article-\(article.handle)" : nil,
                    imageAlt: article.image ? article.title : nil, publishedAt: published, updatedAt: published))
        }
        for page in pages {
            try StorefrontContentStore.insertPage(
                db,
                StorefrontPageRecord(
                    id: nil, shopId: shopID, title: page.title, handle: page.handle, bodyHtml: page.html,
                    createdAt: now.timeIntervalSince1970, updatedAt: now.timeIntervalSince1970))
        }
        try StorefrontContentStore.insertLocation(
            db,
            StorefrontLocationRecord(
                id: nil, shopId: shopID, name: "Toronto flagship", address1: "100 Queen St W", address2: nil,
                city: "Toronto", province: "Ontario", provinceCode: "ON", countryCode: "CA", zip: "M5H 2N2",
                phone: "+14165550100", latitude: 43.6525, longitude: -79.3839))
        try StorefrontContentStore.insertLocation(
            db,
            StorefrontLocationRecord(
                id: nil, shopId: shopID, name: "Vancouver outlet", address1: "200 Burrard St", address2: "Unit 5",
                city: "Vancouver", province: "British Columbia", provinceCode: "BC", countryCode: "CA",
                zip: "V6C 3L6", phone: "+16045550100", latitude: 49.2870, longitude: -123.1160))
        try StorefrontContentStore.insertRedirect(
            db, StorefrontUrlRedirectRecord(id: nil, shopId: shopID, path: "/pages/about", target: "/pages/about-us"))
    }
}
