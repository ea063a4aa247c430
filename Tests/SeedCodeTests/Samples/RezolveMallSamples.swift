import Foundation
import RezolveSDK

/// "Mall flow" and "Merchant and Product Search": merchants, a merchant's root category, a page of a
/// subcategory, a product's details, and both searches, reading the fields the document reads.
final class RezolveMallScreen {
    let log: RezolveSampleLog

    init(log: RezolveSampleLog) { self.log = log }

    func listMerchants(session: RezolveSession?) {
        let log = self.log
        session?.merchantManager.getMerchants { (result: Result<[Merchant], RezolveError>) in
            switch result {
            case .success(let merchants):
                merchants.forEach {
                    let contact = $0.contactInformation?.email ?? ""
                    let terms = $0.termsAndConditions.count
                    let assets =
                        [$0.banner, $0.logo].compactMap { $0 }.count + $0.bannerThumbs.count
                        + $0.logoThumbs.count
                    log.record("merchant \($0.id) \($0.name) \($0.tagline ?? "") \(contact) \(terms) \(assets)")
                }
            case .failure(let error):
                log.record("merchants failed \(error.message)")
            }
        }
    }

    func showRootCategory(merchantId: String, session: RezolveSession?) {
        let log = self.log
        session?.productManager.getRootCategoryForMerchantWith(id: merchantId) {
            (result: Result<RezolveSDK.Category, RezolveError>) in
            switch result {
            case .success(let category):
                var line = "root \(category.id) \(category.parentId ?? -1) \(category.name)"
                line += " \(category.hasProducts) \(category.image ?? "") \(category.imageThumbs.count)"
                if category.hasCategories {
                    category.categories.forEach { subCategory in
                        line += " sub \(subCategory.id)/\(subCategory.parentId ?? -1)/\(subCategory.name)"
                    }
                }
                log.record(line)
            case .failure(let error):
                log.record("root failed \(error.message)")
            }
        }
    }

    func showCategoryPage(merchantId: String, categoryId: Int, session: RezolveSession?) {
        let log = self.log
        let pageNavigationFilters = PageNavigationFilter(
            productsFilter: PageNavigation(count: 100, pageIndex: 1, sortBy: "product", sort: .ascending),
            categoryFilter: PageNavigation(count: 100, pageIndex: 1, sortBy: "category", sort: .ascending)
        )
        session?.productManager.getPaginatedCategoriesAndProducts(
            merchantId: merchantId, categoryId: categoryId, pageNavigationFilters: pageNavigationFilters
        ) { (result: Result<RezolveCategory, RezolveError>) in
            switch result {
            case .success(let category):
                var line = "category \(category.id) \(category.name) \(category.categories.count)"
                if category.hasProducts {
                    category.products.forEach { displayProduct in
                        line += " \(displayProduct.id):\(displayProduct.name):\(displayProduct.price ?? 0)"
                    }
                }
                log.record(line)
            case .failure(let error):
                log.record("category failed \(error.message)")
            }
        }
    }

    func showProduct(merchantId: String, categoryId: Int, productId: Int, session: RezolveSession?) {
        let log = self.log
        let sampleProduct = Product(id: productId)
        session?.productManager.getProductDetails(
            merchantId: merchantId, categoryId: categoryId, product: sampleProduct
        ) {
            (result: Result<Product, RezolveError>) in
            switch result {
            case .success(let product):
                var parts = [
                    "\(product.id)", product.merchantId ?? "", product.title, product.subtitle ?? "",
                    "\(product.price ?? 0)", product.description ?? "", "\(product.images.count)",
                ]
                product.options.forEach { option in
                    parts.append("\(option.label)/\(option.code)/\(option.extraInfo ?? "")")
                    option.values.forEach { optionValue in parts.append("\(optionValue.value)=\(optionValue.label)") }
                }
                product.optionAvailable.forEach {
                    $0.combination.forEach { variant in
                        parts.append("\(variant.code):\(variant.value):\(variant.id ?? "")")
                    }
                }
                product.customOptions.forEach {
                    parts.append("\($0.isRequire) \($0.optionId) \($0.sortOrder ?? 0) \($0.title) \($0.optionType)")
                    $0.values.forEach { value in parts.append("\(value.sortOrder ?? 0) \(value.title) \(value.valueId)")
                    }
                    $0.valuesId.forEach { valueId in parts.append("\(valueId)") }
                    parts.append($0.value.joined(separator: ","))
                }
                parts.append(product.productPlacement.map { "\($0.adId)/\($0.placementId)" } ?? "no placement")
                log.record("product " + parts.joined(separator: " "))
            case .failure(let error):
                log.record("product failed \(error.message)")
            }
        }
    }

    func searchMerchants(session: RezolveSession?) {
        let log = self.log
        let searchData = MerchantSearchData(
            query: nil,
            orderBy: .location,
            order: .ascending,
            deviceInfo: DeviceInfo.current,
            location: RezolveLocation(longitude: -73.9502622, latitude: 40.6726499)
        )
        let currentPage: Int = 1
        let itemsLimit: Int = 50
        session?.merchantManager.searchForMerchants(using: searchData, page: currentPage, limit: itemsLimit) {
            (result: Result<MerchantSearchResult, RezolveError>) in
            switch result {
            case .success(let merchantSearchResult):
                var line = "merchant search \(merchantSearchResult.page) \(merchantSearchResult.total)"
                for merchant in merchantSearchResult.merchants {
                    line += " \(merchant.id):\(merchant.priority ?? 0):\(merchant.distance ?? -1)"
                    let info = merchant.contactInformation
                    line += ":\(info?.email ?? ""):\(info?.name ?? ""):\(info?.phone ?? "")"
                    if let stores = merchant.stores {
                        for store in stores { line += ":\(store.id)/\(store.name)/\(store.location != nil)" }
                    }
                    for item in merchant.termsAndConditions {
                        line += ":\(item.id ?? "")/\(item.storeId ?? "")/\(item.name ?? "")"
                        line += "/\(item.content?.count ?? 0)/\(item.checkboxText ?? "")"
                    }
                }
                log.record(line)
            case .failure(let error):
                log.record("merchant search failed \(error.message)")
            }
        }
    }

    func searchProducts(query: String, merchantId: String?, session: RezolveSession?) {
        let log = self.log
        let productSearchData = ProductSearchData(
            query: query,
            merchantId: merchantId,
            orderBy: .score,
            order: .descending,
            location: RezolveLocation(longitude: -73.9502622, latitude: 40.6726499),
            includeInResults: .products,
            deviceInfo: DeviceInfo.current
        )
        session?.productManager.searchForProducts(
            using: productSearchData, page: 1, limit: 50,
            completionHandler: { (result: Result<ProductSearchResult, RezolveError>) in
                switch result {
                case .success(let productSearchResult):
                    var line = "product search \(productSearchResult.page) \(productSearchResult.total)"
                    for product in productSearchResult.products {
                        line += " \(product.id):\(product.merchantId ?? ""):\(product.merchantName ?? "")"
                        line += ":\(product.categoryId ?? 0):\(product.categoryName ?? ""):\(product.price ?? 0)"
                        line += ":\(product.isAct):\(product.isVirtual):\(product.hasRequiredOptions)"
                        line += ":\(product.image ?? ""):\(product.thumbs.count)"
                    }
                    log.record(line)
                case .failure(let error):
                    log.record("product search failed \(error.message)")
                }
            })
    }
}
