import Foundation
import GraphQL

/// Search, sorting and paging of products and collections (spec §5.6, §5.7).
enum CatalogListing {
    static let productFields: Set<String> = [
        "available_for_sale", "created_at", "product_type", "tag", "title",
        "updated_at", "variants.price", "vendor",
    ]
    static let collectionFields: Set<String> = ["collection_type", "title", "updated_at"]

    static func freeText(_ product: ProductRecord) -> [String] {
        [product.title, product.handle, product.description, product.productType, product.vendor] + product.tags
    }

    static func freeText(_ collection: CollectionRecord) -> [String] {
        [collection.title, collection.handle, collection.description]
    }

    static func field(_ product: ProductRecord, _ name: String) -> SearchQuery.FieldValue? {
        switch name {
        case "available_for_sale": .text([product.availableForSale ? "true" : "false"])
        case "created_at": .date(product.createdAt)
        case "updated_at": .date(product.updatedAt)
        case "product_type": .text([product.productType])
        case "tag": .text(product.tags)
        case "title": .text([product.title])
        case "vendor": .text([product.vendor])
        case "variants.price": .cents(product.variants.map(\.priceCents))
        default: nil
        }
    }

    static func field(_ collection: CollectionRecord, _ name: String) -> SearchQuery.FieldValue? {
        switch name {
        case "collection_type": .text([collection.collectionType])
        case "title": .text([collection.title])
        case "updated_at": .date(collection.updatedAt)
        default: nil
        }
    }

    /// A product connection over `products`. `manualPositions` orders a collection's `MANUAL` sort.
    static func products(
        _ products: [ProductRecord], args: Map, defaultSort: String,
        manualPositions: [Int64: Int64]? = nil
    ) throws -> GraphObject {
        let query = SearchQuery(args.field("query").asString, fields: productFields)
        let matching =
            query.isEmpty
            ? products
            : products.filter { product in
                query.matches(freeText: freeText(product)) { name in field(product, name) }
            }
        let key = args.field("sortKey").asString ?? defaultSort
        var descending = false
        let entries = matching.map { product -> Connection.Entry<ProductRecord> in
            let value: SortValue
            switch key {
            case "TITLE": value = .text(product.title.lowercased())
            case "PRODUCT_TYPE": value = .text(product.productType.lowercased())
            case "VENDOR": value = .text(product.vendor.lowercased())
            case "UPDATED_AT": value = .number(Int64(product.updatedAt.timeIntervalSince1970))
            case "CREATED_AT", "CREATED": value = .number(Int64(product.createdAt.timeIntervalSince1970))
            case "BEST_SELLING":
                value = .number(product.sales)
                descending = true
            case "PRICE": value = .number(product.minPriceCents)
            case "RELEVANCE":
                value = .number(query.relevance(freeText: freeText(product)))
                descending = true
            case "MANUAL", "COLLECTION_DEFAULT": value = .number(manualPositions?[product.id] ?? product.id)
            default: value = .number(product.id)
            }
            return Connection.Entry(item: product, id: product.id, value: value)
        }
        let order = SortOrder(key: key, descending: descending, reverse: args.field("reverse").asBool ?? false)
        return try Connection.make(entries, order: order, args: args, connectionType: "ProductConnection")
    }

    static func collections(_ collections: [CollectionRecord], args: Map) throws -> GraphObject {
        let query = SearchQuery(args.field("query").asString, fields: collectionFields)
        let matching =
            query.isEmpty
            ? collections
            : collections.filter { collection in
                query.matches(freeText: freeText(collection)) { name in field(collection, name) }
            }
        let key = args.field("sortKey").asString ?? "ID"
        var descending = false
        let entries = matching.map { collection -> Connection.Entry<CollectionRecord> in
            let value: SortValue
            switch key {
            case "TITLE": value = .text(collection.title.lowercased())
            case "UPDATED_AT": value = .number(Int64(collection.updatedAt.timeIntervalSince1970))
            case "RELEVANCE":
                value = .number(query.relevance(freeText: freeText(collection)))
                descending = true
            default: value = .number(collection.id)
            }
            return Connection.Entry(item: collection, id: collection.id, value: value)
        }
        let order = SortOrder(key: key, descending: descending, reverse: args.field("reverse").asBool ?? false)
        return try Connection.make(entries, order: order, args: args, connectionType: "CollectionConnection")
    }

    /// `productTags` / `productTypes`: distinct values in alphabetical order.
    static func strings(_ values: [String], args: Map) throws -> GraphObject {
        let distinct = Array(Set(values.filter { !$0.isEmpty })).sorted()
        let entries = distinct.enumerated().map { Connection.Entry(item: $1, id: Int64($0 + 1), value: .text($1)) }
        return try Connection.make(
            entries, order: SortOrder(key: "NAME", descending: false, reverse: false), args: args,
            connectionType: "StringConnection")
    }
}
