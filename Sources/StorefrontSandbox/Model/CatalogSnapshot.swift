import CommerceCore
import Foundation
import GRDB

/// One shop's whole catalog, read once per request that needs it. Demo-sized catalogs make this the
/// cheapest correct way to search, sort and paginate (all of which need the full list anyway).
struct CatalogSnapshot: Sendable {
    let products: [ProductRecord]
    let collections: [CollectionRecord]
    let productsByID: [Int64: ProductRecord]
    let variantsByID: [Int64: VariantRecord]

    static func load(_ db: Database, shopID: Int64) throws -> CatalogSnapshot {
        var variants: [Int64: [VariantRecord]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT v.* FROM storefront_variants v JOIN storefront_products p ON p.id = v.product_id
                WHERE p.shop_id = ? ORDER BY v.product_id, v.position, v.id
                """, arguments: [shopID])
        {
            let variant = VariantRecord(row: row)
            variants[variant.productID, default: []].append(variant)
        }
        var images: [String: [Int64: [ImageRecord]]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT i.* FROM storefront_images i
                WHERE (i.owner_kind = 'product' AND i.owner_id IN (SELECT id FROM storefront_products WHERE shop_id = ?))
                   OR (i.owner_kind = 'collection' AND i.owner_id IN (SELECT id FROM storefront_collections WHERE shop_id = ?))
                ORDER BY i.owner_id, i.position, i.id
                """, arguments: [shopID, shopID])
        {
            let image = ImageRecord(
                id: row["id"], ownerKind: row["owner_kind"], ownerID: row["owner_id"],
                position: row["position"], name: row["name"], altText: row["alt_text"],
                width: row["width"], height: row["height"])
            images[image.ownerKind, default: [:]][image.ownerID, default: []].append(image)
        }
        var products: [ProductRecord] = []
        for row in try Row.fetchAll(
            db, sql: "SELECT * FROM storefront_products WHERE shop_id = ? ORDER BY id", arguments: [shopID])
        {
            let id: Int64 = row["id"]
            let tagsText: String = row["tags"]
            let tags = (try? JSONValue.parse(tagsText))?.arrayValue?.compactMap(\.stringValue) ?? []
            var product = ProductRecord(
                id: id, shopID: shopID, title: row["title"], handle: row["handle"], productType: row["product_type"],
                vendor: row["vendor"], tags: tags, description: row["description"], optionName: row["option_name"],
                requiresShipping: row["requires_shipping"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
                updatedAt: Date(timeIntervalSince1970: row["updated_at"]), sales: row["sales"])
            product.variants = variants[id] ?? []
            product.images = images["product"]?[id] ?? []
            products.append(product)
        }
        var members: [Int64: [Int64]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT cp.collection_id, cp.product_id FROM storefront_collection_products cp
                JOIN storefront_collections c ON c.id = cp.collection_id WHERE c.shop_id = ?
                ORDER BY cp.collection_id, cp.position
                """, arguments: [shopID])
        {
            members[row["collection_id"], default: []].append(row["product_id"])
        }
        var collections: [CollectionRecord] = []
        for row in try Row.fetchAll(
            db, sql: "SELECT * FROM storefront_collections WHERE shop_id = ? ORDER BY id", arguments: [shopID])
        {
            let id: Int64 = row["id"]
            var collection = CollectionRecord(
                id: id, shopID: shopID, title: row["title"], handle: row["handle"],
                collectionType: row["collection_type"], description: row["description"],
                updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
            collection.productIDs = members[id] ?? []
            collection.image = images["collection"]?[id]?.first
            collections.append(collection)
        }
        return CatalogSnapshot(
            products: products, collections: collections,
            productsByID: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
            variantsByID: Dictionary(uniqueKeysWithValues: products.flatMap(\.variants).map { ($0.id, $0) }))
    }

    func collection(id: Int64) -> CollectionRecord? { collections.first { $0.id == id } }
}
