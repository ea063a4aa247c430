import Foundation
import GRDB

/// One product line as the client sends it (cart line, options body).
struct RZLine: Codable, Sendable, Equatable {
    var productId: Int64
    var qty: Int
    var configurable: [Choice]
    var custom: [CustomChoice]

    struct Choice: Codable, Sendable, Equatable {
        var code: String
        var value: String
    }
    struct CustomChoice: Codable, Sendable, Equatable {
        var optionId: Int
        var value: [String]
    }

    /// Same product with the same selections: adding it again raises the quantity instead of a new line.
    func sameSelection(as other: RZLine) -> Bool {
        productId == other.productId
            && configurable.sorted { $0.code < $1.code } == other.configurable.sorted { $0.code < $1.code }
            && custom.sorted { $0.optionId < $1.optionId } == other.custom.sorted { $0.optionId < $1.optionId }
    }
}

/// A line with its price resolved when the option session was made (§5.4 snapshot).
struct RZPricedLine: Codable, Sendable {
    var line: RZLine
    var unitMinor: Int64
    var title: String
    var subtitle: String
    var isVirtual: Bool
    var isAct: Bool
}

struct RZCart: RezolveRecord {
    static let databaseTableName = "rz_cart"
    var id: String
    var entityId: String
    var merchantId: String
    var lines: [RZLine]
    var dateCreated: Double
    var dateUpdated: Double
}

struct RZOptionSession: RezolveRecord {
    static let databaseTableName = "rz_option_session"
    var id: String
    var entityId: String
    var merchantId: String
    var cartId: String?
    var cartUpdated: Double?
    var lines: [RZPricedLine]
    var createdAt: Double

    var isAllVirtual: Bool { lines.allSatisfy(\.isVirtual) }
    var subtotalMinor: Int64 { lines.reduce(0) { $0 + $1.unitMinor * Int64($1.line.qty) } }
    /// Acts and zero-priced virtual orders pay nothing and are paid with `free`.
    var isFree: Bool { isAllVirtual && subtotalMinor == 0 }
}

/// An order. `state` is internal (`created`, `abandoned`) or a wire status (`pending`, `complete`,
/// `pre-canceled`, `cancelled`).
struct RZOrder: RezolveRecord {
    static let databaseTableName = "rz_order"
    var id: Int64
    var partnerId: String
    var entityId: String
    var merchantId: String
    var optionId: String
    var cartId: String?
    var state: String
    var paymentStatus: String?
    var paymentType: String
    var shippingCode: String?
    var addressId: String?
    var pickupStore: Int64?
    var subtotalMinor: Int64
    var shippingMinor: Int64
    var taxMinor: Int64
    var lines: [RZPricedLine]
    var createdAt: Double
    var placedAt: Double?
    var payWith: String?
    var pan4: String?
    var phoneId: String?
    var latitude: Double?
    var longitude: Double?
    var paymentId: String?

    var finalMinor: Int64 { subtotalMinor + shippingMinor + taxMinor }
    var isListed: Bool { state != "created" && state != "abandoned" }

    static let firstId: Int64 = 1501
}

/// An external payment awaiting the partner's callback. A callback received while
/// `callbackApplyDelayMs` runs is recorded in `pendingAction` and applied once `appliesAt` passes.
struct RZExternalPayment: RezolveRecord {
    static let databaseTableName = "rz_external_payment"
    var id: String
    var orderId: Int64
    var partnerId: String
    var state: String
    var reason: String?
    var createdAt: Double
    var pendingAction: String?
    var appliesAt: Double?
}

/// A stored `buy` answer for one (partner, entity, Idempotency-Key). `status == nil` while it runs.
struct RZIdempotency: RezolveRecord {
    static let databaseTableName = "rz_idempotency"
    var partnerId: String
    var entityId: String
    var key: String
    var requestHash: String
    var status: Int?
    var body: Data?
    var createdAt: Double
}

struct RZSettings: RezolveRecord {
    static let databaseTableName = "rz_settings"
    var id: Int64 = 1
    var callbackApplyDelayMs: Int64
    var optionSessionTtlSeconds: Int64

    static let defaults = RZSettings(callbackApplyDelayMs: 0, optionSessionTtlSeconds: 1800)
}
