import Foundation
import GRDB

/// Catalogue queries. Merchants are shared by every partner; a disabled merchant is "not found" on every
/// catalogue route.
enum RezolveCatalogStore {
    static func merchants(includeDisabled: Bool, _ db: Database) throws -> [RZMerchant] {
        var request = RZMerchant.order(RZMerchant.Columns.priority, RZMerchant.Columns.id)
        if !includeDisabled { request = request.filter(RZMerchant.Columns.enabled == true) }
        return try request.fetchAll(db)
    }

    /// An enabled merchant, else 404 `Merchant not found`.
    static func merchant(_ id: String, _ db: Database) throws -> RZMerchant {
        guard let merchant = try RZMerchant.fetchOne(db, key: id), merchant.enabled else {
            throw RezolveFailure.merchantNotFound
        }
        return merchant
    }

    static func stores(merchantId: String, _ db: Database) throws -> [RZStore] {
        try RZStore.filter(RZStore.Columns.merchantId == merchantId).order(RZStore.Columns.id).fetchAll(db)
    }

    static func allStores(_ db: Database) throws -> [String: [RZStore]] {
        Dictionary(grouping: try RZStore.order(RZStore.Columns.id).fetchAll(db), by: \.merchantId)
    }

    static func rootCategory(merchantId: String, _ db: Database) throws -> RZCategory {
        guard
            let root = try RZCategory.filter(
                RZCategory.Columns.merchantId == merchantId && RZCategory.Columns.parentId == nil
            )
            .fetchOne(db)
        else {
            throw RezolveFailure.categoryNotFound
        }
        return root
    }

    /// A category of that merchant, else 404 `Requested category doesn't exist`.
    static func category(_ id: Int64?, merchantId: String, _ db: Database) throws -> RZCategory {
        guard let id, let category = try RZCategory.fetchOne(db, key: id), category.merchantId == merchantId else {
            throw RezolveFailure.categoryNotFound
        }
        return category
    }

    static func children(of categoryId: Int64, _ db: Database) throws -> [RZCategory] {
        try RZCategory.filter(RZCategory.Columns.parentId == categoryId).order(RZCategory.Columns.position).fetchAll(db)
    }

    static func products(in categoryId: Int64, _ db: Database) throws -> [RZProduct] {
        try RZProduct.filter(RZProduct.Columns.categoryId == categoryId).order(RZProduct.Columns.position).fetchAll(db)
    }

    static func productCount(in categoryId: Int64, _ db: Database) throws -> Int {
        try RZProduct.filter(RZProduct.Columns.categoryId == categoryId).fetchCount(db)
    }

    /// A product of that merchant (and category, when given), else the `rce_product_not_found` 404.
    static func product(_ id: Int64?, merchantId: String, categoryId: Int64? = nil, _ db: Database) throws -> RZProduct
    {
        guard let id, let product = try RZProduct.fetchOne(db, key: id), product.merchantId == merchantId,
            categoryId == nil || product.categoryId == categoryId
        else { throw RezolveFailure.productNotFound }
        return product
    }

    static func allProducts(_ db: Database) throws -> [RZProduct] {
        try RZProduct.order(RZProduct.Columns.merchantId, RZProduct.Columns.position).fetchAll(db)
    }

    static func allCategories(_ db: Database) throws -> [Int64: RZCategory] {
        Dictionary(uniqueKeysWithValues: try RZCategory.fetchAll(db).map { ($0.id, $0) })
    }

    // The control routes' fixtures: plain look-ups, since their answers are the control envelope's, not §3.4's.

    static func merchantExists(_ id: String, _ db: Database) throws -> Bool {
        try RZMerchant.exists(db, key: id)
    }

    static func storedCategory(_ id: Int64, _ db: Database) throws -> RZCategory? {
        try RZCategory.fetchOne(db, key: id)
    }

    static func productExists(_ id: Int64, _ db: Database) throws -> Bool {
        try RZProduct.exists(db, key: id)
    }

    /// Adds a test's product; a reset removes it again.
    static func insert(_ product: RZProduct, _ db: Database) throws {
        try product.insert(db)
    }
}
