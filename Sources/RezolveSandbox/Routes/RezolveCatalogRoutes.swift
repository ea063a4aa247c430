import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Merchants, categories and product detail (spec §3.5.3–3.5.4), including the deprecated v1 aliases.
struct RezolveCatalogRoutes: Sendable {
    let endpoint: RezolveEndpoint
    var wire: RezolveCatalogWire { RezolveCatalogWire(context: endpoint.context) }

    func register(on router: ServiceRoutes) {
        let b1 = RezolveEndpoint.b1
        let b2 = RezolveEndpoint.b2
        router.get(
            b1 + "/merchant",
            handler: endpoint.customer { request, caller in
                let all = request.query["visibility"] == "all"
                let (merchants, stores) = try await endpoint.database.read { db in
                    (try RezolveCatalogStore.merchants(includeDisabled: all, db), try RezolveCatalogStore.allStores(db))
                }
                return .json(
                    .array(merchants.map { wire.merchant($0, stores: stores[$0.id] ?? [], partner: caller.partner) }))
            })
        router.get(
            b1 + "/merchant/:mid",
            handler: endpoint.customer { request, caller in
                let mid = request.parameter("mid")
                let (merchant, stores) = try await endpoint.database.read { db in
                    (try RezolveCatalogStore.merchant(mid, db), try RezolveCatalogStore.stores(merchantId: mid, db))
                }
                return .json(wire.merchant(merchant, stores: stores, partner: caller.partner))
            })
        router.get(
            b2 + "/merchant/:mid/category",
            handler: endpoint.customer { request, _ in
                try await category(request, categoryId: nil)
            })
        for base in [b2, b1] {
            router.get(
                base + "/merchant/:mid/category/:cid",
                handler: endpoint.customer { request, _ in
                    try await category(request, categoryId: Int64(request.parameter("cid")))
                })
        }
        router.get(
            b1 + "/merchant/:mid/category/:cid/product",
            handler: endpoint.customer { request, _ in
                let page = try await category(request, categoryId: Int64(request.parameter("cid")), productsOnly: true)
                return page
            })
        router.get(
            b1 + "/merchant/:mid/category/:cid/product/:productId",
            handler: endpoint.customer { request, _ in
                let mid = request.parameter("mid")
                let cid = Int64(request.parameter("cid"))
                let productId = Int64(request.parameter("productId"))
                let query = request.query
                let detail = try await endpoint.database.write { db in
                    let merchant = try RezolveCatalogStore.merchant(mid, db)
                    let category = try RezolveCatalogStore.category(cid, merchantId: mid, db)
                    let product = try RezolveCatalogStore.product(
                        productId, merchantId: mid, categoryId: category.id, db)
                    try RezolveTriggerStats.recordHit(
                        query: query, merchantId: mid, categoryId: category.id, productId: product.id, db)
                    return wire.productDetail(product, merchant: merchant, category: category)
                }
                return .json(detail)
            })
    }

    /// A category page; `categoryId == nil` is the merchant's root. Checks go merchant, category, paging.
    private func category(_ request: SandboxRequest, categoryId: Int64?, productsOnly: Bool = false) async throws
        -> SandboxResponse
    {
        let mid = request.parameter("mid")
        let isRoot = categoryId == nil && request.parameter("cid").isEmpty
        let body = try await endpoint.database.write { db -> JSONValue in
            let merchant = try RezolveCatalogStore.merchant(mid, db)
            let category =
                isRoot
                ? try RezolveCatalogStore.rootCategory(merchantId: mid, db)
                : try RezolveCatalogStore.category(categoryId, merchantId: mid, db)
            let pages = try RezolvePage.parse(request.query)
            if !isRoot && !productsOnly {
                try RezolveTriggerStats.recordHit(
                    query: request.query, merchantId: mid, categoryId: category.id, productId: nil, db)
            }
            let children = try RezolveCatalogStore.children(of: category.id, db)
            let products = try RezolveCatalogStore.products(in: category.id, db)
            let productItems = Self.sorted(products, by: pages.products).map {
                wire.displayProduct($0, merchant: merchant)
            }
            let productsPage = pages.products.wrap(productItems)
            if productsOnly { return productsPage }
            let childItems = try Self.sorted(children, by: pages.categories).map { child -> JSONValue in
                let count = try RezolveCatalogStore.productCount(in: child.id, db)
                let grandchildren = try RezolveCatalogStore.children(of: child.id, db)
                return wire.listedCategory(child, productCount: count, hasCategories: !grandchildren.isEmpty)
            }
            var object = wire.categoryHeader(category, hasCategories: !children.isEmpty, hasProducts: !products.isEmpty)
            object["categories"] = pages.categories.wrap(childItems)
            object["products"] = productsPage
            return .object(object)
        }
        return .json(body)
    }

    private static func sorted(_ products: [RZProduct], by page: RezolvePage) -> [RZProduct] {
        let ascending: [RZProduct]
        switch page.effectiveSort {
        case "name": ascending = products.sorted { ($0.name, $0.position) < ($1.name, $1.position) }
        case "price":
            ascending = products.sorted { ($0.priceMinor ?? .max, $0.position) < ($1.priceMinor ?? .max, $1.position) }
        default: ascending = products.sorted { $0.position < $1.position }
        }
        return page.descending ? ascending.reversed() : ascending
    }

    private static func sorted(_ categories: [RZCategory], by page: RezolvePage) -> [RZCategory] {
        let ascending =
            page.effectiveSort == "name"
            ? categories.sorted { ($0.name, $0.position) < ($1.name, $1.position) }
            : categories.sorted { $0.position < $1.position }
        return page.descending ? ascending.reversed() : ascending
    }
}
