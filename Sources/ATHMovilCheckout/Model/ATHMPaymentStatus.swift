import Foundation

/// The transaction facts of a payment's outcome.
public final class ATHMPaymentStatus: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var storedStatus: ATHMStatus
    private var storedReference: String
    private var storedDailyID: Int

    /// When the transaction happened.
    public let date: Date

    /// The outcome as a value to switch on.
    public var status: ATHMStatus {
        get { lock.withLock { storedStatus } }
        set { lock.withLock { storedStatus = newValue } }
    }

    /// The outcome in upper case: `COMPLETED`, `CANCELLED`, `EXPIRED` or `FAILED`.
    public var statusPayment: String { status.rawValue.uppercased() }

    /// The unique transaction identifier; empty unless completed.
    public var referenceNumber: String {
        get { lock.withLock { storedReference } }
        set { lock.withLock { storedReference = newValue } }
    }

    /// The business's running number of the transaction for the day; 0 unless completed.
    public var dailyTransactionID: Int {
        get { lock.withLock { storedDailyID } }
        set { lock.withLock { storedDailyID = newValue } }
    }

    /// Creates a status record.
    public init(status: ATHMStatus, date: Date, referenceNumber: String = "", dailyTransactionID: Int = 0) {
        self.storedStatus = status
        self.date = date
        self.storedReference = referenceNumber
        self.storedDailyID = dailyTransactionID
        super.init()
    }
}
