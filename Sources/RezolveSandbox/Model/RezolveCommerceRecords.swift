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

    enum CodingKeys: String, CodingKey {
        case id, lines
        case entityId = "entity_id"
        case merchantId = "merchant_id"
        case dateCreated = "date_created"
        case dateUpdated = "date_updated"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let entityId = Column(CodingKeys.entityId)
        static let merchantId = Column(CodingKeys.merchantId)
        static let lines = Column(CodingKeys.lines)
        static let dateCreated = Column(CodingKeys.dateCreated)
        static let dateUpdated = Column(CodingKeys.dateUpdated)
    }
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

    enum CodingKeys: String, CodingKey {
        case id, lines
        case entityId = "entity_id"
        case merchantId = "merchant_id"
        case cartId = "cart_id"
        case cartUpdated = "cart_updated"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let entityId = Column(CodingKeys.entityId)
        static let merchantId = Column(CodingKeys.merchantId)
        static let cartId = Column(CodingKeys.cartId)
        static let cartUpdated = Column(CodingKeys.cartUpdated)
        static let lines = Column(CodingKeys.lines)
        static let createdAt = Column(CodingKeys.createdAt)
    }

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

    enum CodingKeys: String, CodingKey {
        case id, state, lines, pan4, latitude, longitude
        case partnerId = "partner_id"
        case entityId = "entity_id"
        case merchantId = "merchant_id"
        case optionId = "option_id"
        case cartId = "cart_id"
        case paymentStatus = "payment_status"
        case paymentType = "payment_type"
        case shippingCode = "shipping_code"
        case addressId = "address_id"
        case pickupStore = "pickup_store"
        case subtotalMinor = "subtotal_minor"
        case shippingMinor = "shipping_minor"
        case taxMinor = "tax_minor"
        case createdAt = "created_at"
        case placedAt = "placed_at"
        case payWith = "pay_with"
        case phoneId = "phone_id"
        case paymentId = "payment_id"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let partnerId = Column(CodingKeys.partnerId)
        static let entityId = Column(CodingKeys.entityId)
        static let merchantId = Column(CodingKeys.merchantId)
        static let optionId = Column(CodingKeys.optionId)
        static let cartId = Column(CodingKeys.cartId)
        static let state = Column(CodingKeys.state)
        static let paymentStatus = Column(CodingKeys.paymentStatus)
        static let paymentType = Column(CodingKeys.paymentType)
        static let shippingCode = Column(CodingKeys.shippingCode)
        static let addressId = Column(CodingKeys.addressId)
        static let pickupStore = Column(CodingKeys.pickupStore)
        static let subtotalMinor = Column(CodingKeys.subtotalMinor)
        static let shippingMinor = Column(CodingKeys.shippingMinor)
        static let taxMinor = Column(CodingKeys.taxMinor)
        static let lines = Column(CodingKeys.lines)
        static let createdAt = Column(CodingKeys.createdAt)
        static let placedAt = Column(CodingKeys.placedAt)
        static let payWith = Column(CodingKeys.payWith)
        static let pan4 = Column(CodingKeys.pan4)
        static let phoneId = Column(CodingKeys.phoneId)
        static let latitude = Column(CodingKeys.latitude)
        static let longitude = Column(CodingKeys.longitude)
        static let paymentId = Column(CodingKeys.paymentId)
    }

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

    enum CodingKeys: String, CodingKey {
        case id, state, reason
        case orderId = "order_id"
        case partnerId = "partner_id"
        case createdAt = "created_at"
        case pendingAction = "pending_action"
        case appliesAt = "applies_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let orderId = Column(CodingKeys.orderId)
        static let partnerId = Column(CodingKeys.partnerId)
        static let state = Column(CodingKeys.state)
        static let reason = Column(CodingKeys.reason)
        static let createdAt = Column(CodingKeys.createdAt)
        static let pendingAction = Column(CodingKeys.pendingAction)
        static let appliesAt = Column(CodingKeys.appliesAt)
    }
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

    enum CodingKeys: String, CodingKey {
        case key, status, body
        case partnerId = "partner_id"
        case entityId = "entity_id"
        case requestHash = "request_hash"
        case createdAt = "created_at"
    }

    enum Columns {
        static let partnerId = Column(CodingKeys.partnerId)
        static let entityId = Column(CodingKeys.entityId)
        static let key = Column(CodingKeys.key)
        static let requestHash = Column(CodingKeys.requestHash)
        static let status = Column(CodingKeys.status)
        static let body = Column(CodingKeys.body)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

struct RZSettings: RezolveRecord {
    static let databaseTableName = "rz_settings"
    var id: Int64 = 1
    var callbackApplyDelayMs: Int64
    var optionSessionTtlSeconds: Int64

    enum CodingKeys: String, CodingKey {
        case id
        case callbackApplyDelayMs = "callback_apply_delay_ms"
        case optionSessionTtlSeconds = "option_session_ttl_seconds"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let callbackApplyDelayMs = Column(CodingKeys.callbackApplyDelayMs)
        static let optionSessionTtlSeconds = Column(CodingKeys.optionSessionTtlSeconds)
    }

    static let defaults = RZSettings(callbackApplyDelayMs: 0, optionSessionTtlSeconds: 1800)
}
