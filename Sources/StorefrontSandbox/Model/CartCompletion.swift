import CommerceCore
import Foundation
import GRDB

/// Turning a cart into an order (spec §5.11 `POST /sandbox/storefront/carts/{token}/complete`), the way a
/// web checkout would: no shipping, tax or duties (a 2021-10 cart has no address), the variant's current
/// price, stock checked like K4.
enum CartCompletion {
    /// Why a cart cannot become an order: an entry of the 422 answer's `errors` list.
    struct Problem: Error, Equatable {
        let code: String
        let field: [String]
        let message: String

        var json: JSONValue {
            ["code": .string(code), "field": .array(field.map(JSONValue.string)), "message": .string(message)]
        }
    }

    /// The email an order from a cart without `buyerIdentity.email` gets.
    static let fallbackEmail = "cart@example.com"

    /// Creates the order and deletes the cart (a completed cart is gone, like a checked-out cart on a real
    /// shop, so completing it twice cannot create two orders). `nil` when the cart is unknown or expired.
    /// The hosted checkout (``HostedCheckout``) passes the buyer's `delivery`: its address and the chosen rate.
    static func complete(_ db: Database, token: String, now: Date, delivery: Delivery? = nil) throws
        -> Result<OrderRecord, Problems>?
    {
        guard let shopID = try StorefrontCartStore.shopID(db, token: token),
            let shop = try StorefrontShopStore.shop(db, id: shopID),
            let cart = try StorefrontCartStore.cart(db, token: token, shopID: shopID, now: now)
        else { return nil }
        let catalog = try StorefrontCatalogStore.snapshot(db, shopID: shopID)
        var problems: [Problem] = []
        if cart.lines.isEmpty {
            problems.append(Problem(code: "EMPTY", field: ["lines"], message: "Cart has no lines"))
        }
        var lines: [OrderLineRecord] = []
        var wanted: [Int64: Int64] = [:]
        for (index, line) in cart.lines.enumerated() {
            guard let variant = catalog.variantsByID[line.variantID],
                let product = catalog.productsByID[variant.productID]
            else {
                problems.append(
                    Problem(
                        code: "INVALID", field: ["lines", String(index), "merchandiseId"],
                        message:
                            "The merchandise with id \(GlobalID("ProductVariant", line.variantID).encoded) does not exist"
                    ))
                continue
            }
            wanted[variant.id, default: 0] += line.quantity
            if let inventory = variant.inventory, wanted[variant.id, default: 0] > inventory {
                problems.append(
                    Problem(
                        code: "NOT_ENOUGH_IN_STOCK", field: ["lines", String(index), "quantity"],
                        message: "Only \(inventory) items are available"))
            }
            lines.append(
                OrderLineRecord(
                    position: Int64(index + 1), variantID: variant.id, title: product.title,
                    quantity: line.quantity, unitPriceCents: variant.priceCents))
        }
        guard problems.isEmpty else { return .failure(Problems(entries: problems)) }
        let subtotal = lines.reduce(Int64(0)) { $0 + $1.totalCents }
        let shipping = delivery?.rate.priceCents ?? 0
        let order = try OrderWriter.create(
            db,
            OrderWriter.Draft(
                shopID: shopID, email: cart.buyerEmail ?? fallbackEmail, phone: cart.buyerPhone,
                currency: shop.currency,
                associatedCustomerID: cart.customerID, lines: lines, subtotalCents: subtotal, shippingCents: shipping,
                taxCents: 0,
                dutiesCents: nil, totalCents: subtotal + shipping, shippingAddressJSON: delivery?.addressJSON),
            now: now)
        try StorefrontCartStore.delete(db, token: token)
        return .success(order)
    }

    /// Where a hosted checkout ships to and at which rate.
    struct Delivery: Sendable {
        let address: [String: String]
        let rate: CheckoutRecord.ShippingLine

        /// The address as the order row stores it (keys sorted, as checkouts store theirs).
        var addressJSON: String {
            JSONValue.object(
                JSONObject(address.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
            )
            .serialized()
        }
    }

    /// Every reason a cart was refused, in line order.
    struct Problems: Error {
        let entries: [Problem]
    }
}
