import CommerceCore
import Foundation
import GRDB
import SandboxCore

// The rows of shops, their access tokens and their outbox. `StorefrontShopStore` is the only code that reads or
// writes them; `Columns` are typed by `CodingKeys`. Resolvers and routes work with ``ShopRecord`` and
// ``TokenGrant``, which these rows convert to.

/// A `storefront_shops` row. `ships_to`, `simulation` and `discount_codes` are JSON text, read through ``shop()``.
struct StorefrontShopRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_shops"
    var id: Int64?
    var name: String
    var domain: String
    var description: String?
    var currency: String
    var country: String
    var shipsTo: String
    /// `active`, `frozen` or `locked`.
    var state: String
    var simulation: String
    var discountCodes: String
    var nextOrderNumber: Int64
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, name, domain, description, currency, country, state, simulation
        case shipsTo = "ships_to"
        case discountCodes = "discount_codes"
        case nextOrderNumber = "next_order_number"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let domain = Column(CodingKeys.domain)
        static let description = Column(CodingKeys.description)
        static let currency = Column(CodingKeys.currency)
        static let country = Column(CodingKeys.country)
        static let shipsTo = Column(CodingKeys.shipsTo)
        static let state = Column(CodingKeys.state)
        static let simulation = Column(CodingKeys.simulation)
        static let discountCodes = Column(CodingKeys.discountCodes)
        static let nextOrderNumber = Column(CodingKeys.nextOrderNumber)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The shop this row holds; a JSON column that does not parse to what the sandbox writes is a corrupt row.
    func shop() throws(CorruptRow) -> ShopRecord {
        let rowID = id ?? 0
        func column(_ key: CodingKeys) -> StorefrontJSONColumn {
            StorefrontJSONColumn(table: Self.databaseTableName, id: rowID, column: key)
        }
        return ShopRecord(
            id: rowID, name: name, domain: domain, description: description, currency: currency, country: country,
            shipsTo: try column(.shipsTo).strings(shipsTo), state: state,
            simulation: try column(.simulation).object(simulation),
            discountCodes: try column(.discountCodes).strings(discountCodes))
    }
}

/// A `storefront_tokens` row: `scopes` is the granted scopes joined by spaces.
struct StorefrontTokenRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_tokens"
    var token: String
    var shopId: Int64
    var scopes: String
    var createdAt: Double
    var revokedAt: Double?

    enum CodingKeys: String, CodingKey {
        case token, scopes
        case shopId = "shop_id"
        case createdAt = "created_at"
        case revokedAt = "revoked_at"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let shopId = Column(CodingKeys.shopId)
        static let scopes = Column(CodingKeys.scopes)
        static let createdAt = Column(CodingKeys.createdAt)
        static let revokedAt = Column(CodingKeys.revokedAt)
    }

    /// The scopes in stored order.
    var scopeList: [String] { scopes.split(separator: " ").map(String.init) }

    var grant: TokenGrant {
        TokenGrant(token: token, shopID: shopId, scopes: Set(scopeList), revoked: revokedAt != nil)
    }
}

/// A `storefront_emails` row: one "email" a shop sent (spec §5.16), its JSON in `body`.
struct StorefrontEmailRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_emails"
    var id: Int64?
    var shopId: Int64
    var body: String
    var createdAt: Double

    enum CodingKeys: String, CodingKey {
        case id, body
        case shopId = "shop_id"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let body = Column(CodingKeys.body)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func email() throws(CorruptRow) -> JSONValue {
        try StorefrontJSONColumn(table: Self.databaseTableName, id: id ?? 0, column: CodingKeys.body).value(body)
    }
}
