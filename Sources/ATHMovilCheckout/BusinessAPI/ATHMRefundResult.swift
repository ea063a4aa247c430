import CommerceCore
import Foundation

/// The answer to a refund: the refund transaction and the refunded payment as it stands afterwards.
public struct ATHMRefundResult: Sendable, Equatable {
    /// One transaction in a refund answer.
    public struct Transaction: Sendable, Equatable {
        /// `REFUND` or `PAYMENT`.
        public let transactionType: String
        public let status: String
        /// Epoch milliseconds, as text.
        public let date: String
        public let referenceNumber: String
        /// The day's running number as text (`"0002"`).
        public let dailyTransactionID: String
        public let name: String
        public let phoneNumber: String
        public let email: String
        /// Refund only: the amount given back by this refund.
        public let refundedAmount: Decimal
        /// Payment only.
        public let total: Decimal
        public let fee: Decimal
        public let netAmount: Decimal
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

    public let refund: Transaction
    public let originalTransaction: Transaction
}
