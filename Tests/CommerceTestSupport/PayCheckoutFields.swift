import Buy
import Pay

/// The checkout fields an Apple Pay sheet needs and how they become a `PayCheckout`, as the seed's sample app
/// reads them. Shared by BuyTests' scripted Apple Pay journey and the end-to-end J3 calls, so both poll for
/// the same selection.
public enum PayCheckoutFields {
    /// Selects `ready` and everything ``payCheckout(_:)`` reads.
    public static func select(_ query: Storefront.CheckoutQuery) {
        query.ready().requiresShipping().currencyCode()
            .lineItems(first: 250) { $0.edges { $0.node { $0.quantity().unitPrice { $0.amount() } } } }
            .subtotalPriceV2 { $0.amount() }.totalTaxV2 { $0.amount() }.totalDuties { $0.amount() }
            .paymentDueV2 { $0.amount() }.shippingLine { $0.handle().title().priceV2 { $0.amount() } }
    }

    /// The sheet's view of a checkout fetched with ``select(_:)``.
    public static func payCheckout(_ checkout: Storefront.Checkout) -> PayCheckout {
        PayCheckout(
            id: checkout.id.rawValue,
            lineItems: checkout.lineItems.edges.map {
                PayLineItem(price: $0.node.unitPrice?.amount ?? 0, quantity: Int($0.node.quantity))
            },
            giftCards: nil, discount: nil, shippingDiscount: nil, shippingAddress: nil,
            shippingRate: checkout.shippingLine.map {
                PayShippingRate(handle: $0.handle, title: $0.title, price: $0.priceV2.amount)
            },
            currencyCode: checkout.currencyCode.rawValue, totalDuties: checkout.totalDuties?.amount,
            subtotalPrice: checkout.subtotalPriceV2.amount, needsShipping: checkout.requiresShipping,
            totalTax: checkout.totalTaxV2.amount, paymentDue: checkout.paymentDueV2.amount)
    }
}
