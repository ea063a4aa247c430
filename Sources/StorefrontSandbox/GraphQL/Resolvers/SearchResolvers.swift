import Foundation
import GraphQL

extension ResolverRegistry {
    /// `search` and `predictiveSearch` over products, collections, pages and articles, and
    /// `productRecommendations`.
    mutating func registerDiscovery() {
        on("QueryRoot", "search") { _, args, c, _ in try StoreSearch.search(args, c) }
        on("QueryRoot", "predictiveSearch") { _, args, c, _ in try StoreSearch.predictive(args, c) }
        registerRecommendations()
    }
}

/// Free-text search as a storefront's search page and search box use it. Every term of `query` must occur in
/// one of an item's searched texts (case-insensitive substrings, so the last term also matches as a prefix).
enum StoreSearch {
    /// Text each kind of item is searched by; `fields` are `SearchableField` names (predictive search only).
    static func texts(_ product: ProductRecord, fields: Set<String>) -> [String] {
        var texts: [String] = []
        if fields.contains("TITLE") { texts.append(product.title) }
        if fields.contains("PRODUCT_TYPE") { texts.append(product.productType) }
        if fields.contains("VENDOR") { texts.append(product.vendor) }
        if fields.contains("TAG") { texts += product.tags }
        if fields.contains("BODY") { texts.append(product.description) }
        if fields.contains("VARIANTS_TITLE") { texts += product.variants.map(\.title) }
        if fields.contains("VARIANTS_SKU") { texts += product.variants.map { "SBX-\($0.id)" } }
        return texts
    }

    static func texts(_ article: ArticleRecord, fields: Set<String>) -> [String] {
        var texts: [String] = []
        if fields.contains("TITLE") { texts.append(article.title) }
        if fields.contains("AUTHOR") { texts.append(article.author.name) }
        if fields.contains("TAG") { texts += article.tags }
        if fields.contains("BODY") { texts.append(ContentText.plain(article.contentHtml)) }
        return texts
    }

    static func texts(_ page: PageRecord, fields: Set<String>) -> [String] {
        var texts: [String] = []
        if fields.contains("TITLE") { texts.append(page.title) }
        if fields.contains("BODY") { texts.append(ContentText.plain(page.bodyHtml)) }
        return texts
    }

    /// What `search` looks in: everything a shopper would read.
    static let everyField: Set<String> = ["TITLE", "PRODUCT_TYPE", "VENDOR", "TAG", "BODY", "AUTHOR", "VARIANTS_TITLE"]
    /// `predictiveSearch`'s default `searchableFields`.
    static let predictiveDefault: Set<String> = ["TITLE", "PRODUCT_TYPE", "VARIANTS_TITLE", "VENDOR"]

    /// One match: the item, how many terms it matched, and what `PRICE` and `unavailableProducts` read.
    struct Hit: Sendable {
        let item: any Sendable
        let relevance: Int64
        let priceCents: Int64?
        let available: Bool
    }

    /// Items of `types` whose texts hold every term of `query`, products first, then pages, then articles.
    static func hits(
        _ query: String, types: Set<String>, fields: Set<String>, unavailable: String,
        _ context: StorefrontRequestContext
    ) throws -> [Hit] {
        let search = SearchQuery(query, fields: [])
        guard !search.isEmpty else { return [] }
        var hits: [Hit] = []
        func add(_ item: any Sendable, _ texts: [String], price: Int64? = nil, available: Bool = true) {
            guard search.matches(freeText: texts, value: { _ in nil }) else { return }
            if unavailable == "HIDE" && !available { return }
            hits.append(
                Hit(item: item, relevance: search.relevance(freeText: texts), priceCents: price, available: available))
        }
        if types.contains("PRODUCT") {
            for product in try context.catalog().products {
                add(
                    product, texts(product, fields: fields), price: product.minPriceCents,
                    available: product.availableForSale)
            }
        }
        if types.contains("COLLECTION") {
            for collection in try context.catalog().collections where fields.contains("TITLE") {
                add(collection, [collection.title])
            }
        }
        if types.contains("PAGE") {
            for page in try StorefrontContentStore.pages(context.db, shopID: context.shop.id) {
                add(page, texts(page, fields: fields))
            }
        }
        if types.contains("ARTICLE") {
            for article in try StorefrontContentStore.articles(context.db, shopID: context.shop.id) {
                add(article, texts(article, fields: fields))
            }
        }
        return hits
    }

