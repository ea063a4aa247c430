import Foundation

/// A product with its variants and images attached (spec §5.5), as resolvers see it; read from
/// ``StorefrontProductRecord`` rows by ``StorefrontCatalogStore``.
struct ProductRecord: GraphValue {
    var graphQLTypeName: String { "Product" }
    let id: Int64
    let shopID: Int64
    let title: String
    let handle: String
    let productType: String
    let vendor: String
    let tags: [String]
    let description: String
    let optionName: String
    let requiresShipping: Bool
    let createdAt: Date
    let updatedAt: Date
    let sales: Int64
    var variants: [VariantRecord] = []
    var images: [ImageRecord] = []

    var gid: GlobalID { GlobalID("Product", id) }
    /// For sale when some variant has stock or does not track it.
    var availableForSale: Bool { variants.contains { $0.available } }
    var totalInventory: Int64 { variants.compactMap(\.inventory).reduce(0, +) }
    var minPriceCents: Int64 { variants.map(\.priceCents).min() ?? 0 }
    var maxPriceCents: Int64 { variants.map(\.priceCents).max() ?? 0 }
}

/// A product variant; `inventory == nil` means stock is not tracked.
struct VariantRecord: GraphValue {
    var graphQLTypeName: String { "ProductVariant" }
    let id: Int64
    let productID: Int64
    let position: Int64
    let title: String
    let priceCents: Int64
    let inventory: Int64?

    var gid: GlobalID { GlobalID("ProductVariant", id) }
    var sku: String { "SBX-\(id)" }
    var available: Bool { inventory.map { $0 > 0 } ?? true }
}

/// A product or collection image. The file served is a tiny placeholder; the reported size is 800×800.
struct ImageRecord: GraphValue {
    var graphQLTypeName: String { "Image" }
    let id: Int64
    /// `product`, `collection` or `article`.
    let ownerKind: String
    let ownerID: Int64
    let position: Int64
    let name: String
    let altText: String?
    let width: Int64
    let height: Int64

    var gid: GlobalID {
        switch ownerKind {
        case "collection": GlobalID("CollectionImage", id)
        case "article": GlobalID("ArticleImage", id)
        default: GlobalID("ProductImage", id)
        }
    }
}

/// A collection with its products in manual order.
struct CollectionRecord: GraphValue {
    var graphQLTypeName: String { "Collection" }
    let id: Int64
    let shopID: Int64
    let title: String
    let handle: String
    /// Search-only attribute (§5.5), not a schema field.
    let collectionType: String
    let description: String
    let updatedAt: Date
    var productIDs: [Int64] = []
    var image: ImageRecord?

    var gid: GlobalID { GlobalID("Collection", id) }
}
