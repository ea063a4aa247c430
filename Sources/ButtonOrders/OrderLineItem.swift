/// One line of an order: a product (or group of identical products) with its price.
///
/// Give either ``total`` (the whole line) or ``amount`` (the unit price). When `total` is present Button
/// derives the unit amount from it; when only `amount` is present Button multiplies it by ``quantity``.
/// Money values are integers in the currency's minor unit (cents for USD).
public struct OrderLineItem: Codable, Sendable, Equatable {
    /// Unique within the order; the SKU or UPC is a good choice.
    public var identifier: String
    /// The price of the whole line, greater than 0.
    public var total: Int64?
    /// The unit price. Ignored by the server when ``total`` is set; in responses it is the computed value.
    public var amount: Int64?
    /// Number of units, at least 1. The server assumes 1 when absent.
    public var quantity: Int?
    /// The merchant's stock-keeping unit, at most 255 characters.
    public var sku: String?
    /// A 12-digit UPC-A / GTIN-12 code.
    public var upc: String?
    /// Category path from most to least general, at most 7 levels.
    public var category: [String]?
    /// Free text about the item (JSON `description`; renamed because `description` means something else
    /// to Swift's string conversion).
    public var itemDescription: String?
    /// Extra string key/value pairs, such as brand or sub-category.
    public var attributes: [String: String]?

    /// Creates a line item; give at least one of `total` and `amount`.
    public init(
        identifier: String, total: Int64? = nil, amount: Int64? = nil, quantity: Int? = nil,
        sku: String? = nil, upc: String? = nil, category: [String]? = nil,
        itemDescription: String? = nil, attributes: [String: String]? = nil
    ) {
        self.identifier = identifier
        self.total = total
        self.amount = amount
        self.quantity = quantity
        self.sku = sku
        self.upc = upc
        self.category = category
        self.itemDescription = itemDescription
        self.attributes = attributes
    }

    enum CodingKeys: String, CodingKey {
        case identifier, total, amount, quantity, sku, upc, category
        case itemDescription = "description"
        case attributes
    }
}
