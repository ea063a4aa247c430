import CommerceCore
import Foundation

/// Category paging (spec §3.5.4, §5.6): `<kind>_items_per_page`, `_page_number`, `_sort_by`, `_sort_direction`
/// for `category` and `product`, with 1-based pages and echoed links.
struct RezolvePage: Sendable, Equatable {
    var count = 30
    var page = 1
    var sortBy: String?
    var descending = false

    /// Known sort keys; anything else (the seed passes `product`/`category`) sorts by position.
    var effectiveSort: String {
        switch sortBy ?? "" {
        case "name", "price": sortBy ?? "position"
        default: "position"
        }
    }

    /// Reads both pages from the query, reporting every bad parameter at once, sorted by name.
    static func parse(_ query: [String: String]) throws(RezolveFailure) -> (
        categories: RezolvePage, products: RezolvePage
    ) {
        var problems: [String] = []
        let categories = parse(query, kind: "category", problems: &problems)
        let products = parse(query, kind: "product", problems: &problems)
        guard problems.isEmpty else {
            throw RezolveFailure.validation(5, problems.sorted(by: RezolveRecordRules.byPointer))
        }
        return (categories, products)
    }

    private static func parse(_ query: [String: String], kind: String, problems: inout [String]) -> RezolvePage {
        var page = RezolvePage()
        for (suffix, path) in [("_items_per_page", \RezolvePage.count), ("_page_number", \RezolvePage.page)] {
            let name = kind + suffix
            guard let text = query[name] else { continue }
            guard let value = Int(text) else {
                problems.append("Type mismatch. Expected Integer but got String. - #/\(name)")
                continue
            }
            let allowed = suffix == "_items_per_page" ? (1...100).contains(value) : value >= 1
            if !allowed {
                problems.append(RezolveMessage.between1And100(at: "#/\(name)"))
            } else {
                page[keyPath: path] = value
            }
        }
        if let sortBy = query[kind + "_sort_by"], !sortBy.isEmpty {
            page.sortBy = sortBy
        }
        if let direction = query[kind + "_sort_direction"] {
            switch direction.uppercased() {
            case "ASC": page.descending = false
            case "DESC": page.descending = true
            default: problems.append(RezolveMessage.notInEnum(at: "#/\(kind)_sort_direction"))
            }
        }
        return page
    }

    /// Where page `page` of `size` starts, clamped to `total` (a huge page number must not overflow).
    static func offset(page: Int, size: Int, total: Int) -> Int {
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: size)
        return overflow ? total : min(start, total)
    }

    /// This page's slice of `items` and the `{links, count, total, items}` object around it.
    func wrap(_ items: [JSONValue]) -> JSONValue {
        let lastPage = max(1, (items.count + count - 1) / count)
        let start = Self.offset(page: page, size: count, total: items.count)
        let slice = Array(items[start..<min(start + count, items.count)])
        let link = { (number: Int) -> JSONValue in
            [
                "count": .integer(Int64(count)), "page": .integer(Int64(number)), "sort_by": .from(sortBy),
                "sort": .string(descending ? "DESC" : "ASC"),
            ]
        }
        let links: JSONValue = [
            "current": link(page), "first": link(1), "prev": page > 1 ? link(min(page - 1, lastPage)) : .null,
            "next": page < lastPage ? link(page + 1) : .null, "last": link(lastPage),
        ]
        return [
            "links": links, "count": .integer(Int64(slice.count)), "total": .integer(Int64(items.count)),
            "items": .array(slice),
        ]
    }
}

/// Search paging (§5.6): `page` ≤ 1 is the first page, `limit` 1…100.
struct RezolveSearchPage: Sendable {
    var page = 1
    var limit = 30

    static func parse(_ query: [String: String]) throws(RezolveFailure) -> RezolveSearchPage {
        var problems: [String] = []
        var result = RezolveSearchPage()
        if let text = query["limit"] {
            if let value = Int(text) {
                result.limit = value
            } else {
                problems.append("Type mismatch. Expected Integer but got String. - #/limit")
            }
        }
        if let text = query["page"] {
            if let value = Int(text) {
                result.page = max(1, value)
            } else {
                problems.append("Type mismatch. Expected Integer but got String. - #/page")
            }
        }
        guard problems.isEmpty else { throw RezolveFailure.validation(6, problems) }
        guard (1...100).contains(result.limit) else {
            throw RezolveFailure.validation(6, [RezolveMessage.between1And100(at: "#/limit")])
        }
        return result
    }

    func slice<T>(_ items: [T]) -> [T] {
        let start = RezolvePage.offset(page: page, size: limit, total: items.count)
        return Array(items[start..<min(start + limit, items.count)])
    }
}
