import Foundation
import GRDB

/// What a 2026-04 cart costs (spec §5.11): its lines, the delivery options of its one delivery group (the same
/// ``CheckoutPricing/rates(for:)`` the checkouts use), the chosen option, and the gift cards that pay part of it.
struct CartTotals: Sendable {
    let subtotalCents: Int64
    /// The options for the cart's delivery address, cheapest first; empty without an address.
    let options: [CheckoutRecord.ShippingLine]
    let selected: CheckoutRecord.ShippingLine?
    /// Applied gift cards, in the order applied, with what each pays; a card pays what the ones before left.
    let giftCards: [(card: GiftCardRecord, usedCents: Int64)]

    var shippingCents: Int64 { selected?.priceCents ?? 0 }
    /// Lines and delivery: what the order will total.
    var orderTotalCents: Int64 { subtotalCents + shippingCents }
    var giftCardCents: Int64 { giftCards.reduce(0) { $0 + $1.usedCents } }
    /// What is left for the buyer to pay once the gift cards are used (`Cart.cost.totalAmount`).
    var dueCents: Int64 { orderTotalCents - giftCardCents }

    static func of(_ cart: CartRecord, catalog: CatalogSnapshot, _ db: Database) throws -> CartTotals {
        let subtotal = cart.lines.reduce(Int64(0)) {
            $0 + (catalog.variantsByID[$1.variantID]?.priceCents ?? 0) * $1.quantity
        }
        let options = CheckoutPricing.rates(for: cart.details.deliveryAddress?.fields)
        let selected = cart.details.selectedDeliveryHandle.flatMap { handle in options.first { $0.handle == handle } }
        var left = subtotal + (selected?.priceCents ?? 0)
        var used: [(card: GiftCardRecord, usedCents: Int64)] = []
        for card in try StorefrontGiftCardStore.cards(db, ids: cart.details.giftCardIDs, shopID: cart.shopID) {
            let amount = min(card.balanceCents, left)
            left -= amount
            used.append((card, amount))
        }
        return CartTotals(subtotalCents: subtotal, options: options, selected: selected, giftCards: used)
    }
}
