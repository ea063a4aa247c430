import Foundation
import GraphQL

extension ResolverRegistry {
    /// `productRecommendations`: for `RELATED` (the default), the other products of the product's collections
    /// in collection order, then products of the same type; for `COMPLEMENTARY`, nothing, since the sandbox has
    /// no pairings to draw on. An unknown product is `null`.
    mutating func registerRecommendations() {
        on("QueryRoot", "productRecommendations") { _, args, c, _ in
            try c.require(StorefrontScope.readProducts, for: "productRecommendations")
            let catalog = try c.catalog()
            let product: ProductRecord?
            if !args.field("productId").isAbsent {
                product = GlobalID.number(args.field("productId").asString, type: "Product").flatMap {
                    catalog.productsByID[$0]
                }
            } else if let handle = args.field("productHandle").asString {
                product = catalog.products.first { $0.handle == handle }
            } else {
                throw StorefrontFieldError(message: "productRecommendations needs one of productId or productHandle")
            }
            guard let product else { return nil }
            if args.field("intent").asString == "COMPLEMENTARY" { return graphList([ProductRecord]()) }
            return graphList(ProductRecommendations.related(to: product, in: catalog))
        }
    }
}

enum ProductRecommendations {
    static let limit = 10

    static func related(to product: ProductRecord, in catalog: CatalogSnapshot) -> [ProductRecord] {
        var seen: Set<Int64> = [product.id]
        var related: [ProductRecord] = []
        let fromCollections = catalog.collections.filter { $0.productIDs.contains(product.id) }
            .flatMap(\.productIDs).compactMap { catalog.productsByID[$0] }
        let sameType = catalog.products.filter { $0.productType == product.productType }
        for candidate in fromCollections + sameType where seen.insert(candidate.id).inserted {
            related.append(candidate)
            if related.count == limit { break }
        }
        return related
    }
}
