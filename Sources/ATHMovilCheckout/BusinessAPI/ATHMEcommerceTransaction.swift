import CommerceCore
import Foundation

/// A payment as the payment service reports it to the merchant's server (`findPayment`).
public struct ATHMEcommerceTransaction: Sendable, Equatable {
    /// The payment service's state of an ecommerce payment.
    public enum Status: Sendable, Equatable {
        /// Registered; the customer has not confirmed yet.
        case open
        /// Confirmed by the customer; waiting for the merchant app's authorization.
        case confirm
        /// Paid.
        case completed
        /// Cancelled, failed or expired.
        case cancel
        /// A value this SDK does not know.
        case unknown(String)

        init(_ raw: String) {
            switch raw {
            case "OPEN": self = .open
            case "CONFIRM": self = .confirm
            case "COMPLETED": self = .completed
            case "CANCEL": self = .cancel
            default: self = .unknown(raw)
            }
        }
    }

    /// One purchased item.
    public struct Item: Sendable, Equatable {
        /// The item's name as the merchant sent it.
        public let name: String
        /// The item's description; empty when none was sent.
        public let description: String
        /// How many units were bought.
        public let quantity: Int
        /// The unit price in dollars.
        public let price: Decimal
        /// The merchant's free text for this item; empty when none was sent.
        public let metadata: String
    }

    /// Where the payment is in its life cycle (`ecommerceStatus` in the reply).
    public let ecommerceStatus: Status
    /// The payment service's id for this payment, as returned when it was registered.
    public let ecommerceId: String
    /// Empty until completed.
    public let referenceNumber: String
    /// The paid business's account number with the payment service, such as `215070001`.
    public let businessCustomerId: String
    /// `yyyy-MM-dd HH:mm:ss` in Puerto Rico time; empty until completed.
    public let transactionDate: String
    /// The day's running number as text (`"0013"`); empty until completed.
    public let dailyTransactionId: String
    /// The display name of the business that was paid.
    public let businessName: String
    /// The business's path as registered with the payment service.
    public let businessPath: String
    /// The business's industry as registered with the payment service.
    public let industry: String
    /// The amount before tax, in dollars.
    public let subTotal: Decimal
    /// The tax charged, in dollars.
    public let tax: Decimal
    /// What the customer pays, in dollars.
    public let total: Decimal
    /// The payment service's fee, in dollars.
    public let fee: Decimal
    /// What the business receives (``total`` less ``fee``), in dollars.
    public let netAmount: Decimal
    /// The sum of every refund made against this payment so far, in dollars.
    public let totalRefundedAmount: Decimal
    /// The merchant's first free-text field (at most 40 characters); empty when not sent.
    public let metadata1: String
    /// The merchant's second free-text field (at most 40 characters); empty when not sent.
    public let metadata2: String
    /// The purchased items in the order they were sent.
    public let items: [Item]
    /// Whether the business is registered as a non-profit.
    public let isNonProfit: Bool

    init(_ data: JSONValue) {
        ecommerceStatus = Status(data["ecommerceStatus"]?.stringValue ?? "")
        ecommerceId = data["ecommerceId"]?.stringValue ?? ""
        referenceNumber = data["referenceNumber"]?.stringValue ?? ""
        businessCustomerId = data["businessCustomerId"]?.stringValue ?? ""
        transactionDate = data["transactionDate"]?.stringValue ?? ""
        dailyTransactionId = data["dailyTransactionId"]?.stringValue ?? ""
        businessName = data["businessName"]?.stringValue ?? ""
        businessPath = data["businessPath"]?.stringValue ?? ""
        industry = data["industry"]?.stringValue ?? ""
        subTotal = Amount.decimal(data["subTotal"])
        tax = Amount.decimal(data["tax"])
        total = Amount.decimal(data["total"])
        fee = Amount.decimal(data["fee"])
        netAmount = Amount.decimal(data["netAmount"])
        totalRefundedAmount = Amount.decimal(data["totalRefundedAmount"])
        metadata1 = data["metadata1"]?.stringValue ?? ""
        metadata2 = data["metadata2"]?.stringValue ?? ""
        items = (data["items"]?.arrayValue ?? []).map { item in
            Item(
                name: item["name"]?.stringValue ?? "", description: item["description"]?.stringValue ?? "",
                quantity: Int(clamping: item["quantity"]?.integerValue ?? 0), price: Amount.decimal(item["price"]),
                metadata: item["metadata"]?.stringValue ?? "")
        }
        isNonProfit = data["isNonProfit"]?.boolValue ?? false
    }
}

/// Reads dollar amounts from JSON numbers or numeric text without binary noise (`0.06`, not `0.0599…`).
enum Amount {
    static func decimal(_ value: JSONValue?) -> Decimal {
        switch value {
        case .integer(let integer)?: Decimal(integer)
        case .double(let double)?: Decimal(string: "\(double)") ?? Decimal(double)
        case .string(let text)?: Decimal(string: text) ?? 0
        default: 0
        }
    }
}
