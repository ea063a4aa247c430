import Foundation

/// Categories, product details and product search.
public final class ProductManager: Sendable {
    private let core: SessionCore
    init(core: SessionCore) { self.core = core }

    /// The merchant's root category with the default paging (`GET /api/v2/…/merchant/{mid}/category`).
    public func getRootCategoryForMerchantWith(id: String) async throws(RezolveError) -> Category {
        try await core.get(
            Category.self, core.customerPath(2, "/merchant/\(segment(id))/category"),
            query: PageNavigationFilter.default.queryItems)
    }

    /// One page of a category's subcategories and products (`GET /api/v2/…/merchant/{mid}/category/{cid}`).
    public func getPaginatedCategoriesAndProducts(
        merchantId: String, categoryId: Int,
        pageNavigationFilters: PageNavigationFilter
    ) async throws(RezolveError) -> Category {
        try await core.get(
            Category.self, core.customerPath(2, "/merchant/\(segment(merchantId))/category/\(categoryId)"),
            query: pageNavigationFilters.queryItems)
    }

    /// Full details of `product` (only its id is read). The product's placement, if set, is sent as
    /// `ad_id`/`placement_id` and kept on the answer.
    public func getProductDetails(merchantId: String, categoryId: Int, product: Product) async throws(RezolveError)
        -> Product
    {
        var query: [(String, String)] = []
        if let placement = product.productPlacement {
            query = [("ad_id", placement.adId), ("placement_id", placement.placementId)]
        }
        let path = core.customerPath(1, "/merchant/\(segment(merchantId))/category/\(categoryId)/product/\(product.id)")
        var details = try await core.get(Product.self, path, query: query)
        details.productPlacement = product.productPlacement
        return details
    }

    /// `POST /api/v1/search/products/{pid}/{eid}?page=&limit=`.
    public func searchForProducts(using data: ProductSearchData, page: Int, limit: Int) async throws(RezolveError)
        -> ProductSearchResult
    {
        let path = "/api/v1/search/products/\(segment(core.partnerId))/\(segment(core.entityId))"
        return try await core.write(
            .post, ProductSearchResult.self, path,
            query: [("page", String(page)), ("limit", String(limit))],
            body: try WireCoding.encode(data))
    }

    /// Callback form of `getRootCategoryForMerchantWith(id:)`: the handler runs on the main actor with the root
    /// category, or the error.
    public func getRootCategoryForMerchantWith(
        id: String,
        completionHandler: @escaping @MainActor (Result<Category, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.getRootCategoryForMerchantWith(id: id) },
            completion: completionHandler)
    }

    /// Callback form of `getPaginatedCategoriesAndProducts(merchantId:categoryId:pageNavigationFilters:)`: the handler
    /// runs on the main actor with the requested pages, or the error.
    public func getPaginatedCategoriesAndProducts(
        merchantId: String, categoryId: Int, pageNavigationFilters: PageNavigationFilter,
        completionHandler: @escaping @MainActor (Result<Category, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.getPaginatedCategoriesAndProducts(
                    merchantId: merchantId, categoryId: categoryId,
                    pageNavigationFilters: pageNavigationFilters)
            }, completion: completionHandler)
    }

    /// Callback form of `getProductDetails(merchantId:categoryId:product:)`: the handler runs on the main actor with
    /// the full product, or the error.
    public func getProductDetails(
        merchantId: String, categoryId: Int, product: Product,
        completionHandler: @escaping @MainActor (Result<Product, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in
                try await self.getProductDetails(merchantId: merchantId, categoryId: categoryId, product: product)
            }, completion: completionHandler)
    }

    /// Callback form of `searchForProducts(using:page:limit:)`: the handler runs on the main actor with one page of
    /// results, or the error.
    public func searchForProducts(
        using data: ProductSearchData, page: Int, limit: Int,
        completionHandler: @escaping @MainActor (Result<ProductSearchResult, RezolveError>) -> Void
    ) {
        Deliver.run(
            { () async throws(RezolveError) in try await self.searchForProducts(using: data, page: page, limit: limit)
            },
            completion: completionHandler)
    }
}
