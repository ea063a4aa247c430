import CommerceCore
import Foundation

/// The answer to a refund: the refund transaction and the refunded payment as it stands afterwards.
public struct ATHMRefundResult: Sendable, Equatable {
    /// One transaction in a refund answer.
    public struct Transaction: Sendable, Equatable {
        /// `REFUND` or `PAYMENT`.
        public let transactionType: String
        /// The transaction's state as the payment service words it, such as `COMPLETED`.
        public let status: String
        /// Epoch milliseconds, as text.
        public let date: String
        /// The payment service's reference for this transaction; a refund gets its own, distinct from the payment's.
        public let referenceNumber: String
        /// The day's running number as text (`"0002"`).
        public let dailyTransactionID: String
        /// The paying customer's name.
        public let name: String
        /// The paying customer's phone number.
        public let phoneNumber: String
        /// The paying customer's e-mail address.
        public let email: String
        /// Refund only: the amount given back by this refund.
        public let refundedAmount: Decimal
        /// Payment only.
        public let total: Decimal
        /// Payment only: the payment service's fee, in dollars.
        public let fee: Decimal
        /// Payment only: what the business received, in dollars.
        public let netAmount: Decimal
        /// Payment only: everything refunded so far, this refund included, in dollars.
        public let totalRefundedAmount: Decimal

        init(_ data: JSONValue) {
            transactionType = data["transactionType"]?.stringValue ?? ""
            status = data["status"]?.stringValue ?? ""
            date = data["date"]?.stringValue ?? ""
            referenceNumber = data["referenceNumber"]?.stringValue ?? ""
            dailyTransactionID = data["dailyTransactionID"]?.stringValue ?? ""
            name = data["name"]?.stringValue ?? ""
            phoneNumber = data["phoneNumber"]?.stringValue ?? ""
            email = data["email"]?.stringValue ?? ""
            refundedAmount = Amount.decimal(data["refundedAmount"])
            total = Amount.decimal(data["total"])
            fee = Amount.decimal(data["fee"])
            netAmount = Amount.decimal(data["netAmount"])
            totalRefundedAmount = Amount.decimal(data["totalRefundedAmount"])
        }
    }

    /// The refund that was just made (`transactionType` `REFUND`).
    public let refund: Transaction
    /// The refunded payment as it stands after the refund (`transactionType` `PAYMENT`).
    public let originalTransaction: Transaction
}
