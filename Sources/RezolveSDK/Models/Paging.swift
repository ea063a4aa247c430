import Foundation

/// Sort direction of a category page, sent as `ASC` / `DESC`.
public enum SortDirection: String, Sendable, Equatable {
    /// Smallest value of the sort field first.
    case ascending = "ASC"
    /// Largest value of the sort field first.
    case descending = "DESC"
}

/// One page request (or a page link in an answer): page size, 1-based page number and sort order.
public struct PageNavigation: Sendable, Equatable, Decodable {
    /// How many items a page holds.
    public var count: Int
    /// Which page, counting from 1.
    public var pageIndex: Int
    /// Field to sort on, as the server names it; nil or empty for the server's default order.
    public var sortBy: String?
    /// Whether sorting runs ascending or descending.
    public var sort: SortDirection

    /// Creates a page request.
    public init(count: Int, pageIndex: Int, sortBy: String?, sort: SortDirection) {
        self.count = count
        self.pageIndex = pageIndex
        self.sortBy = sortBy
        self.sort = sort
    }

    enum CodingKeys: String, CodingKey {
        case count, page
        case sortBy = "sort_by"
        case sort
    }

    /// Reads a page link; missing values become page 1, size 0 and ascending.
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
    /// Paging of the products list.
    public var productsFilter: PageNavigation
    /// Paging of the subcategories list.
    public var categoryFilter: PageNavigation

    /// Pairs the paging of the two lists.
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
            var result = [
                ("\(prefix)_items_per_page", String(page.count)), ("\(prefix)_page_number", String(page.pageIndex)),
            ]
            if let sortBy = page.sortBy, !sortBy.isEmpty { result.append(("\(prefix)_sort_by", sortBy)) }
            result.append(("\(prefix)_sort_direction", page.sort.rawValue))
            return result
        }
        return items("category", categoryFilter) + items("product", productsFilter)
    }
}

/// Links between the pages of a list; each is `nil` where no such page exists.
public struct Links: Sendable, Equatable, Decodable {
    /// The page these links came with.
    public let current: PageNavigation?
    /// The first page.
    public let first: PageNavigation?
    /// The page before this one.
    public let prev: PageNavigation?
    /// The page after this one.
    public let next: PageNavigation?
    /// The last page.
    public let last: PageNavigation?
}

/// One page of a list.
public struct PageResult<T: Sendable & Decodable>: Sendable, Decodable {
    /// Links to the neighbouring pages; nil when the reply has none.
    public let links: Links?
    /// Items on this page; the page's length when the reply omits it.
    public let count: Int
    /// Items across all pages; the page's length when the reply omits it.
    public let total: Int
    /// The items of this page.
    public let items: [T]

    enum CodingKeys: String, CodingKey { case links, count, total, items }

    /// Creates a page by hand; the defaults make an empty page.
    public init(links: Links? = nil, count: Int = 0, total: Int = 0, items: [T] = []) {
        self.links = links
        self.count = count
        self.total = total
        self.items = items
    }

    /// Reads a page, accepting counts sent as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        links = try c.decodeIfPresent(Links.self, forKey: .links)
        items = try c.list(T.self, .items)
        count = c.lenientInt(.count) ?? items.count
        total = c.lenientInt(.total) ?? items.count
    }
}
