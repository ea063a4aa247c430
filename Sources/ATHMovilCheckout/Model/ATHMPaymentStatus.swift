import CommerceCore
import Foundation

/// The transaction facts of a payment's outcome.
public final class ATHMPaymentStatus: NSObject, Sendable {
    private let fields: Locked<(status: ATHMStatus, reference: String, dailyID: Int)>

    /// When the transaction happened.
    public let date: Date

    /// The outcome as a value to switch on.
    public var status: ATHMStatus {
        get { fields[\.status] }
        set { fields[\.status] = newValue }
    }

    /// The outcome in upper case: `COMPLETED`, `CANCELLED`, `EXPIRED` or `FAILED`.
    public var statusPayment: String { status.rawValue.uppercased() }

    /// The unique transaction identifier; empty unless completed.
    public var referenceNumber: String {
        get { fields[\.reference] }
        set { fields[\.reference] = newValue }
    }

    /// The business's running number of the transaction for the day; 0 unless completed.
    public var dailyTransactionID: Int {
        get { fields[\.dailyID] }
        set { fields[\.dailyID] = newValue }
    }

    /// Creates a status record.
    public init(status: ATHMStatus, date: Date, referenceNumber: String = "", dailyTransactionID: Int = 0) {
        self.fields = Locked((status, referenceNumber, dailyTransactionID))
        self.date = date
        super.init()
    }
}
