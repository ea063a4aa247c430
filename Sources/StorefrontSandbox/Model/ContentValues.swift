import Foundation

// The online-store content as resolvers see it, read from the rows in StorefrontContentRecords.swift by
// ``StorefrontContentStore``.

struct BlogRecord: GraphValue {
    var graphQLTypeName: String { "Blog" }
    let id: Int64
    let shopID: Int64
    let title: String
    let handle: String

    var gid: GlobalID { GlobalID("Blog", id) }
}

struct ArticleAuthor: Sendable {
    let name: String
    let email: String
    let bio: String?
}

struct ArticleRecord: GraphValue {
    var graphQLTypeName: String { "Article" }
    let id: Int64
    let shopID: Int64
    let blogID: Int64
    let title: String
    let handle: String
    let contentHtml: String
    let excerptHtml: String?
    let author: ArticleAuthor
    let tags: [String]
    let image: ImageRecord?
    let publishedAt: Date
    let updatedAt: Date

    var gid: GlobalID { GlobalID("Article", id) }
}

struct PageRecord: GraphValue {
    var graphQLTypeName: String { "Page" }
    let id: Int64
    let shopID: Int64
    let title: String
    let handle: String
    let bodyHtml: String
    let createdAt: Date
    let updatedAt: Date

    var gid: GlobalID { GlobalID("Page", id) }
}

struct LocationRecord: GraphValue {
    var graphQLTypeName: String { "Location" }
    let id: Int64
    let name: String
    let address1: String?
    let address2: String?
    let city: String?
    let province: String?
    let provinceCode: String?
    let countryCode: String?
    let zip: String?
    let phone: String?
    let latitude: Double?
    let longitude: Double?

    var gid: GlobalID { GlobalID("Location", id) }
}

struct UrlRedirectRecord: GraphValue {
    var graphQLTypeName: String { "UrlRedirect" }
    let id: Int64
    let path: String
    let target: String

    var gid: GlobalID { GlobalID("UrlRedirect", id) }
}

/// Plain text of an HTML fragment (what `content`, `excerpt` and `bodySummary` show): tags dropped, the
/// entities the sandbox writes decoded, whitespace collapsed.
enum ContentText {
    static func plain(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        let decoded = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        return decoded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
