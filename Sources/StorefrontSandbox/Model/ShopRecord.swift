import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// A Storefront shop (spec §5.2, §5.5) and the settings the GraphQL layer reads from it.
struct ShopRecord: GraphValue {
    var graphQLTypeName: String { "Shop" }
    let id: Int64
    let name: String
    let domain: String
    let description: String?
    let currency: String
    let country: String
    let shipsTo: [String]
    /// `active`, `frozen` or `locked`.
    let state: String
    let simulation: JSONObject
    let discountCodes: [String]

    /// `moneyFormat` is the same template for every sandbox shop.
    var moneyFormat: String { "${{amount}}" }
    var dateTimeFractionalSeconds: Bool { simulation["dateTimeFractionalSeconds"]?.boolValue ?? false }
}

/// Storefront access tokens and their scopes (spec §5.2).
enum StorefrontScope {
    static let readProducts = "unauthenticated_read_product_listings"
    static let readCollections = "unauthenticated_read_collection_listings"
    static let readTags = "unauthenticated_read_product_tags"
    static let readCheckouts = "unauthenticated_read_checkouts"
    static let writeCheckouts = "unauthenticated_write_checkouts"
    static let readCustomers = "unauthenticated_read_customers"
    static let writeCustomers = "unauthenticated_write_customers"

    static let all = [
        readProducts, readCollections, readTags, readCheckouts, writeCheckouts, readCustomers, writeCustomers,
    ]
}

/// What a token grants, as looked up for one request.
struct TokenGrant: Sendable {
    let token: String
    let shopID: Int64
    let scopes: Set<String>
    let revoked: Bool
}

/// Creating shops and tokens, shared by start-up seeding, `reset` and the control routes.
enum ShopFactory {
    /// The demo shop's token: a documented test credential, not a secret.
    static let demoToken = "sandbox-storefront-token"

    struct NewShop {
        var name = "Sandbox Shoes"
        var domain = "sandbox-shoes.myshopify.com"
        var description: String? = "A pretend shoe shop served by the CommerceKit sandbox."
        var currency = "CAD"
        var country = "CA"
        var shipsTo = ["CA", "US", "GB"]
        var demoCatalog = true
    }

    /// Inserts a shop (with the demo catalog when asked) and returns its ID.
    @discardableResult
    static func create(_ db: Database, _ shop: NewShop, id: Int64? = nil, now: Date) throws -> Int64 {
        let shopID = try StorefrontShopStore.insert(
            db, shop, id: id, discountCodes: shop.demoCatalog ? ["SANDBOX10"] : [], now: now)
        if shop.demoCatalog {
            try DemoCatalog.seed(db, shopID: shopID)
            try DemoContent.seed(db, shopID: shopID, now: now)
            try StorefrontGiftCardStore.seedTestCards(db, shopID: shopID)
        }
        return shopID
    }

    /// Issues a token for `shopID` with `scopes` (all by default).
    static func issueToken(
        _ db: Database, shopID: Int64, token: String = RandomToken.hex(32),
        scopes: [String] = StorefrontScope.all, now: Date
    ) throws -> String {
        try StorefrontShopStore.insertToken(db, token: token, shopID: shopID, scopes: scopes, now: now)
        return token
    }

    /// Shop 1 with the demo catalog and the documented token — the state after first start and after reset.
    static func seedDemo(_ db: Database, now: Date) throws {
        try create(db, NewShop(), id: 1, now: now)
        _ = try issueToken(db, shopID: 1, token: demoToken, now: now)
    }

    /// The demo state on first start: only when no shop exists yet.
    static func seedIfEmpty(_ db: Database, now: Date) throws {
        guard try StorefrontShopStore.isEmpty(db) else { return }
        try seedDemo(db, now: now)
    }

    /// `reset`: every Storefront row goes, each store emptying its own tables, then the demo state is back.
    static func reset(_ db: Database, now: Date) throws {
        try StorefrontShopStore.deleteAll(db)
        try StorefrontCatalogStore.deleteAll(db)
        try StorefrontCartStore.deleteAll(db)
        try StorefrontCustomerStore.deleteAll(db)
        try StorefrontOrderStore.deleteAll(db)
        try StorefrontCheckoutStore.deleteAll(db)
        try StorefrontPaymentStore.deleteAll(db)
        try StorefrontContentStore.deleteAll(db)
        try StorefrontGiftCardStore.deleteAll(db)
        try StorefrontShopPayStore.deleteAll(db)
        try seedDemo(db, now: now)
    }
}
