import Foundation
import GRDB

// The rows of placed orders and their lines (spec §5.10). `StorefrontOrderStore` is the only code that reads or
// writes them; `Columns` are typed by `CodingKeys`. Resolvers, pages and control routes see ``OrderRecord``.

/// A `storefront_orders` row. `shipping_address` is the checkout's address as JSON, kept for the record and never
/// read back.
struct StorefrontOrderRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_orders"
    var id: Int64?
    var shopId: Int64
    var orderNumber: Int64
    var token: String
    var orderKey: String
    var customerId: Int64?
    var email: String?
    var phone: String?
    var currency: String
    var subtotalCents: Int64
    var shippingCents: Int64
    var taxCents: Int64
    var dutiesCents: Int64?
    var totalCents: Int64
    var shippingAddress: String?
    var processedAt: Double

    enum CodingKeys: String, CodingKey {
        case id, token, email, phone, currency
        case shopId = "shop_id"
        case orderNumber = "order_number"
        case orderKey = "order_key"
        case customerId = "customer_id"
        case subtotalCents = "subtotal_cents"
        case shippingCents = "shipping_cents"
        case taxCents = "tax_cents"
        case dutiesCents = "duties_cents"
        case totalCents = "total_cents"
        case shippingAddress = "shipping_address"
        case processedAt = "processed_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shopId = Column(CodingKeys.shopId)
        static let orderNumber = Column(CodingKeys.orderNumber)
        static let token = Column(CodingKeys.token)
        static let orderKey = Column(CodingKeys.orderKey)
        static let customerId = Column(CodingKeys.customerId)
        static let email = Column(CodingKeys.email)
        static let phone = Column(CodingKeys.phone)
        static let currency = Column(CodingKeys.currency)
        static let subtotalCents = Column(CodingKeys.subtotalCents)
        static let shippingCents = Column(CodingKeys.shippingCents)
        static let taxCents = Column(CodingKeys.taxCents)
        static let dutiesCents = Column(CodingKeys.dutiesCents)
        static let totalCents = Column(CodingKeys.totalCents)
        static let shippingAddress = Column(CodingKeys.shippingAddress)
        static let processedAt = Column(CodingKeys.processedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func order(lines: [OrderLineRecord]) -> OrderRecord {
        OrderRecord(
            id: id ?? 0, shopID: shopId, number: orderNumber, token: token, key: orderKey, customerID: customerId,
            email: email, phone: phone, currency: currency, subtotalCents: subtotalCents,
            shippingCents: shippingCents, taxCents: taxCents, dutiesCents: dutiesCents, totalCents: totalCents,
            processedAt: Date(timeIntervalSince1970: processedAt), lines: lines)
    }
}

/// A `storefront_order_lines` row: title, variant and unit price as they were when the order was placed.
struct StorefrontOrderLineRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "storefront_order_lines"
    var id: Int64?
    var orderId: Int64
    var position: Int64
    var variantId: Int64?
    var title: String
    var quantity: Int64
    var unitPriceCents: Int64

    enum CodingKeys: String, CodingKey {
        case id, position, title, quantity
        case orderId = "order_id"
        case variantId = "variant_id"
        case unitPriceCents = "unit_price_cents"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let orderId = Column(CodingKeys.orderId)
        static let position = Column(CodingKeys.position)
        static let variantId = Column(CodingKeys.variantId)
        static let title = Column(CodingKeys.title)
        static let quantity = Column(CodingKeys.quantity)
        static let unitPriceCents = Column(CodingKeys.unitPriceCents)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var line: OrderLineRecord {
        OrderLineRecord(
            position: position, variantID: variantId, title: title, quantity: quantity, unitPriceCents: unitPriceCents)
    }
}
