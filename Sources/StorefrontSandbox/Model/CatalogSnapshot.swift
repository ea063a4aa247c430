/// One shop's whole catalog, read once per request that needs it (``StorefrontCatalogStore/snapshot(_:shopID:)``).
/// Demo-sized catalogs make this the cheapest correct way to search, sort and paginate (all of which need the
/// full list anyway).
struct CatalogSnapshot: Sendable {
    let products: [ProductRecord]
    let collections: [CollectionRecord]
    let productsByID: [Int64: ProductRecord]
    let variantsByID: [Int64: VariantRecord]

    init(products: [ProductRecord], collections: [CollectionRecord]) {
        self.products = products
        self.collections = collections
        productsByID = Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) })
        variantsByID = Dictionary(uniqueKeysWithValues: products.flatMap(\.variants).map { ($0.id, $0) })
    }

    func collection(id: Int64) -> CollectionRecord? { collections.first { $0.id == id } }
}
