import CommerceCore
import Foundation
import GraphQL

/// A sort position: the value a list is ordered by. Cursors carry it as `last_value` (spec §5.4).
enum SortValue: Sendable, Equatable {
    case number(Int64)
    case text(String)

    var json: JSONValue {
        switch self {
        case .number(let value): .integer(value)
        case .text(let value): .string(value)
        }
    }

    init?(json: JSONValue) {
        if let number = json.integerValue {
            self = .number(number)
        } else if let text = json.stringValue {
            self = .text(text)
        } else {
            return nil
        }
    }

    static func ascending(_ lhs: SortValue, _ rhs: SortValue) -> Bool? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a == b ? nil : a < b
        case (.text(let a), .text(let b)): a == b ? nil : a < b
        case (.number, .text): true
        case (.text, .number): false
        }
    }
}

/// How a list is ordered: the sort key's name (carried in cursors), whether values run high to low, and
/// whether the caller asked for `reverse`. Ties break by ID ascending before `reverse` flips everything.
struct SortOrder: Sendable {
    let key: String
    let descending: Bool
    let reverse: Bool

    /// Whether `a` comes before `b` in the final order.
    func precedes(_ a: (id: Int64, value: SortValue), _ b: (id: Int64, value: SortValue)) -> Bool {
        var before: Bool
        if let byValue = SortValue.ascending(a.value, b.value) {
            before = descending ? !byValue : byValue
        } else if a.id != b.id {
            before = a.id < b.id
        } else {
            return false
        }
        if reverse { before.toggle() }
        return before
    }
}

/// Relay cursor connections (spec §5.7): `after`/`before` narrow the sorted list, then `first`/`last` cut the page.
enum Connection {
    struct Entry<Item: Sendable>: Sendable {
        let item: Item
        let id: Int64
        let value: SortValue
    }

    static func empty(connectionType: String, edgeType: String) -> GraphObject {
        GraphObject(
            connectionType,
            [
                "edges": [(any Sendable)?](), "nodes": [(any Sendable)?](),
                "pageInfo": GraphObject("PageInfo", ["hasNextPage": false, "hasPreviousPage": false]),
            ])
    }

    /// Sorts `entries`, applies the page arguments in `args` (C1–C5) and builds the connection object.
    static func make<Item: Sendable>(_ entries: [Entry<Item>], order: SortOrder, args: Map, connectionType: String)
        throws -> GraphObject
    {
        let edgeType = String(connectionType.dropLast("Connection".count)) + "Edge"
        let first = args.field("first").asInt
        let last = args.field("last").asInt
        if first == nil && last == nil { throw StorefrontFieldError.missingPageSize }
        if first != nil && last != nil { throw StorefrontFieldError.bothPageSizes }
        let size = first ?? last ?? 0
        if size > 250 { throw StorefrontFieldError.pageSizeTooLarge }
        if size < 0 { throw StorefrontFieldError.pageSizeNegative }

        let sorted = entries.sorted { order.precedes(($0.id, $0.value), ($1.id, $1.value)) }
        var lower = 0
        var upper = sorted.count
        if let after = args.field("after").asString {
            let position = try decodeCursor(after, sortKey: order.key)
            lower = sorted.firstIndex { order.precedes(position, ($0.id, $0.value)) } ?? sorted.count
        }
        if let before = args.field("before").asString {
            let position = try decodeCursor(before, sortKey: order.key)
            upper = sorted.firstIndex { !order.precedes(($0.id, $0.value), position) } ?? sorted.count
        }
        upper = max(upper, lower)
        let start: Int
        let end: Int
        if first != nil {
            start = lower
            end = min(upper, lower + size)
        } else {
            end = upper
            start = max(lower, upper - size)
        }
        let page = sorted[start..<end]
        let edges = page.map { entry -> (any Sendable)? in
            GraphObject(
                edgeType,
                ["cursor": DeferredCursor(id: entry.id, value: entry.value, sortKey: order.key), "node": entry.item])
        }
        return GraphObject(
            connectionType,
            [
                "edges": edges,
                "nodes": page.map { $0.item as (any Sendable)? },
                "pageInfo": GraphObject("PageInfo", ["hasNextPage": end < sorted.count, "hasPreviousPage": start > 0]),
            ])
    }

    /// An edge's cursor, encoded only when a selection asks for it (most pages never do, and encoding is
    /// a JSON text and a Base64 pass per edge). The field resolver of `GraphObject`s turns it into the string.
    struct DeferredCursor: Sendable {
        let id: Int64
        let value: SortValue
        let sortKey: String

        var encoded: String { Connection.encodeCursor(id: id, value: value, sortKey: sortKey) }
    }

    static func encodeCursor(id: Int64, value: SortValue, sortKey: String) -> String {
        let json: JSONValue = ["last_id": .integer(id), "last_value": value.json, "sort": .string(sortKey)]
        return Data(json.serialized().utf8).base64EncodedString()
    }

    static func decodeCursor(_ cursor: String, sortKey: String) throws -> (id: Int64, value: SortValue) {
        guard let data = Data(base64Encoded: cursor), let json = try? JSONValue.parse(data),
            let id = json["last_id"]?.integerValue, let value = json["last_value"].flatMap(SortValue.init(json:)),
            json["sort"]?.stringValue == sortKey
        else {
            throw StorefrontFieldError.invalidCursor(cursor)
        }
        return (id, value)
    }
}
