import Foundation

/// A catalogue category with one page of subcategories and one page of products.
///
/// Seed code also calls it `RezolveCategory` or `RezolveSDK.Category` (Apple's ObjectiveC module has its own
/// `Category`), so both names work.
public struct Category: Sendable, Decodable {
    /// Rezolve's numeric category id.
    public let id: Int
    /// Id of the enclosing category; nil for a top-level category.
    public let parentId: Int?
    /// Name to show; empty when missing.
    public let name: String
    /// Longer text about the category, if any.
    public let description: String?
    /// Address of the category's image, if any.
    public let image: String?
    /// Thumbnail addresses of the image.
    public let imageThumbs: [String]
    /// True when the category has subcategories; guessed from ``categoriesPage`` when the reply does not say.
    public let hasCategories: Bool
    /// True when the category lists products; guessed from ``productsPage`` when the reply does not say.
    public let hasProducts: Bool
    /// The page of subcategories fetched with this category, with its paging links.
    public let categoriesPage: PageResult<Category>
    /// The page of products fetched with this category, with its paging links.
    public let productsPage: PageResult<DisplayProduct>
    /// How many products the category holds, when a listing reports it.
    public let productCount: Int?
    /// Whether the merchant wants an add-to-cart button on listings; nil when not stated.
    public let includeCartButtonOnListing: Bool?
    /// True for the category the merchant opens by default; nil when not stated.
    public let isDefault: Bool?

    /// The subcategories of this page.
    public var categories: [Category] { categoriesPage.items }
    /// The products of this page.
    public var products: [DisplayProduct] { productsPage.items }

    enum CodingKeys: String, CodingKey {
        case id
        case parentId = "parent_id"
        case name, description, image
        case imageThumbs = "image_thumbs"
        case hasCategories = "has_categories"
        case hasProducts = "has_products"
        case categories, products
        case productCount = "product_count"
        case includeCartButtonOnListing = "include_cart_button_on_listing"
        case isDefault = "is_default"
    }

    /// Reads a category with its nested pages; missing pages read as empty.
    /// - Throws: `DecodingError.keyNotFound` when `id` is missing or not a number.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "category id"))
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
    /// Rezolve's numeric product id, for `getProductDetails`.
    public let id: Int
    /// Id of the category the product is listed in.
    public let categoryId: Int?
    /// Product name; empty when missing.
    public let name: String
    /// Current unit price in the merchant's currency; nil when absent or unreadable.
    public let price: Decimal?
    /// Price before any discount; nil when there is none.
    public let originalPrice: Decimal?
    /// Symbol to show next to prices.
    public let currencySymbol: String?
    /// Address of the main image, if any.
    public let image: String?
    /// Thumbnail addresses of the image.
    public let imageThumbs: [String]
    /// True when nothing is shipped.
    public let isVirtual: Bool
    /// True when options must be chosen before the product can go in a cart.
    public let hasRequiredOptions: Bool
    /// Most units one order may hold; nil when there is no limit.
    public let maximumQty: Int?
    /// Listings carry no weight, so only the server's `is_act` flag counts here.
    public let isAct: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case categoryId = "category_id"
        case name, price
        case originalPrice = "original_price"
        case currencySymbol = "currency_symbol"
        case image
        case imageThumbs = "image_thumbs"
        case isVirtual = "is_virtual"
        case hasRequiredOptions = "has_required_options"
        case maximumQty = "maximum_qty"
        case isAct = "is_act"
    }

    /// Reads a listed product, accepting numeric ids sent as text.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = c.lenientInt(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "product id"))
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
