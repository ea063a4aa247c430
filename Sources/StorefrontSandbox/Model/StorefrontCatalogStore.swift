import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Reads and writes of the catalog tables (spec §5.5, §5.16): whole-shop snapshots for the resolvers and pages,
/// the control routes' product, variant and collection writes, and the stock and sales an order takes. Every
/// function runs inside the caller's transaction.
enum StorefrontCatalogStore {
    // MARK: Reading

    /// The shop's whole catalog: products by id with their variants and images in position order, collections
    /// by id with their members in manual order and their first image.
    static func snapshot(_ db: Database, shopID: Int64) throws -> CatalogSnapshot {
        let productIDs = StorefrontProductRecord.filter { $0.shopId == shopID }.select { $0.id }
        let collectionIDs = StorefrontCollectionRecord.filter { $0.shopId == shopID }.select { $0.id }
        var variants: [Int64: [VariantRecord]] = [:]
        for record in try StorefrontVariantRecord.filter({ productIDs.contains($0.productId) })
            .order({ [$0.productId, $0.position, $0.id] }).fetchAll(db)
        {
            variants[record.productId, default: []].append(record.variant)
        }
        var images: [String: [Int64: [ImageRecord]]] = [:]
        for record in try StorefrontImageRecord.filter({
            ($0.ownerKind == "product" && productIDs.contains($0.ownerId))
                || ($0.ownerKind == "collection" && collectionIDs.contains($0.ownerId))
        }).order({ [$0.ownerId, $0.position, $0.id] }).fetchAll(db) {
            images[record.ownerKind, default: [:]][record.ownerId, default: []].append(record.image)
        }
        let products = try StorefrontProductRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db).map {
            record throws(CorruptRow) in
            var product = try record.product()
            product.variants = variants[record.id] ?? []
            product.images = images["product"]?[record.id] ?? []
            return product
        }
        var members: [Int64: [Int64]] = [:]
        for record in try StorefrontCollectionProductRecord.filter({ collectionIDs.contains($0.collectionId) })
            .order({ [$0.collectionId, $0.position] }).fetchAll(db)
        {
            members[record.collectionId, default: []].append(record.productId)
        }
        let collections = try StorefrontCollectionRecord.filter { $0.shopId == shopID }.order { $0.id }.fetchAll(db).map
        {
            record in
            var collection = record.collection
            collection.productIDs = members[record.id] ?? []
            collection.image = images["collection"]?[record.id]?.first
            return collection
        }
        return CatalogSnapshot(products: products, collections: collections)
    }

    static func variant(_ db: Database, id: Int64) throws -> VariantRecord? {
        try StorefrontVariantRecord.fetchOne(db, key: id)?.variant
    }

    // MARK: Control-route changes

    static func setVariantPrice(_ db: Database, id: Int64, cents: Int64) throws {
        try StorefrontVariantRecord.filter(key: id).updateAll(db) { $0.priceCents.set(to: cents) }
    }

    /// `nil` stops tracking stock.
    static func setVariantInventory(_ db: Database, id: Int64, _ inventory: Int64?) throws {
        try StorefrontVariantRecord.filter(key: id).updateAll(db) { $0.inventory.set(to: inventory) }
    }

    /// What an order of `quantity` takes: tracked stock goes down (never below 0) and the product's sales up.
    static func takeStock(_ db: Database, variantID: Int64, quantity: Int64) throws {
        guard let variant = try StorefrontVariantRecord.fetchOne(db, key: variantID) else { return }
        if let inventory = variant.inventory {
            try StorefrontVariantRecord.filter(key: variantID).updateAll(db) {
                $0.inventory.set(to: max(inventory - quantity, 0))
            }
        }
        try StorefrontProductRecord.filter(key: variant.productId).updateAll(db) { $0.sales += quantity }
    }

    // MARK: Writing products and collections

    /// Writes `draft` into `shopID`; returns its id and the variant ids in order. Collections must be the shop's;
    /// the product joins each at the end of its manual order.
    static func insert(_ db: Database, _ draft: ProductDraft, shopID: Int64, now: Date) throws -> Result<
        (Int64, [Int64]), ProductDraft.Invalid
    > {
        var collectionIDs: [Int64] = []
        for (index, reference) in draft.collections.enumerated() {
            let id = reference.integerValue ?? reference.stringValue.flatMap { GlobalID.number($0, type: "Collection") }
            guard let id,
                try StorefrontCollectionRecord.filter({ $0.id == id && $0.shopId == shopID }).isEmpty(db) == false
            else {
                return .failure(
                    ProductDraft.Invalid(
                        field: "collections[\(index)]",
                        message: "No collection \(reference.serialized()) in shop \(shopID)"))
            }
            collectionIDs.append(id)
        }
        if try StorefrontProductRecord.filter({ $0.shopId == shopID && $0.handle == draft.handle }).isEmpty(db) == false
        {
            return .failure(
                ProductDraft.Invalid(
                    field: "handle", message: "A product with handle \(draft.handle) exists in shop \(shopID)"))
        }
        // Past every product of every shop, so `10 × id + n` is free for variants and images.
        let productID = try highestProductID(db) + 1
        let variantIDs = try insertRows(db, draft, productID: productID, shopID: shopID, now: now)
        for collectionID in collectionIDs {
            let last =
                try StorefrontCollectionProductRecord.filter { $0.collectionId == collectionID }
                .select({ max($0.position) }, as: Int64.self).fetchOne(db) ?? 0
            try StorefrontCollectionProductRecord(collectionId: collectionID, productId: productID, position: last + 1)
                .insert(db, onConflict: .ignore)
        }
        return .success((productID, variantIDs))
    }

    /// Writes the product, variant and image rows of `draft` as product `productID` of `shopID` (variant and
    /// image `n` get `10 × productID + n`) and returns the variant ids in order; no checks. The demo catalog is
    /// written through this too. Without `createdAt` the product is created `now`; without `updatedAt`, updated then.
    static func insertRows(_ db: Database, _ draft: ProductDraft, productID: Int64, shopID: Int64, now: Date) throws
        -> [Int64]
    {
        let created = draft.createdAt ?? now
        try StorefrontProductRecord(
            id: productID, shopId: shopID, title: draft.title, handle: draft.handle, productType: draft.productType,
            vendor: draft.vendor, tags: StorefrontJSONColumn.text(draft.tags), description: draft.description,
            optionName: draft.optionName, requiresShipping: draft.requiresShipping,
            createdAt: created.timeIntervalSince1970, updatedAt: (draft.updatedAt ?? created).timeIntervalSince1970,
            sales: draft.sales
        ).insert(db)
        var variantIDs: [Int64] = []
        for (index, variant) in draft.variants.enumerated() {
            let variantID = productID * 10 + Int64(index + 1)
            try StorefrontVariantRecord(
                id: variantID, productId: productID, position: Int64(index + 1), title: variant.title,
                priceCents: variant.priceCents, inventory: variant.inventory
            ).insert(db)
            variantIDs.append(variantID)
        }
        for (index, image) in draft.images.enumerated() {
            let n = Int64(index + 1)
            try insertImage(
                db, id: productID * 10 + n, kind: "product", owner: productID, position: n,
                name: image.name ?? "product-\(productID)-\(n)", alt: image.altText)
        }
        return variantIDs
    }

    /// A demo collection with its members (product ids, in manual order) and its one image.
    static func insertCollection(
        _ db: Database, _ collection: StorefrontCollectionRecord, members: [Int64], image: (name: String, alt: String)
    ) throws {
        try collection.insert(db)
        for (index, product) in members.enumerated() {
            try StorefrontCollectionProductRecord(
                collectionId: collection.id, productId: product, position: Int64(index + 1)
            ).insert(db)
        }
        try insertImage(
            db, id: collection.id, kind: "collection", owner: collection.id, position: 1, name: image.name,
            alt: image.alt)
    }

    /// The highest product id of every shop (0 when there is none): new ids are numbered past it.
    static func highestProductID(_ db: Database) throws -> Int64 {
        try StorefrontProductRecord.select({ max($0.id) }, as: Int64.self).fetchOne(db) ?? 0
    }

    static func highestCollectionID(_ db: Database) throws -> Int64 {
        try StorefrontCollectionRecord.select({ max($0.id) }, as: Int64.self).fetchOne(db) ?? 0
    }

    /// One row of `storefront_images` (reported as 800 × 800), for a product's or a collection's image.
    private static func insertImage(
        _ db: Database, id: Int64, kind: String, owner: Int64, position: Int64, name: String, alt: String?
    ) throws {
        try StorefrontImageRecord(
            id: id, ownerKind: kind, ownerId: owner, position: position, name: name, altText: alt, width: 800,
            height: 800
        ).insert(db)
    }

    static func deleteAll(_ db: Database) throws {
        try StorefrontProductRecord.deleteAll(db)
        try StorefrontVariantRecord.deleteAll(db)
        try StorefrontImageRecord.deleteAll(db)
        try StorefrontCollectionRecord.deleteAll(db)
        try StorefrontCollectionProductRecord.deleteAll(db)
    }
}
