import CommerceCore
import Foundation
import SandboxCore

/// A checkout (spec §5.8). Its state is one JSON document in `storefront_checkouts.body` (this type as
/// `JSONEncoder` writes it, through ``StorefrontCheckoutStore``): the checkout is always read and written whole,
/// and the state machine adds fields faster than columns would follow.
struct CheckoutRecord: GraphValue, Codable {
    var graphQLTypeName: String { "Checkout" }

    enum Status: String, Codable { case open, processing, completed }

    struct Line: Codable, Sendable {
        let token: String
        var variantID: Int64
        var quantity: Int64
        /// Product title and unit price as they were when the line was added (§5.8).
        var title: String
        var unitPriceCents: Int64
        var requiresShipping: Bool
        var attributes: [Attribute]
    }

    struct Attribute: Codable, Sendable, Equatable {
        let key: String
        let value: String
    }

    struct ShippingLine: Codable, Sendable, Equatable {
        let handle: String
        let title: String
        let priceCents: Int64
    }

    /// The amounts the last finished recalculation produced (0 and `nil` before the first).
    struct Totals: Codable, Sendable, Equatable {
        var subtotalCents: Int64 = 0
        var shippingCents: Int64 = 0
        var taxCents: Int64 = 0
        var dutiesCents: Int64?
        var totalCents: Int64 { subtotalCents + shippingCents + taxCents + (dutiesCents ?? 0) }
    }

    let token: String
    let key: String
    let shopID: Int64
    var status: Status = .open
    var email: String?
    var note: String?
    var attributes: [Attribute] = []
    var lines: [Line] = []
    /// `MailingAddressInput` field names; `country` holds the ISO code.
    var shippingAddress: [String: String]?
    var shippingLine: ShippingLine?
    var allowPartialAddresses: Bool
    var customerID: Int64?
    /// The shop's discount code applied with `checkoutDiscountCodeApplyV2` (recorded, no price effect; §5.9).
    var discountCode: String?
    var createdAt: Date
    var updatedAt: Date
    var completedAt: Date?
    var orderID: Int64?
    var totals = Totals()
    /// Pending computations (§5.14): `nil` when finished.
    var recalculation: PendingComputation?
    var rates: PendingComputation?
    /// The payment being processed while `status == .processing`.
    var processingPaymentID: Int64?
    var lineCounter: Int64 = 0

    var gid: GlobalID { GlobalID("Checkout", token, query: [("key", key)]) }
    var requiresShipping: Bool { lines.contains { $0.requiresShipping } }

    init(shopID: Int64, allowPartialAddresses: Bool, now: Date) {
        token = RandomToken.hex(32)
        key = RandomToken.hex(32)
        self.shopID = shopID
        self.allowPartialAddresses = allowPartialAddresses
        createdAt = now
        updatedAt = now
    }

    /// A change that needs new totals (and new rates when an address is set): both start pending again.
    mutating func changed(settings: PendingComputation.Settings, now: Date, ratesToo: Bool) {
        updatedAt = now
        recalculation = PendingComputation(polls: settings.checkoutPolls, deadline: now + settings.deadlineSeconds)
        if ratesToo, shippingAddress != nil, requiresShipping {
            rates = PendingComputation(polls: settings.ratesPolls, deadline: now + settings.deadlineSeconds)
        }
    }

    mutating func addLine(
        variantID: Int64, quantity: Int64, title: String, unitPriceCents: Int64, requiresShipping: Bool,
        attributes: [Attribute]
    ) {
        if let index = lines.firstIndex(where: { $0.variantID == variantID && $0.attributes == attributes }) {
            lines[index].quantity += quantity
            return
        }
        lineCounter += 1
        lines.append(
            Line(
                token: "\(lineCounter)-\(RandomToken.hex(8))", variantID: variantID, quantity: quantity, title: title,
                unitPriceCents: unitPriceCents, requiresShipping: requiresShipping, attributes: attributes))
    }

    func lineGID(_ line: Line) -> GlobalID { GlobalID("CheckoutLineItem", line.token, query: [("checkout", token)]) }

    func lineIndex(_ id: String) -> Int? {
        guard let gid = GlobalID.decode(id), gid.type == "CheckoutLineItem",
            (gid.queryValue("checkout") ?? token) == token
        else { return nil }
        return lines.firstIndex { $0.token == gid.id }
    }
}
