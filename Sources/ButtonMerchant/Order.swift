import CommerceCore
import Foundation

/// An in-app purchase reported to Button with ``ButtonMerchant/reportOrder(_:completion:)``.
///
/// A class (not a struct) because 1.8.0 code sets its optional fields through a `let` binding; a lock makes
/// those writes safe when the order is reported from another thread.
public final class Order: Sendable {
    /// Your identifier for this order.
    public let id: String
    /// When the purchase was made; sent in the device time zone.
    public let purchaseDate: Date
    /// The items bought. Always sent, possibly empty.
    public let lineItems: [LineItem]
    /// The order amount in minor units given to the deprecated initializer; never sent as such.
    @available(*, deprecated, message: "Orders are reported by line item; use init(id:purchaseDate:lineItems:)")
    public var amount: Int64 { seedAmount }
    // Stored under another name so the initializers need not touch the deprecated property.
    private let seedAmount: Int64

    private let mutable = Locked(Fields())

    private struct Fields {
        var currencyCode = "USD"
        var customerOrderId: String?
        var customer: Customer?
    }

    /// Creates an order from its line items.
    public init(id: String, purchaseDate: Date, lineItems: [LineItem]) {
        self.id = id
        self.purchaseDate = purchaseDate
        self.lineItems = lineItems
        self.seedAmount = 0
    }

    /// The seed's form. The endpoint has no order-level amount, so a positive `amount` becomes one line
    /// item whose id is the order id and whose total is the amount; zero gives no line items.
    @available(*, deprecated, message: "Use init(id:purchaseDate:lineItems:)")
    public convenience init(id: String, amount: Int64 = 0, currencyCode: String = "USD") {
        self.init(id: id, amount: amount, currencyCode: currencyCode, purchaseDate: Date())
    }

    /// The deprecated initializer with an explicit purchase date, so tests can pin the clock.
    init(id: String, amount: Int64, currencyCode: String, purchaseDate: Date) {
        self.id = id
        self.purchaseDate = purchaseDate
        self.lineItems = amount > 0 ? [LineItem(id: id, total: amount)] : []
        self.seedAmount = amount
        self.currencyCode = currencyCode
    }

    /// ISO 4217 code of every amount in the order. Defaults to `USD`.
    public var currencyCode: String {
        get { mutable.withLock { $0.currencyCode } }
        set { mutable.withLock { $0.currencyCode = newValue } }
    }

    /// The order number shown to the customer, if it differs from ``id``.
    public var customerOrderId: String? {
        get { mutable.withLock { $0.customerOrderId } }
        set { mutable.withLock { $0.customerOrderId = newValue } }
    }

    /// The customer who placed the order.
    public var customer: Customer? {
        get { mutable.withLock { $0.customer } }
        set { mutable.withLock { $0.customer = newValue } }
    }
}
