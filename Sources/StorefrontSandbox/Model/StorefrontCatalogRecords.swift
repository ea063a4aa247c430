import Foundation
import GRDB
import SandboxCore

// The catalog's rows: products, variants, images, collections and their members (spec §5.5).
// `StorefrontCatalogStore` is the only code that reads or writes them; `Columns` are typed by `CodingKeys`.
// Resolvers see ``ProductRecord``, ``VariantRecord``, ``ImageRecord`` and ``CollectionRecord`` instead.

/// A `storefront_products` row; `tags` is a JSON array of strings, read through ``product()``.
struct StorefrontProductRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_products"
    var id: Int64
    var shopId: Int64
    var title: String
    var handle: String
    var productType: String
    var vendor: String
    var tags: String
    var description: String
    var optionName: String
    var requiresShipping: Bool
    var createdAt: Double
    var updatedAt: Double
    var sales: Int64

    enum CodingKeys: String, CodingKey {
        case id, title, handle, vendor, tags, description, sales
        case shopId = "shop_id"
        case productType = "product_type"
        case optionName = "option_name"
        case requiresShipping = "requires_shipping"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let title = Column(CodingKeys.title)
        static let handle = Column(CodingKeys.handle)
        static let productType = Column(CodingKeys.productType)
        static let vendor = Column(CodingKeys.vendor)
        static let tags = Column(CodingKeys.tags)
        static let description = Column(CodingKeys.description)
        static let optionName = Column(CodingKeys.optionName)
        static let requiresShipping = Column(CodingKeys.requiresShipping)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let sales = Column(CodingKeys.sales)
    }

    /// The product without its variants and images.
    func product() throws(CorruptRow) -> ProductRecord {
        let tags = try StorefrontJSONColumn(table: Self.databaseTableName, id: id, column: CodingKeys.tags)
            .strings(tags)
        return ProductRecord(
            id: id, shopID: shopId, title: title, handle: handle, productType: productType, vendor: vendor,
            tags: tags, description: description, optionName: optionName, requiresShipping: requiresShipping,
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt),
            sales: sales)
    }
}

/// A `storefront_variants` row; `inventory == nil` means stock is not tracked.
struct StorefrontVariantRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_variants"
    var id: Int64
    var productId: Int64
    var position: Int64
    var title: String
    var priceCents: Int64
    var inventory: Int64?

    enum CodingKeys: String, CodingKey {
        case id, position, title, inventory
        case productId = "product_id"
        case priceCents = "price_cents"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let productId = Column(CodingKeys.productId)
        static let position = Column(CodingKeys.position)
        static let title = Column(CodingKeys.title)
        static let priceCents = Column(CodingKeys.priceCents)
        static let inventory = Column(CodingKeys.inventory)
    }

    var variant: VariantRecord {
        VariantRecord(
            id: id, productID: productId, position: position, title: title, priceCents: priceCents,
            inventory: inventory)
    }
}

/// A `storefront_images` row, keyed by (`owner_kind`, `id`): product and collection images number apart.
struct StorefrontImageRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_images"
    var id: Int64
    /// `product` or `collection`.
    var ownerKind: String
    var ownerId: Int64
    var position: Int64
    var name: String
    var altText: String?
    var width: Int64
    var height: Int64

    enum CodingKeys: String, CodingKey {
        case id, position, name, width, height
        case ownerKind = "owner_kind"
        case ownerId = "owner_id"
        case altText = "alt_text"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let ownerKind = Column(CodingKeys.ownerKind)
        static let ownerId = Column(CodingKeys.ownerId)
        static let position = Column(CodingKeys.position)
        static let name = Column(CodingKeys.name)
        static let altText = Column(CodingKeys.altText)
        static let width = Column(CodingKeys.width)
        static let height = Column(CodingKeys.height)
    }

    var image: ImageRecord {
        ImageRecord(
            id: id, ownerKind: ownerKind, ownerID: ownerId, position: position, name: name, altText: altText,
            width: width, height: height)
    }
}

/// A `storefront_collections` row.
struct StorefrontCollectionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_collections"
    var id: Int64
    var shopId: Int64
    var title: String
    var handle: String
    /// Search-only attribute (§5.5).
    var collectionType: String
    var description: String
    var updatedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, title, handle, description
        case shopId = "shop_id"
        case collectionType = "collection_type"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let title = Column(CodingKeys.title)
        static let handle = Column(CodingKeys.handle)
        static let collectionType = Column(CodingKeys.collectionType)
        static let description = Column(CodingKeys.description)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    /// The collection without its members and image.
    var collection: CollectionRecord {
        CollectionRecord(
            id: id, shopID: shopId, title: title, handle: handle, collectionType: collectionType,
            description: description, updatedAt: Date(timeIntervalSince1970: updatedAt))
    }
}

/// A `storefront_collection_products` row: a product's place in a collection's manual order.
struct StorefrontCollectionProductRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_collection_products"
    var collectionId: Int64
    var productId: Int64
    var position: Int64

    enum CodingKeys: String, CodingKey {
        case position
        case collectionId = "collection_id"
        case productId = "product_id"
    }

    enum Columns {
        static let collectionId = Column(CodingKeys.collectionId)
        static let productId = Column(CodingKeys.productId)
        static let position = Column(CodingKeys.position)
    }
}
