import CommerceCore
import Foundation

/// One line of an ``Order``: an item, how many were bought and what they cost in total.
public final class LineItem: Sendable {
    /// Unique within the order; a SKU or UPC is a good choice.
    public let id: String
    /// The total for the line in minor units (all units together, net of discounts and taxes).
    public let total: Int64

    private let mutable = Locked(Fields())

    private struct Fields {
        var quantity = 1
        var itemDescription: String?
        var sku: String?
        var upc: String?
        var category: [String]?
        var attributes: [String: String]?
    }

    /// A line with quantity 1 and no optional details.
    public init(id: String, total: Int64) {
        self.id = id
        self.total = total
    }

    /// Number of units; defaults to 1.
    public var quantity: Int {
        get { mutable.withLock { $0.quantity } }
        set { mutable.withLock { $0.quantity = newValue } }
    }

    /// Free text describing the item; sent as `description`.
    public var itemDescription: String? {
        get { mutable.withLock { $0.itemDescription } }
        set { mutable.withLock { $0.itemDescription = newValue } }
    }

    /// Your stock keeping unit for the item.
    public var sku: String? {
        get { mutable.withLock { $0.sku } }
        set { mutable.withLock { $0.sku = newValue } }
    }

    /// The 12-digit Universal Product Code.
    public var upc: String? {
        get { mutable.withLock { $0.upc } }
        set { mutable.withLock { $0.upc = newValue } }
    }

    /// Category path, most general first.
    public var category: [String]? {
        get { mutable.withLock { $0.category } }
        set { mutable.withLock { $0.category = newValue } }
    }

    /// Extra string attributes such as brand.
    public var attributes: [String: String]? {
        get { mutable.withLock { $0.attributes } }
        set { mutable.withLock { $0.attributes = newValue } }
    }
}
