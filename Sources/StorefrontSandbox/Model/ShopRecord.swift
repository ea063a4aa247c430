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

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        domain = row["domain"]
        description = row["description"]
        currency = row["currency"]
        country = row["country"]
        let shipsText: String = row["ships_to"]
        shipsTo = (try? JSONValue.parse(shipsText))?.arrayValue?.compactMap(\.stringValue) ?? []
        state = row["state"]
        let simulationText: String = row["simulation"]
        simulation = (try? JSONValue.parse(simulationText))?.objectValue ?? [:]
        let codesText: String = row["discount_codes"]
        discountCodes = (try? JSONValue.parse(codesText))?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    static func find(_ db: Database, id: Int64) throws -> ShopRecord? {
        // Cached statements: every GraphQL request looks up its token and shop (twice: once more in its transaction).
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM storefront_shops WHERE id = ?"), arguments: [id]).map(
            ShopRecord.init(row:))
    }

    static func all(_ db: Database) throws -> [ShopRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM storefront_shops ORDER BY id").map(ShopRecord.init(row:))
    }
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

    static func find(_ db: Database, token: String) throws -> TokenGrant? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM storefront_tokens WHERE token = ?"), arguments: [token])
        else {
            return nil
        }
        let scopes: String = row["scopes"]
        let revokedAt: Double? = row["revoked_at"]
        return TokenGrant(
            token: token, shopID: row["shop_id"], scopes: Set(scopes.split(separator: " ").map(String.init)),
            revoked: revokedAt != nil)
    }
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
        let ships = JSONValue.array(shop.shipsTo.map(JSONValue.string)).serialized()
        let codes = shop.demoCatalog ? #"["SANDBOX10"]"# : "[]"
        try db.execute(
            sql: """
                INSERT INTO storefront_shops (id, name, domain, description, currency, country, ships_to, discount_codes, created_at)
                VALUES (?,?,?,?,?,?,?,?,?)
                """,
            arguments: [
                id, shop.name, shop.domain, shop.description, shop.currency, shop.country, ships, codes,
                now.timeIntervalSince1970,
            ])
        let shopID = db.lastInsertedRowID
        if shop.demoCatalog { try DemoCatalog.seed(db, shopID: shopID) }
        return shopID
    }

    /// Issues a token for `shopID` with `scopes` (all by default).
    static func issueToken(
        _ db: Database, shopID: Int64, token: String = RandomToken.hex(32),
        scopes: [String] = StorefrontScope.all, now: Date
    ) throws -> String {
        try db.execute(
            sql: "INSERT INTO storefront_tokens (token, shop_id, scopes, created_at) VALUES (?,?,?,?)",
            arguments: [token, shopID, scopes.joined(separator: " "), now.timeIntervalSince1970])
        return token
    }

    /// Shop 1 with the demo catalog and the documented token — the state after first start and after reset.
    static func seedDemo(_ db: Database, now: Date) throws {
        try create(db, NewShop(), id: 1, now: now)
        _ = try issueToken(db, shopID: 1, token: demoToken, now: now)
    }
}
