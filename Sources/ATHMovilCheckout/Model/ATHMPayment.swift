import CommerceCore
import Foundation

/// The amounts and details of one payment request. Only `total` is required.
///
/// `fee` and `netAmount` are filled in on responses of completed payments and are never sent.
public final class ATHMPayment: NSObject, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable {
    /// The amount the customer pays, in US dollars.
    public let total: NSNumber

    private struct Fields {
        var subtotal: NSNumber = 0
        var tax: NSNumber = 0
        var fee: NSNumber = 0
        var netAmount: NSNumber = 0
        var items: [ATHMPaymentItem] = []
        var metadata1 = ""
        var metadata2 = ""
        var phoneNumber = ""
    }

    private let fields = Locked(Fields())

    /// Shown to the customer as the subtotal (0 by default).
    public var subtotal: NSNumber {
        get { fields[\.subtotal] }
        set { fields[\.subtotal] = newValue }
    }

    /// Shown to the customer as the tax (0 by default).
    public var tax: NSNumber {
        get { fields[\.tax] }
        set { fields[\.tax] = newValue }
    }

    /// ATH Móvil's fee for a completed payment; response only.
    public var fee: NSNumber {
        get { fields[\.fee] }
        set { fields[\.fee] = newValue }
    }

    /// What the business receives after the fee; response only.
    public var netAmount: NSNumber {
        get { fields[\.netAmount] }
        set { fields[\.netAmount] = newValue }
    }

    /// The purchased items shown on the summary screen (empty by default).
    public var items: [ATHMPaymentItem] {
        get { fields[\.items] }
        set { fields[\.items] = newValue }
    }

    /// Merchant data attached to the payment, at most 40 characters.
    public var metadata1: String {
        get { fields[\.metadata1] }
        set { fields[\.metadata1] = newValue }
    }

    /// More merchant data, at most 40 characters.
    public var metadata2: String {
        get { fields[\.metadata2] }
        set { fields[\.metadata2] = newValue }
    }

    /// The customer's phone number, when the merchant knows it; in responses, the paying customer's phone.
    public var phoneNumber: String {
        get { fields[\.phoneNumber] }
        set { fields[\.phoneNumber] = newValue }
    }

    /// Creates a payment for `total` US dollars.
    public init(total: NSNumber) {
        self.total = total
        super.init()
    }

    /// Reads `total`, `subtotal`, `tax`, `metadata1`, `metadata2`, `phoneNumber` and `items` with the
    /// forgiving dictionary rules (numbers may also arrive as text such as `"2.00"`).
    public convenience init(dictionary: NSDictionary) {
        let reader = DictionaryReader(dictionary)
        self.init(total: reader.number("total"))
        subtotal = reader.number("subtotal")
        tax = reader.number("tax")
        metadata1 = reader.string("metadata1")
        metadata2 = reader.string("metadata2")
        phoneNumber = reader.string("phoneNumber")
        items = reader.dictionaries("items").map(ATHMPaymentItem.init(dictionary:))
    }

    /// `let payment: ATHMPayment = 20.00`.
    public convenience init(floatLiteral value: Double) {
        self.init(total: NSNumber(value: value))
    }

    /// `let payment: ATHMPayment = 20`.
    public convenience init(integerLiteral value: Int) {
        self.init(total: NSNumber(value: value))
    }
}