    /// `search`: `RELEVANCE` (default) from the best match down or `PRICE` from the cheapest product up (pages
    /// and articles after the products); unavailable products last unless `unavailableProducts` says `SHOW`
    /// or `HIDE`.
    static func search(_ args: Map, _ context: StorefrontRequestContext) throws -> GraphObject {
        let types = Set((args.field("types").asList ?? []).compactMap(\.asString))
        let unavailable = args.field("unavailableProducts").asString ?? "LAST"
        let hits = try self.hits(
            args.field("query").asString ?? "", types: types.isEmpty ? ["PRODUCT", "PAGE", "ARTICLE"] : types,
            fields: everyField, unavailable: unavailable, context)
        let key = args.field("sortKey").asString ?? "RELEVANCE"
        let lastFirst = unavailable == "LAST"
        // Cursor ids are positions in the unsorted list: stable for as long as the shop's content is.
        let entries = hits.enumerated().map { index, hit -> Connection.Entry<any Sendable> in
            let demoted: Int64 = lastFirst && !hit.available ? 1 << 40 : 0
            let value: SortValue =
                key == "PRICE"
                ? .number(demoted + (hit.priceCents ?? (1 << 39)))
                : .number(demoted - hit.relevance)
            return Connection.Entry(item: hit.item, id: Int64(index + 1), value: value)
        }
        let order = SortOrder(key: key, descending: false, reverse: args.field("reverse").asBool ?? false)
        var connection = try Connection.make(
            entries, order: order, args: args, connectionType: "SearchResultItemConnection")
        connection.fields["totalCount"] = hits.count
        connection.fields["productFilters"] = graphList([GraphObject]())
        return connection
    }

    /// `predictiveSearch`: at most `limit` (1–10, default 10) results in all (`limitScope: ALL`, filled products
    /// first) or of each type (`EACH`).
    static func predictive(_ args: Map, _ context: StorefrontRequestContext) throws -> GraphObject {
        let limit = args.field("limit").asInt ?? 10
        guard (1...10).contains(limit) else {
            throw StorefrontFieldError(message: "limit must be between 1 and 10")
        }
        let types = Set((args.field("types").asList ?? []).compactMap(\.asString))
        let fields = Set((args.field("searchableFields").asList ?? []).compactMap(\.asString))
        let hits = try self.hits(
            args.field("query").asString ?? "",
            types: types.isEmpty ? ["PRODUCT", "COLLECTION", "PAGE", "ARTICLE"] : types,
            fields: fields.isEmpty ? predictiveDefault : fields,
            unavailable: args.field("unavailableProducts").asString ?? "LAST", context)
        let unavailableLast = (args.field("unavailableProducts").asString ?? "LAST") == "LAST"
        let each = args.field("limitScope").asString == "EACH"
        var remaining = limit
        func take<Item>(_ type: Item.Type) -> [(any Sendable)?] {
            let ranked = hits.filter { $0.item is Item }.enumerated().sorted { a, b in
                let (x, y) = (a.element, b.element)
                if unavailableLast && x.available != y.available { return x.available }
                if x.relevance != y.relevance { return x.relevance > y.relevance }
                return a.offset < b.offset
            }
            let count = min(ranked.count, each ? limit : remaining)
            if !each { remaining -= count }
            return ranked.prefix(count).map { $0.element.item as (any Sendable)? }
        }
        return GraphObject(
            "PredictiveSearchResult",
            [
                "products": take(ProductRecord.self), "collections": take(CollectionRecord.self),
                "pages": take(PageRecord.self), "articles": take(ArticleRecord.self),
                // The sandbox keeps no search history to suggest queries from.
                "queries": graphList([GraphObject]()),
            ])
    }
}
