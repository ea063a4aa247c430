import CommerceCore
import Foundation
import GRDB

/// Cart changes and option sessions (spec §3.5.5–3.5.6, §5.4): one open cart per customer and merchant,
/// the same product with the same selections merged into one line, an emptied cart deleted.
enum RezolveCarts {
    /// Adds `line` to the customer's open cart of that merchant, creating the cart when needed.
    static func add(_ line: RZLine, caller: RezolveCaller, merchantId: String, now: Double, _ db: Database) throws
        -> RZCart
    {
        let product = try RezolveCatalogStore.product(line.productId, merchantId: merchantId, db)
        var cart =
            try RezolveCommerceStore.openCart(entityId: caller.entityId, merchantId: merchantId, db)
            ?? RZCart(
                id: RezolveWire.newId(), entityId: caller.entityId, merchantId: merchantId, lines: [], dateCreated: now,
                dateUpdated: now)
        if let index = cart.lines.firstIndex(where: { $0.sameSelection(as: line) }) {
            var merged = line
            merged.qty += cart.lines[index].qty
            try RezolveLineRules.check(merged, product: product, totalQuantity: merged.qty, forCart: true)
            cart.lines[index] = merged
        } else {
            try RezolveLineRules.check(line, product: product, totalQuantity: line.qty, forCart: true)
            cart.lines.append(line)
        }
        touch(&cart, now: now)
        try cart.save(db)
        return cart
    }

    /// Removes the line at `index`; returns the cart, or `nil` when it became empty and was deleted.
    static func remove(
        index: Int?, cartId: String, caller: RezolveCaller, merchantId: String, now: Double,
        _ db: Database
    ) throws -> RZCart? {
        _ = try RezolveCatalogStore.merchant(merchantId, db)
        var cart = try RezolveCommerceStore.cart(cartId, entityId: caller.entityId, merchantId: merchantId, db)
        guard let index, cart.lines.indices.contains(index) else { throw RezolveFailure.productNotFound }
        cart.lines.remove(at: index)
        if cart.lines.isEmpty {
            _ = try cart.delete(db)
            return nil
        }
        touch(&cart, now: now)
        try cart.update(db)
        return cart
    }

    /// `date_updated` moves on every change, even two within the same clock tick, so an option made before
    /// the change can tell.
    private static func touch(_ cart: inout RZCart, now: Double) {
        cart.dateUpdated = max(now, cart.dateUpdated + 0.001)
    }

    /// Checks and prices the lines, stores the option session snapshot and renders the payment option.
    static func makeSession(
        _ caller: RezolveCaller, merchantId: String, lines: [RZLine], cart: RZCart?, now: Double,
        _ db: Database
    ) throws -> JSONValue {
        let merchant = try RezolveCatalogStore.merchant(merchantId, db)
        var priced: [RZPricedLine] = []
        for line in lines {
            let product = try RezolveCatalogStore.product(line.productId, merchantId: merchantId, db)
            try RezolveLineRules.check(line, product: product, totalQuantity: line.qty, forCart: false)
            priced.append(RezolvePricing.priced(line, product: product))
        }
        let session = RZOptionSession(
            id: RezolveWire.newId(), entityId: caller.entityId, merchantId: merchantId,
            cartId: cart?.id, cartUpdated: cart?.dateUpdated, lines: priced, createdAt: now)
        try session.insert(db)
        let offers = RezolveOffers(
            merchant: merchant, stores: try RezolveCatalogStore.stores(merchantId: merchantId, db),
            session: session)
        return offers.json(sessionId: session.id, lines: lines)
    }
}
