import Foundation
import GraphQL

extension ResolverRegistry {
    /// `Product`, `ProductVariant`, `Image`, `Collection` (spec §5.3 table, §5.5 derived values).
    mutating func registerCatalog() {
        let product = ProductRecord.self
        on("Product", "id", as: product) { p, _, _ in p.gid.encoded }
        on("Product", "title", as: product) { p, _, _ in p.title }
        on("Product", "handle", as: product) { p, _, _ in p.handle }
        on("Product", "description", as: product) { p, args, _ in Self.truncate(p.description, args) }
        on("Product", "descriptionHtml", as: product) { p, _, _ in "<p>\(Self.escapeHTML(p.description))</p>" }
        on("Product", "productType", as: product) { p, _, _ in p.productType }
        on("Product", "vendor", as: product) { p, _, _ in p.vendor }
        on("Product", "tags", as: product) { p, _, _ in graphList(p.tags) }
        on("Product", "createdAt", as: product) { p, _, c in c.dateTime(p.createdAt) }
        on("Product", "updatedAt", as: product) { p, _, c in c.dateTime(p.updatedAt) }
        on("Product", "publishedAt", as: product) { p, _, c in c.dateTime(p.createdAt) }
        on("Product", "availableForSale", as: product) { p, _, _ in p.availableForSale }
        on("Product", "totalInventory", as: product) { p, _, _ in Int(p.totalInventory) }
        on("Product", "requiresSellingPlan", as: product) { _, _, _ in false }
        on("Product", "priceRange", as: product) { p, _, c in Self.priceRange(p, c) }
        on("Product", "compareAtPriceRange", as: product) { p, _, c in Self.priceRange(p, c) }
        on("Product", "seo", as: product) { p, _, _ in
            GraphObject("SEO", ["title": p.title, "description": p.description])
        }
        on("Product", "options", as: product) { p, args, _ in
            let option = GraphObject(
                "ProductOption",
                [
                    "id": GlobalID("ProductOption", p.id).encoded, "name": p.optionName,
                    "values": graphList(p.variants.map(\.title)),
                ])
            return (args.field("first").asInt ?? 1) > 0 ? [option as (any Sendable)?] : [(any Sendable)?]()
        }
        on("Product", "images", as: product) { p, args, _ in
            try Self.positioned(p.images, args: args, connectionType: "ImageConnection") {
                ($0.id, $0.position, $0.name)
            }
        }
        on("Product", "variants", as: product) { p, args, _ in
            try Self.positioned(p.variants, args: args, connectionType: "ProductVariantConnection") {
                ($0.id, $0.position, $0.title)
            }
        }
        on("Product", "collections", as: product) { p, args, c in
            let collections = try c.catalog().collections.filter { $0.productIDs.contains(p.id) }
            return try CatalogListing.collections(collections, args: args)
        }
        on("Product", "variantBySelectedOptions", as: product) { p, args, _ in
            let wanted = (args.field("selectedOptions").asList ?? []).compactMap { option -> (String, String)? in
                guard let name = option.field("name").asString, let value = option.field("value").asString else {
                    return nil
                }
                return (name.lowercased(), value)
            }
            return p.variants.first { variant in
                wanted.allSatisfy { $0.0 == p.optionName.lowercased() && $0.1 == variant.title }
            }
        }

        let variant = VariantRecord.self
        on("ProductVariant", "id", as: variant) { v, _, _ in v.gid.encoded }
        on("ProductVariant", "title", as: variant) { v, _, _ in v.title }
        on("ProductVariant", "sku", as: variant) { v, _, _ in v.sku }
        on("ProductVariant", "available", as: variant) { v, _, _ in v.available }
        on("ProductVariant", "availableForSale", as: variant) { v, _, _ in v.available }
        on("ProductVariant", "currentlyNotInStock", as: variant) { _, _, _ in false }
        on("ProductVariant", "quantityAvailable", as: variant) { v, _, _ in v.inventory.map { Int($0) } }
        on("ProductVariant", "requiresShipping", as: variant) { v, _, c in
            try c.catalog().productsByID[v.productID]?.requiresShipping ?? true
        }
        on("ProductVariant", "price", as: variant) { v, _, _ in StorefrontFormat.money(cents: v.priceCents) }
        on("ProductVariant", "priceV2", as: variant) { v, _, c in c.money(v.priceCents) }
        on("ProductVariant", "weight", as: variant) { _, _, _ in 1.0 }
        on("ProductVariant", "weightUnit", as: variant) { _, _, _ in "KILOGRAMS" }
        on("ProductVariant", "selectedOptions", as: variant) { v, _, c in
            let name = try c.catalog().productsByID[v.productID]?.optionName ?? "Title"
            return [GraphObject("SelectedOption", ["name": name, "value": v.title]) as (any Sendable)?]
        }
        on("ProductVariant", "image", as: variant) { v, _, c in try c.catalog().productsByID[v.productID]?.images.first
        }
        on("ProductVariant", "product", as: variant) { v, _, c in try c.catalog().productsByID[v.productID] }

        let image = ImageRecord.self
        on("Image", "id", as: image) { i, _, _ in i.gid.encoded }
        on("Image", "src", as: image) { i, _, c in Self.imageURL(i, c) }
        on("Image", "originalSrc", as: image) { i, _, c in Self.imageURL(i, c) }
        on("Image", "altText", as: image) { i, _, _ in i.altText }
        on("Image", "width", as: image) { i, _, _ in Int(i.width) }
        on("Image", "height", as: image) { i, _, _ in Int(i.height) }
        on("Image", "transformedSrc", as: image) { i, args, c in
            var query: [String] = []
            if let width = args.field("maxWidth").asInt { query.append("width=\(width)") }
            if let height = args.field("maxHeight").asInt { query.append("height=\(height)") }
            return Self.imageURL(i, c) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        }

        let collection = CollectionRecord.self
        on("Collection", "id", as: collection) { k, _, _ in k.gid.encoded }
        on("Collection", "title", as: collection) { k, _, _ in k.title }
        on("Collection", "handle", as: collection) { k, _, _ in k.handle }
        on("Collection", "description", as: collection) { k, args, _ in Self.truncate(k.description, args) }
        on("Collection", "descriptionHtml", as: collection) { k, _, _ in "<p>\(Self.escapeHTML(k.description))</p>" }
        on("Collection", "updatedAt", as: collection) { k, _, c in c.dateTime(k.updatedAt) }
        on("Collection", "image", as: collection) { k, _, _ in k.image }
        on("Collection", "products", as: collection) { k, args, c in
            let catalog = try c.catalog()
            let products = k.productIDs.compactMap { catalog.productsByID[$0] }
            let positions = Dictionary(uniqueKeysWithValues: k.productIDs.enumerated().map { ($1, Int64($0 + 1)) })
            return try CatalogListing.products(
                products, args: args, defaultSort: "COLLECTION_DEFAULT", manualPositions: positions)
        }
    }

