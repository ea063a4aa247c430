import CommerceCore
import Foundation

/// One payment ("ecommerce") in the emulated payment service, with everything the app page, the control
/// routes and the merchant routes need.
struct ATHMovilEcommerce: Sendable, Equatable {
    /// Internal states. On the wire `CANCELLED`, `FAILED` and `EXPIRED` all read `CANCEL`.
    enum State: String, Sendable {
        case open = "OPEN"
        case confirm = "CONFIRM"
        case completed = "COMPLETED"
        case cancelled = "CANCELLED"
        case failed = "FAILED"
        case expired = "EXPIRED"

        var wireValue: String {
            switch self {
            case .open, .confirm, .completed: rawValue
            case .cancelled, .failed, .expired: "CANCEL"
            }
        }
    }

    /// How the payment reached the service.
    enum Flow: String, Sendable {
        /// `/payment` then the `mobileSecure` link; needs `/authorization`.
        case secure
        /// The `mobile` link with the whole payment in it.
        case legacy
        /// The `mobileDummy` link: simulated, no credentials.
        case legacyDummy = "legacy_dummy"

        var isLegacy: Bool { self != .secure }
    }

    struct Item: Sendable, Equatable {
        var name: String
        var priceCents: Int64
        var quantity: Int64
        var desc: String
        var metadata: String

        var json: JSONValue {
            [
                "desc": .string(desc), "description": .string(desc), "metadata": .string(metadata),
                "name": .string(name),
                "price": ATHMovilAmount.json(priceCents), "quantity": .integer(quantity),
            ]
        }
    }

    var id: String
    var flow: Flow
    var traceId: String
    var businessNumber: String
    var state: State
    var createdAt: Date
    var updatedAt: Date
    var expiresAt: Date
    var totalCents: Int64
    var subtotalCents: Int64
    var taxCents: Int64
    var metadata1: String
    var metadata2: String
    var items: [Item]
    var phoneNumber: String
    var scheme: String
    var timeout: Int64
    var env: String
    var customer: ATHMovilCustomer?
    var referenceNumber: String = ""
    var dailyTransactionId: Int64 = 0
    var transactionDate: String = ""
    var completedAt: Date?
    var feeCents: Int64 = 0
    var netCents: Int64 = 0
    var refundedCents: Int64 = 0
    var tokenJTI: String = ""
    var callbacks: [String] = []

    /// A `CONFIRM` payment the merchant never authorizes expires this long after `expiresAt`.
    static let confirmGrace: TimeInterval = 300

    /// Applies expiry by the clock; returns whether the state changed.
    mutating func expireIfDue(now: Date) -> Bool {
        switch state {
        case .open where now >= expiresAt, .confirm where now >= expiresAt.addingTimeInterval(Self.confirmGrace):
            state = .expired
            updatedAt = now
            return true
        default:
            return false
        }
    }

    /// The daily id as the payment service writes it: four digits, zero-padded; empty until completed.
    var dailyTransactionText: String {
        guard dailyTransactionId > 0 else { return "" }
        let digits = String(dailyTransactionId)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }

    init(
        id: String, flow: Flow, traceId: String, businessNumber: String, createdAt: Date, expiresAt: Date,
        totalCents: Int64, subtotalCents: Int64, taxCents: Int64, metadata1: String, metadata2: String, items: [Item],
        phoneNumber: String, scheme: String, timeout: Int64, env: String
    ) {
        self.id = id
        self.flow = flow
        self.traceId = traceId
        self.businessNumber = businessNumber
        self.state = .open
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.expiresAt = expiresAt
        self.totalCents = totalCents
        self.subtotalCents = subtotalCents
        self.taxCents = taxCents
        self.metadata1 = metadata1
        self.metadata2 = metadata2
        self.items = items
        self.phoneNumber = phoneNumber
        self.scheme = scheme
        self.timeout = timeout
        self.env = env
    }
}
