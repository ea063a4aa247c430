import CommerceCore
import Foundation
import GRDB

/// Writing a parsed product into the catalog tables: `POST /sandbox/storefront/shops/{id}/products` and the demo
/// catalog both come through here.
extension ProductDraft {
    /// Writes the product into `shopID`; returns its ID and the variant IDs in order. Collections must be the
    /// shop's; the product joins each at the end of its manual order.
    func insert(_ db: Database, shopID: Int64, now: Date) throws -> Result<(Int64, [Int64]), Invalid> {
        var collectionIDs: [Int64] = []
        for (index, reference) in collections.enumerated() {
            let id = reference.integerValue ?? reference.stringValue.flatMap { GlobalID.number($0, type: "Collection") }
            guard let id,
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM storefront_collections WHERE id = ? AND shop_id = ?",
                    arguments: [id, shopID]) == 1
            else {
                return .failure(
                    Invalid(
                        field: "collections[\(index)]",
                        message: "No collection \(reference.serialized()) in shop \(shopID)"))
            }
            collectionIDs.append(id)
        }
        if try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM storefront_products WHERE shop_id = ? AND handle = ?",
            arguments: [shopID, handle]) ?? 0 > 0
        {
            return .failure(
                Invalid(field: "handle", message: "A product with handle \(handle) exists in shop \(shopID)"))
        }
        // Past every product of every shop, so `10 × id + n` is free for variants and images.
        let productID = (try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM storefront_products") ?? 0) + 1
        let variantIDs = try insertRows(db, productID: productID, shopID: shopID, now: now)
        for collectionID in collectionIDs {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO storefront_collection_products (collection_id, product_id, position)
                    VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM storefront_collection_products WHERE collection_id = ?))
                    """, arguments: [collectionID, productID, collectionID])
        }
        return .success((productID, variantIDs))
    }

    /// Writes the product, variant and image rows as product `productID` of `shopID` (variant and image `n`
    /// get `10 × productID + n`) and returns the variant IDs in order; no checks. The demo catalog is written
    /// through this too. Without `createdAt` the product is created `now`; without `updatedAt`, updated then.
    func insertRows(_ db: Database, productID: Int64, shopID: Int64, now: Date) throws -> [Int64] {
        let created = createdAt ?? now
        try db.execute(
            sql: """
                INSERT INTO storefront_products (id, shop_id, title, handle, product_type, vendor, tags, description, option_name,
                    requires_shipping, created_at, updated_at, sales) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)
                """,
            arguments: [
                productID, shopID, title, handle, productType, vendor,
                JSONValue.array(tags.map(JSONValue.string)).serialized(),
                description, optionName, requiresShipping, created.timeIntervalSince1970,
                (updatedAt ?? created).timeIntervalSince1970, sales,
            ])
        var variantIDs: [Int64] = []
        for (index, variant) in variants.enumerated() {
            let variantID = productID * 10 + Int64(index + 1)
            try db.execute(
                sql:
                    "INSERT INTO storefront_variants (id, product_id, position, title, price_cents, inventory) VALUES (?,?,?,?,?,?)",
                arguments: [variantID, productID, index + 1, variant.title, variant.priceCents, variant.inventory])
            variantIDs.append(variantID)
        }
        for (index, image) in images.enumerated() {
            let n = Int64(index + 1)
            try DemoCatalog.insertImage(
                db, id: productID * 10 + n, kind: "product", owner: productID, position: n,
                name: image.name ?? "product-\(productID)-\(n)", alt: image.altText)
        }
        return variantIDs
    }
}
