import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// Merchant and product search (spec §3.5.3–3.5.4, §5.6).
struct RezolveSearchRoutes: Sendable {
    let endpoint: RezolveEndpoint
    var wire: RezolveCatalogWire { RezolveCatalogWire(context: endpoint.context) }

    func register(on router: ServiceRoutes) {
        router.post("/api/v1/search/merchants/:pid/:eid", handler: endpoint.customer(searchMerchants))
        router.post("/api/v1/search/products/:pid/:eid", handler: endpoint.customer(searchProducts))
    }

    @Sendable func searchMerchants(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let paging = try RezolveSearchPage.parse(request.query)
        let input = try RezolveSearchRules.input(try RezolveBody(request).object, isProduct: false)
        let (merchants, stores) = try await endpoint.database.read { db in
            (try RezolveCatalogStore.merchants(includeDisabled: false, db), try RezolveCatalogStore.allStores(db))
        }
        struct Hit {
            let merchant: RZMerchant
            let score: Int
            let distance: Double?
        }
        var hits: [Hit] = merchants.compactMap { merchant in
            let fields: [(text: String, weight: Int)] = [
                (merchant.name, 3), (merchant.keywords, 2), (merchant.tagline, 1),
            ]
            guard let score = RezolveSearchRules.score(terms: input.terms, fields: fields) else { return nil }
            let distance = input.location.flatMap { here in
                (stores[merchant.id] ?? []).map {
                    RezolveSearchRules.distance(from: here, to: ($0.latitude, $0.longitude))
                }.min()
            }
            return Hit(merchant: merchant, score: score, distance: distance)
        }
        if input.orderBy == "location" {
            // Merchants without stores come last whatever the direction.
            hits.sort { lhs, rhs in
                switch (lhs.distance, rhs.distance) {
                case (let l?, let r?):
                    return l == r ? lhs.merchant.name < rhs.merchant.name : (input.descending ? l > r : l < r)
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return lhs.merchant.name < rhs.merchant.name
                }
            }
        } else {
            hits.sort { lhs, rhs in
                lhs.score == rhs.score
                    ? lhs.merchant.name < rhs.merchant.name
                    : (input.descending ? lhs.score > rhs.score : lhs.score < rhs.score)
            }
        }
        let items = paging.slice(hits).map {
            wire.merchant(
                $0.merchant, stores: stores[$0.merchant.id] ?? [], partner: caller.partner, distance: $0.distance)
        }
        return .json([
            "page": .integer(Int64(paging.page)), "total": .integer(Int64(hits.count)), "merchants": .array(items),
        ])
    }

    @Sendable func searchProducts(_ request: SandboxRequest, _ caller: RezolveCaller) async throws -> SandboxResponse {
        let paging = try RezolveSearchPage.parse(request.query)
        let input = try RezolveSearchRules.input(try RezolveBody(request).object, isProduct: true)
        let (merchants, products, categories) = try await endpoint.database.read { db in
            (
                Dictionary(
                    uniqueKeysWithValues: try RezolveCatalogStore.merchants(includeDisabled: false, db).map {
                        ($0.id, $0)
                    }),
                try RezolveCatalogStore.allProducts(db), try RezolveCatalogStore.allCategories(db)
            )
        }
        struct Hit {
            let product: RZProduct
            let merchant: RZMerchant
            let categoryName: String
            let score: Int
        }
        var hits: [Hit] = products.compactMap { product in
            guard let merchant = merchants[product.merchantId],
                input.merchantId == nil || input.merchantId == merchant.id,
                input.include == "all" || (input.include == "acts") == product.isAct
            else { return nil }
            let categoryName = categories[product.categoryId]?.name ?? ""
            let fields: [(text: String, weight: Int)] = [(product.name, 3), (categoryName, 2), (merchant.name, 1)]
            guard let score = RezolveSearchRules.score(terms: input.terms, fields: fields) else { return nil }
            return Hit(product: product, merchant: merchant, categoryName: categoryName, score: score)
        }
        hits.sort { lhs, rhs in
            if input.orderBy == "price" {
                // Null prices last whatever the direction.
                switch (lhs.product.priceMinor, rhs.product.priceMinor) {
                case (let l?, let r?) where l != r: return input.descending ? l > r : l < r
                case (.some, nil): return true
                case (nil, .some): return false
                default: return lhs.product.id < rhs.product.id
                }
            }
            return lhs.score == rhs.score
                ? lhs.product.id < rhs.product.id
                : (input.descending ? lhs.score > rhs.score : lhs.score < rhs.score)
        }
        let items = paging.slice(hits).map { hit -> JSONValue in
            let product = hit.product
            return [
                "id": .integer(product.id), "name": .string(product.name), "merchant_id": .string(hit.merchant.id),
                "merchant_name": .string(hit.merchant.name), "category_id": .integer(product.categoryId),
                "category_name": .string(hit.categoryName), "price": RezolveWire.money(product.priceMinor),
                "original_price": RezolveWire.money(product.originalPriceMinor),
                "partner_id": .string(caller.partner.id),
                "is_act": .bool(product.isAct), "is_virtual": .bool(product.isVirtual),
                "has_required_options": .bool(product.hasRequiredOptions),
                "image": .string(wire.image(product.merchantId, String(product.id))),
                "image_thumbs": wire.thumbs(
                    product.merchantId, String(product.id), width: product.imageWidth,
                    height: product.imageHeight),
            ]
        }
        return .json([
            "page": .integer(Int64(paging.page)), "total": .integer(Int64(hits.count)), "products": .array(items),
        ])
    }
}
