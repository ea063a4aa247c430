import Foundation
import GraphQL

extension ResolverRegistry {
    /// `menu(handle:)`: the sandbox keeps no menu editor, so the two menus every theme starts with are built
    /// from the shop's own catalog and content each time. Any other handle is `null`.
    mutating func registerMenu() {
        on("QueryRoot", "menu") { _, args, c, _ in try StoreMenus.menu(args.field("handle").asString, c) }
    }

    /// `sitemap(type:)`: every published resource of one kind, 250 to a page, newest catalog dates as stored.
    mutating func registerSitemap() {
        on("QueryRoot", "sitemap") { _, args, c, _ in
            let resources = try StoreSitemap.resources(args.field("type").asString ?? "", c)
            let pages = (resources.count + StoreSitemap.pageSize - 1) / StoreSitemap.pageSize
            return GraphObject(
                "Sitemap",
                [
                    "pagesCount": GraphObject("Count", ["count": pages, "precision": "EXACT"]),
                    "resources": StoreSitemap.Pages(resources: resources),
                ])
        }
        on("Sitemap", "resources") { source, args, _, _ in
            guard let object = source as? GraphObject, let pages = object.fields["resources"] as? StoreSitemap.Pages
            else { return nil }
            let page = args.field("page").asInt ?? 1
            guard page >= 1 else { throw StorefrontFieldError(message: "page must be 1 or higher") }
            let start = (page - 1) * StoreSitemap.pageSize
            let items =
                start < pages.resources.count
                ? Array(pages.resources[start..<min(start + StoreSitemap.pageSize, pages.resources.count)]) : []
            return GraphObject(
                "PaginatedSitemapResources",
                [
                    "items": graphList(items),
                    "hasNextPage": start + StoreSitemap.pageSize < pages.resources.count,
                ])
        }
    }
}

enum StoreMenus {
    static func menu(_ handle: String?, _ context: StorefrontRequestContext) throws -> GraphObject? {
        let domain = "https://\(context.shop.domain)"
        let pages = try StorefrontContentStore.pages(context.db, shopID: context.shop.id)
        var number: Int64 = 0
        func item(_ title: String, _ type: String, _ path: String, _ resource: (any Sendable)?, _ gid: GlobalID?)
            -> GraphObject
        {
            number += 1
            return GraphObject(
                "MenuItem",
                [
                    "id": GlobalID("MenuItem", number).encoded, "title": title, "type": type, "url": domain + path,
                    "resource": resource, "resourceId": gid?.encoded, "tags": graphList([String]()),
                    "items": graphList([GraphObject]()),
                ])
        }
        let items: [GraphObject]
        let id: Int64
        switch handle {
        case "main-menu":
            id = 1
            var list = [
                item("Home", "FRONTPAGE", "/", nil, nil), item("Catalog", "CATALOG", "/collections/all", nil, nil),
            ]
            for collection in try context.catalog().collections {
                list.append(
                    item(
                        collection.title, "COLLECTION", "/collections/\(collection.handle)", collection, collection.gid)
                )
            }
            for blog in try StorefrontContentStore.blogs(context.db, shopID: context.shop.id) {
                list.append(item(blog.title, "BLOG", "/blogs/\(blog.handle)", blog, blog.gid))
            }
            items = list
        case "footer":
            id = 2
            items =
                [item("Search", "SEARCH", "/search", nil, nil)]
                + pages.map { item($0.title, "PAGE", "/pages/\($0.handle)", $0, $0.gid) }
        default:
            return nil
        }
        let title = id == 1 ? "Main menu" : "Footer menu"
        return GraphObject(
            "Menu",
            [
                "id": GlobalID("Menu", id).encoded, "handle": handle, "title": title, "items": graphList(items),
                "itemsCount": items.count,
            ])
    }
}

enum StoreSitemap {
    static let pageSize = 250

    /// The resources of a sitemap, carried from `sitemap` to its `resources(page:)`.
    struct Pages: Sendable {
        let resources: [GraphObject]
    }

    static func resources(_ type: String, _ context: StorefrontRequestContext) throws -> [GraphObject] {
        let (db, shopID) = (context.db, context.shop.id)
        func resource(_ handle: String, _ title: String?, _ updated: Date, image: ImageRecord? = nil) -> GraphObject {
            GraphObject(
                "SitemapResource",
                [
                    "handle": handle, "title": title, "updatedAt": context.dateTime(updated),
                    "image": image.map {
                        GraphObject(
                            "SitemapImage",
                            [
                                "alt": $0.altText, "filepath": ResolverRegistry.imageURL($0, context),
                                "updatedAt": context.dateTime(updated),
                            ])
                    },
                ])
        }
        switch type {
        case "PRODUCT":
            return try context.catalog().products.map {
                resource($0.handle, $0.title, $0.updatedAt, image: $0.images.first)
            }
        case "COLLECTION":
            return try context.catalog().collections.map { resource($0.handle, $0.title, $0.updatedAt) }
        case "PAGE":
            return try StorefrontContentStore.pages(db, shopID: shopID).map {
                resource($0.handle, $0.title, $0.updatedAt)
            }
        case "ARTICLE":
            return try StorefrontContentStore.articles(db, shopID: shopID).map {
                resource($0.handle, $0.title, $0.updatedAt, image: $0.image)
            }
        case "BLOG":
            let articles = try StorefrontContentStore.articles(db, shopID: shopID)
            return try StorefrontContentStore.blogs(db, shopID: shopID).map { blog in
                let newest = articles.filter { $0.blogID == blog.id }.map(\.updatedAt).max() ?? context.now
                return resource(blog.handle, blog.title, newest)
            }
        default:
            // METAOBJECT: the sandbox defines none.
            return []
        }
    }
}
