import Foundation
import GRDB

/// Catalogue queries. Merchants are shared by every partner; a disabled merchant is "not found" on every
/// catalogue route.
enum RezolveCatalogStore {
    static func merchants(includeDisabled: Bool, _ db: Database) throws -> [RZMerchant] {
        var request = RZMerchant.order(Column("priority"), Column("id"))
        if !includeDisabled { request = request.filter(Column("enabled") == true) }
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
        try RZStore.filter(Column("merchant_id") == merchantId).order(Column("id")).fetchAll(db)
    }

    static func allStores(_ db: Database) throws -> [String: [RZStore]] {
        Dictionary(grouping: try RZStore.order(Column("id")).fetchAll(db), by: \.merchantId)
    }

    static func rootCategory(merchantId: String, _ db: Database) throws -> RZCategory {
        guard
            let root = try RZCategory.filter(Column("merchant_id") == merchantId && Column("parent_id") == nil)
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
        try RZCategory.filter(Column("parent_id") == categoryId).order(Column("position")).fetchAll(db)
    }

    static func products(in categoryId: Int64, _ db: Database) throws -> [RZProduct] {
        try RZProduct.filter(Column("category_id") == categoryId).order(Column("position")).fetchAll(db)
    }

    static func productCount(in categoryId: Int64, _ db: Database) throws -> Int {
        try RZProduct.filter(Column("category_id") == categoryId).fetchCount(db)
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
        try RZProduct.order(Column("merchant_id"), Column("position")).fetchAll(db)
    }

    static func allCategories(_ db: Database) throws -> [Int64: RZCategory] {
        Dictionary(uniqueKeysWithValues: try RZCategory.fetchAll(db).map { ($0.id, $0) })
    }
}
