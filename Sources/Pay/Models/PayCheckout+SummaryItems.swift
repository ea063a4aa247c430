import Foundation

extension PayCheckout {
    /// The payment sheet's summary lines, in the order Apple Pay shows them, ending with a line labelled
    /// `shopName` for the amount due.
    ///
    /// Amounts are used as they are: no rounding and no currency formatting. Discounts and gift cards
    /// appear as negative amounts.
    public func summaryItems(for shopName: String) -> [PaySummaryItem] {
        var items: [PaySummaryItem] = []
        // The cart total is only interesting when it differs from what follows it.
        if hasLineItems || discount != nil {
            items.append(PaySummaryItem(label: "CART TOTAL", amount: lineItems.totalPrice))
        }
        if let discount {
            items.append(Self.discountItem(discount))
        }
        items.append(PaySummaryItem(label: "SUBTOTAL", amount: subtotalPrice))
        if let shippingRate, shippingRate.price > 0 {
            items.append(PaySummaryItem(label: "SHIPPING", amount: shippingRate.price))
        }
        if let shippingDiscount {
            items.append(Self.discountItem(shippingDiscount))
        }
        // Duties of zero are still shown: the buyer learns that none are owed.
        if let totalDuties {
            items.append(PaySummaryItem(label: "DUTIES", amount: totalDuties))
        }
        if totalTax > 0 {
            items.append(PaySummaryItem(label: "TAXES", amount: totalTax))
        }
        if let giftCards, let first = giftCards.first {
            if giftCards.count == 1 {
                items.append(
                    PaySummaryItem(
                        label: "GIFT CARD (\u{2022}\u{2022}\u{2022}\u{2022} \(first.lastCharacters))",
                        amount: -first.amount))
            } else {
                let sum = giftCards.reduce(Decimal(0)) { $0 + $1.amount }
                items.append(PaySummaryItem(label: "GIFT CARDS (\(giftCards.count))", amount: -sum))
            }
        }
        items.append(PaySummaryItem(label: shopName, amount: paymentDue))
        return items
    }

    private static func discountItem(_ discount: PayDiscount) -> PaySummaryItem {
        let label = discount.code.isEmpty ? "DISCOUNT" : "DISCOUNT (\(discount.code))"
        return PaySummaryItem(label: label, amount: -discount.amount)
    }
}
