import Foundation
import GRDB
import SandboxCore

// The rows of Cart API carts and their lines (spec §5.11). `StorefrontCartStore` is the only code that reads or
// writes them; `Columns` are typed by `CodingKeys`. Resolvers and pages see ``CartRecord`` and ``CartLineRecord``.

/// A `storefront_carts` row; `attributes` and `discount_codes` are JSON text, read through ``cart(lines:)``.
struct StorefrontCartRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_carts"
    var token: String
    var shopId: Int64
    var note: String?
    var attributes: String
    var discountCodes: String
    var buyerEmail: String?
    var buyerPhone: String?
    var buyerCountry: String?
    var customerId: Int64?
    var createdAt: Double
    var updatedAt: Double
    /// ``CartDetails`` as `JSONEncoder` writes it (`{}` on rows older than 2026-04 carts).
    var details: String

    enum CodingKeys: String, CodingKey {
        case token, note, attributes, details
        case shopId = "shop_id"
        case discountCodes = "discount_codes"
        case buyerEmail = "buyer_email"
        case buyerPhone = "buyer_phone"
        case buyerCountry = "buyer_country"
        case customerId = "customer_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let shopId = Column(CodingKeys.shopId)
        static let note = Column(CodingKeys.note)
        static let attributes = Column(CodingKeys.attributes)
        static let discountCodes = Column(CodingKeys.discountCodes)
        static let buyerEmail = Column(CodingKeys.buyerEmail)
        static let buyerPhone = Column(CodingKeys.buyerPhone)
        static let buyerCountry = Column(CodingKeys.buyerCountry)
        static let customerId = Column(CodingKeys.customerId)
        static let createdAt = Column(CodingKeys.createdAt)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let details = Column(CodingKeys.details)
        /// What a cart's mutations change: all but its token, shop and creation time.
        static let changing = [
            note, attributes, discountCodes, buyerEmail, buyerPhone, buyerCountry, customerId, updatedAt, details,
        ]
    }

    init(_ cart: CartRecord) throws {
        token = cart.token
        shopId = cart.shopID
        note = cart.note
        attributes = StorefrontJSONColumn.text(cart.attributes)
        discountCodes = StorefrontJSONColumn.text(cart.discountCodes)
        buyerEmail = cart.buyerEmail
        buyerPhone = cart.buyerPhone
        buyerCountry = cart.buyerCountry
        customerId = cart.customerID
        createdAt = cart.createdAt.timeIntervalSince1970
        updatedAt = cart.updatedAt.timeIntervalSince1970
        details = String(decoding: try JSONEncoder().encode(cart.details), as: UTF8.self)
    }

    func cart(lines: [CartLineRecord]) throws(CorruptRow) -> CartRecord {
        func column(_ key: CodingKeys) -> StorefrontJSONColumn {
            StorefrontJSONColumn(table: Self.databaseTableName, id: token, column: key)
        }
        let details: CartDetails
        do { details = try JSONDecoder().decode(CartDetails.self, from: Data(self.details.utf8)) } catch {
            throw column(.details).corrupt
        }
        return CartRecord(
            token: token, shopID: shopId, note: note, attributes: try column(.attributes).attributes(attributes),
            discountCodes: try column(.discountCodes).strings(discountCodes), buyerEmail: buyerEmail,
            buyerPhone: buyerPhone, buyerCountry: buyerCountry, customerID: customerId,
            createdAt: Date(timeIntervalSince1970: createdAt), updatedAt: Date(timeIntervalSince1970: updatedAt),
            lines: lines, details: details)
    }
}

/// A `storefront_cart_lines` row; `attributes` is JSON text, read through ``line()``.
struct StorefrontCartLineRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "storefront_cart_lines"
    var token: String
    var cartToken: String
    var position: Int64
    var variantId: Int64
    var quantity: Int64
    var attributes: String

    enum CodingKeys: String, CodingKey {
        case token, position, quantity, attributes
        case cartToken = "cart_token"
        case variantId = "variant_id"
    }

    enum Columns {
        static let token = Column(CodingKeys.token)
        static let cartToken = Column(CodingKeys.cartToken)
        static let position = Column(CodingKeys.position)
        static let variantId = Column(CodingKeys.variantId)
        static let quantity = Column(CodingKeys.quantity)
        static let attributes = Column(CodingKeys.attributes)
    }

    func line() throws(CorruptRow) -> CartLineRecord {
        let attributes = try StorefrontJSONColumn(
            table: Self.databaseTableName, id: token, column: CodingKeys.attributes
        ).attributes(attributes)
        return CartLineRecord(
            token: token, cartToken: cartToken, position: position, variantID: variantId, quantity: quantity,
            attributes: attributes)
    }
}
