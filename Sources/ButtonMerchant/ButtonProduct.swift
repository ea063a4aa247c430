import CommerceCore
import Foundation

/// A product as reported by ``Activity``. Conform your own product type, or use ``ButtonProduct``.
public protocol ButtonProductCompatible {
    /// Your identifier for the product.
    var id: String? { get set }
    /// The 12-digit Universal Product Code.
    var upc: String? { get set }
    /// Category path, most general first.
    var categories: [String]? { get set }
    /// Display name.
    var name: String? { get set }
    /// ISO 4217 code of ``value``.
    var currency: String? { get set }
    /// Unit price in minor units; not sent when zero.
    var value: Int { get set }
    /// Number of units; not sent when zero.
    var quantity: Int { get set }
    /// The product's web page.
    var url: String? { get set }
    /// Extra string attributes.
    var attributes: [String: String]? { get set }
}

/// A ready-made ``ButtonProductCompatible`` with every field empty or zero.
public final class ButtonProduct: ButtonProductCompatible, Sendable {
    private let fields = Locked(Fields())

    private struct Fields {
        var id: String?
        var upc: String?
        var categories: [String]?
        var name: String?
        var currency: String?
        var value = 0
        var quantity = 0
        var url: String?
        var attributes: [String: String]?
    }

    /// An empty product; set the fields you know.
    public init() {}

    /// Your identifier for the product (SKU or catalogue id); nil until set, and then left out of the report.
    public var id: String? {
        get { fields.withLock { $0.id } }
        set { fields.withLock { $0.id = newValue } }
    }
    /// The 12-digit Universal Product Code, if the product has one.
    public var upc: String? {
        get { fields.withLock { $0.upc } }
        set { fields.withLock { $0.upc = newValue } }
    }
    /// The category path, most general first (for example `["Shoes", "Running"]`).
    public var categories: [String]? {
        get { fields.withLock { $0.categories } }
        set { fields.withLock { $0.categories = newValue } }
    }
    /// The name shown to shoppers.
    public var name: String? {
        get { fields.withLock { $0.name } }
        set { fields.withLock { $0.name = newValue } }
    }
    /// The ISO 4217 code that ``value`` is in, such as `USD`.
    public var currency: String? {
        get { fields.withLock { $0.currency } }
        set { fields.withLock { $0.currency = newValue } }
    }
    /// The unit price in minor units (cents for USD); zero means unknown and is not reported.
    public var value: Int {
        get { fields.withLock { $0.value } }
        set { fields.withLock { $0.value = newValue } }
    }
    /// How many units the shopper viewed or added; zero is not reported.
    public var quantity: Int {
        get { fields.withLock { $0.quantity } }
        set { fields.withLock { $0.quantity = newValue } }
    }
    /// The absolute URL of the product's web page.
    public var url: String? {
        get { fields.withLock { $0.url } }
        set { fields.withLock { $0.url = newValue } }
    }
    /// Free-form string attributes such as size or colour, reported as given.
    public var attributes: [String: String]? {
        get { fields.withLock { $0.attributes } }
        set { fields.withLock { $0.attributes = newValue } }
    }
}
