import CommerceCore
import Foundation
import GRDB
import SandboxCore

/// The one place the sandbox creates orders (spec §5.10). Cart completion and the checkout payment job
/// (``PaymentJob``) both hand it lines, address and totals, so numbering, customer linking, stock and
/// sales counts behave identically for both.
enum OrderWriter {
    /// What becomes an order: the caller has already computed every amount.
    struct Draft {
        let shopID: Int64
        let email: String
        let phone: String?
        let currency: String
        /// The customer the purchase was associated with (cart `buyerIdentity.customerAccessToken`,
        /// `checkoutCustomerAssociateV2`); without one the email is matched.
        let associatedCustomerID: Int64?
        let lines: [OrderLineRecord]
        let subtotalCents: Int64
        let shippingCents: Int64
        let taxCents: Int64
        let dutiesCents: Int64?
        let totalCents: Int64
        /// The checkout's shipping address as JSON; `nil` for cart orders.
        let shippingAddressJSON: String?
    }

    /// Writes the order and its lines, takes the shop's next order number (1001 upwards), decrements tracked
    /// inventory (never below 0) and raises sales counts. Runs inside the caller's transaction.
    static func create(_ db: Database, _ draft: Draft, now: Date) throws -> OrderRecord {
        let number = try StorefrontShopStore.takeOrderNumber(db, shopID: draft.shopID)
        let customerID =
            try draft.associatedCustomerID
            ?? StorefrontCustomerStore.customer(db, email: draft.email, shopID: draft.shopID)?.id
        let orderID = try StorefrontOrderStore.insert(
            db,
            StorefrontOrderRecord(
                id: nil, shopId: draft.shopID, orderNumber: number, token: RandomToken.hex(32),
                orderKey: RandomToken.hex(32), customerId: customerID, email: draft.email, phone: draft.phone,
                currency: draft.currency, subtotalCents: draft.subtotalCents, shippingCents: draft.shippingCents,
                taxCents: draft.taxCents, dutiesCents: draft.dutiesCents, totalCents: draft.totalCents,
                shippingAddress: draft.shippingAddressJSON, processedAt: now.timeIntervalSince1970),
            lines: draft.lines)
        for line in draft.lines {
            guard let variantID = line.variantID else { continue }
            try StorefrontCatalogStore.takeStock(db, variantID: variantID, quantity: line.quantity)
        }
        guard let order = try StorefrontOrderStore.order(db, id: orderID, shopID: draft.shopID) else {
            throw DatabaseError(message: "order \(orderID) vanished inside its own transaction")
        }
        return order
    }

    /// `Order.statusUrl` (§5.10): `/<shop>/orders/<token>/authenticate?key=<key>`.
    static func statusPath(_ order: OrderRecord) -> String {
        "/\(order.shopID)/orders/\(order.token)/authenticate?key=\(order.key)"
    }

    /// `Order.customerUrl` for orders linked to a customer (Sandbox decision: the account page path of a real
    /// shop, `/account/orders/<token>`, on the sandbox base URL).
    static func customerPath(_ order: OrderRecord) -> String {
        "/account/orders/\(order.token)"
    }
}
