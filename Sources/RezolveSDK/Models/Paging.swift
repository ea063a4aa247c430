import Foundation

/// Sort direction of a category page, sent as `ASC` / `DESC`.
public enum SortDirection: String, Sendable, Equatable {
    case ascending = "ASC"
    case descending = "DESC"
}

/// One page request (or a page link in an answer): page size, 1-based page number and sort order.
public struct PageNavigation: Sendable, Equatable, Decodable {
    public var count: Int
    public var pageIndex: Int
    public var sortBy: String?
    public var sort: SortDirection

    public init(count: Int, pageIndex: Int, sortBy: String?, sort: SortDirection) {
        self.count = count
        self.pageIndex = pageIndex
        self.sortBy = sortBy
        self.sort = sort
    }

    enum CodingKeys: String, CodingKey { case count, page, sortBy = "sort_by", sort }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = c.lenientInt(.count) ?? 0
        pageIndex = c.lenientInt(.page) ?? 1
        sortBy = try c.decodeIfPresent(String.self, forKey: .sortBy)
        let direction = try c.decodeIfPresent(String.self, forKey: .sort)?.uppercased()
        sort = direction == "DESC" ? .descending : .ascending
    }
}

/// Paging of both lists of a category call.
public struct PageNavigationFilter: Sendable, Equatable {
    public var productsFilter: PageNavigation
    public var categoryFilter: PageNavigation

    public init(productsFilter: PageNavigation, categoryFilter: PageNavigation) {
        self.productsFilter = productsFilter
        self.categoryFilter = categoryFilter
    }

    /// 30 per page, page 1, ascending, no sort field.
    public static let `default` = PageNavigationFilter(
        productsFilter: PageNavigation(count: 30, pageIndex: 1, sortBy: nil, sort: .ascending),
        categoryFilter: PageNavigation(count: 30, pageIndex: 1, sortBy: nil, sort: .ascending))

    /// The query of §3.5.4, in its fixed order; a nil or empty sort field is left out.
    var queryItems: [(String, String)] {
        func items(_ prefix: String, _ page: PageNavigation) -> [(String, String)] {
            var result = [("\(prefix)_items_per_page", String(page.count)), ("\(prefix)_page_number", String(page.pageIndex))]
            if let sortBy = page.sortBy, !sortBy.isEmpty { result.append(("\(prefix)_sort_by", sortBy)) }
            result.append(("\(prefix)_sort_direction", page.sort.rawValue))
            return result
        }
        return items("category", categoryFilter) + items("product", productsFilter)
    }
}

/// Links between the pages of a list; each is `nil` where no such page exists.
public struct Links: Sendable, Equatable, Decodable {
    public let current: PageNavigation?
    public let first: PageNavigation?
    public let prev: PageNavigation?
    public let next: PageNavigation?
    public let last: PageNavigation?
}

/// One page of a list.
public struct PageResult<T: Sendable & Decodable>: Sendable, Decodable {
    public let links: Links?
    public let count: Int
    public let total: Int
    public let items: [T]

    enum CodingKeys: String, CodingKey { case links, count, total, items }

    public init(links: Links? = nil, count: Int = 0, total: Int = 0, items: [T] = []) {
        self.links = links
        self.count = count
        self.total = total
        self.items = items
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        links = try c.decodeIfPresent(Links.self, forKey: .links)
        items = try c.list(T.self, .items)
        count = c.lenientInt(.count) ?? items.count
        total = c.lenientInt(.total) ?? items.count
    }
}
