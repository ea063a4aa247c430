import CommerceCore
import Foundation

/// One line of the purchase, shown on ATH Móvil's payment summary.
public final class ATHMPaymentItem: NSObject, Sendable {
    /// The item's name, trimmed.
    public let name: String
    /// The price of one unit, in US dollars.
    public let price: NSNumber
    /// How many units.
    public let quantity: Int

    private let fields = Locked((desc: "", metadata: ""))

    /// A short description of the item (empty by default).
    public var desc: String {
        get { fields[\.desc] }
        set { fields[\.desc] = newValue }
    }

    /// Free text the merchant attaches to the item (empty by default).
    public var metadata: String {
        get { fields[\.metadata] }
        set { fields[\.metadata] = newValue }
    }

    /// Creates an item; nothing is validated until the payment is sent.
    public init(name: String, price: NSNumber, quantity: Int) {
        self.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        self.price = price
        self.quantity = quantity
        super.init()
    }

    /// Reads `name`, `price`, `quantity`, `desc` and `metadata` with the forgiving dictionary rules.
    public convenience init(dictionary: NSDictionary) {
        let reader = DictionaryReader(dictionary)
        self.init(name: reader.string("name"), price: reader.number("price"), quantity: reader.integer("quantity"))
        desc = reader.string("desc")
        metadata = reader.string("metadata")
    }
}