    static func imageURL(_ image: ImageRecord, _ context: StorefrontRequestContext) -> String {
        context.url("/sandbox/storefront/images/\(image.name).png")
    }

    static func priceRange(_ product: ProductRecord, _ context: StorefrontRequestContext) -> GraphObject {
        GraphObject(
            "ProductPriceRange",
            [
                "minVariantPrice": context.money(product.minPriceCents),
                "maxVariantPrice": context.money(product.maxPriceCents),
            ])
    }

    static func truncate(_ text: String, _ args: Map) -> String {
        guard let limit = args.field("truncateAt").asInt, limit >= 0, text.count > limit else { return text }
        return String(text.prefix(limit)) + "..."
    }

    static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Images and variants: `POSITION` (default), `ID`, and for variants `TITLE` and `SKU`.
    static func positioned<Item: Sendable>(
        _ items: [Item], args: Map, connectionType: String,
        key: (Item) -> (id: Int64, position: Int64, title: String)
    ) throws -> GraphObject {
        let sortKey = args.field("sortKey").asString ?? "POSITION"
        let entries = items.map { item -> Connection.Entry<Item> in
            let (id, position, title) = key(item)
            let value: SortValue =
                switch sortKey {
                case "ID": .number(id)
                case "TITLE": .text(title.lowercased())
                case "SKU": .text("SBX-\(id)")
                default: .number(position)
                }
            return Connection.Entry(item: item, id: id, value: value)
        }
        return try Connection.make(
            entries, order: SortOrder(key: sortKey, descending: false, reverse: args.field("reverse").asBool ?? false),
            args: args, connectionType: connectionType)
    }
}
