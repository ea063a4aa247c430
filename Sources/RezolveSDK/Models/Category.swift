import Foundation

/// A catalogue category with one page of subcategories and one page of products.
///
/// Seed code also calls it `RezolveCategory` or `RezolveSDK.Category` (Apple's ObjectiveC module has its own
/// `Category`), so both names work.
public struct Category: Sendable, Decodable {
    public let id: Int
    public let parentId: Int?
    public let name: String
    public let description: String?
    public let image: String?
    public let imageThumbs: [String]
    public let hasCategories: Bool
    public let hasProducts: Bool
    public let categoriesPage: PageResult<Category>
    public let productsPage: PageResult<DisplayProduct>
    public let productCount: Int?
    public let includeCartButtonOnListing: Bool?
    public let isDefault: Bool?

    /// The subcategories of this page.
    public var categories: [Category] { categoriesPage.items }
    /// The products of this page.
    public var products: [DisplayProduct] { productsPage.items }

    enum CodingKeys: String, CodingKey {
        case id, parentId = "parent_id", name, description, image, imageThumbs = "image_thumbs"
        case hasCategories = "has_categories", hasProducts = "has_products", categories, products
        case productCount = "product_count", includeCartButtonOnListing = "include_cart_button_on_listing"
        case isDefault = "is_default"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "category id"))
        }
        self.id = id
        parentId = c.lenientInt(.parentId)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        description = try c.decodeIfPresent(String.self, forKey: .description)
        image = try c.decodeIfPresent(String.self, forKey: .image)
        imageThumbs = try c.list(String.self, .imageThumbs)
        categoriesPage = try c.decodeIfPresent(PageResult<Category>.self, forKey: .categories) ?? PageResult()
        productsPage = try c.decodeIfPresent(PageResult<DisplayProduct>.self, forKey: .products) ?? PageResult()
        hasCategories = try c.decodeIfPresent(Bool.self, forKey: .hasCategories) ?? !categoriesPage.items.isEmpty
        hasProducts = try c.decodeIfPresent(Bool.self, forKey: .hasProducts) ?? !productsPage.items.isEmpty
        productCount = c.lenientInt(.productCount)
        includeCartButtonOnListing = try c.decodeIfPresent(Bool.self, forKey: .includeCartButtonOnListing)
        isDefault = try c.decodeIfPresent(Bool.self, forKey: .isDefault)
    }
}

/// The seed's other name for ``Category``.
public typealias RezolveCategory = Category

/// A product as listed in a category page.
public struct DisplayProduct: Sendable, Equatable, Decodable {
    public let id: Int
    public let categoryId: Int?
    public let name: String
    public let price: Decimal?
    public let originalPrice: Decimal?
    public let currencySymbol: String?
    public let image: String?
    public let imageThumbs: [String]
    public let isVirtual: Bool
    public let hasRequiredOptions: Bool
    public let maximumQty: Int?
    /// Listings carry no weight, so only the server's `is_act` flag counts here.
    public let isAct: Bool

    enum CodingKeys: String, CodingKey {
        case id, categoryId = "category_id", name, price, originalPrice = "original_price"
        case currencySymbol = "currency_symbol", image, imageThumbs = "image_thumbs", isVirtual = "is_virtual"
        case hasRequiredOptions = "has_required_options", maximumQty = "maximum_qty", isAct = "is_act"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
        }
        self.id = id
        categoryId = c.lenientInt(.categoryId)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        price = c.decimal(.price)
        originalPrice = c.decimal(.originalPrice)
        currencySymbol = try c.decodeIfPresent(String.self, forKey: .currencySymbol)
        image = try c.decodeIfPresent(String.self, forKey: .image)
        imageThumbs = try c.list(String.self, .imageThumbs)
        isVirtual = try c.decodeIfPresent(Bool.self, forKey: .isVirtual) ?? false
        hasRequiredOptions = try c.decodeIfPresent(Bool.self, forKey: .hasRequiredOptions) ?? false
        maximumQty = c.lenientInt(.maximumQty)
        isAct = try c.decodeIfPresent(Bool.self, forKey: .isAct) ?? false
    }
}
