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
        public let name: String
        public let description: String
        public let quantity: Int
        public let price: Decimal
        public let metadata: String
    }

    public let ecommerceStatus: Status
    public let ecommerceId: String
    /// Empty until completed.
    public let referenceNumber: String
    public let businessCustomerId: String
    /// `yyyy-MM-dd HH:mm:ss` in Puerto Rico time; empty until completed.
    public let transactionDate: String
    /// The day's running number as text (`"0013"`); empty until completed.
    public let dailyTransactionId: String
    public let businessName: String
    public let businessPath: String
    public let industry: String
    public let subTotal: Decimal
    public let tax: Decimal
    public let total: Decimal
    public let fee: Decimal
    public let netAmount: Decimal
    public let totalRefundedAmount: Decimal
    public let metadata1: String
    public let metadata2: String
    public let items: [Item]
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
            Item(name: item["name"]?.stringValue ?? "", description: item["description"]?.stringValue ?? "",
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
