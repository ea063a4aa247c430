import Foundation

/// The parts of a Storefront checkout that Apple Pay shows: what is bought, what it costs and where it
/// goes. Build one from the checkout your `Buy` queries return and rebuild it after every update.
public struct PayCheckout: Sendable, Equatable {
    /// The checkout's ID.
    public var id: String
    /// The lines being bought.
    public var lineItems: [PayLineItem]
    /// Gift cards applied, if any.
    public var giftCards: [PayGiftCard]?
    /// A discount on the cart.
    public var discount: PayDiscount?
    /// A discount on shipping.
    public var shippingDiscount: PayDiscount?
    /// The shipping address set on the checkout.
    public var shippingAddress: PayAddress?
    /// The selected shipping rate.
    public var shippingRate: PayShippingRate?
    /// ISO 4217 currency code of every amount.
    public var currencyCode: String
    /// Duties; `nil` when none apply (then no `DUTIES` line is shown).
    public var totalDuties: Decimal?
    /// The subtotal after cart discounts.
    public var subtotalPrice: Decimal
    /// Whether anything must be shipped.
    public var needsShipping: Bool
    /// Total tax.
    public var totalTax: Decimal
    /// What the buyer pays.
    public var paymentDue: Decimal

    /// Creates a checkout description.
    public init(
        id: String, lineItems: [PayLineItem], giftCards: [PayGiftCard]?, discount: PayDiscount?,
        shippingDiscount: PayDiscount?, shippingAddress: PayAddress?, shippingRate: PayShippingRate?,
        currencyCode: String, totalDuties: Decimal?, subtotalPrice: Decimal, needsShipping: Bool,
        totalTax: Decimal, paymentDue: Decimal
    ) {
        self.id = id
        self.lineItems = lineItems
        self.giftCards = giftCards
        self.discount = discount
        self.shippingDiscount = shippingDiscount
        self.shippingAddress = shippingAddress
        self.shippingRate = shippingRate
        self.currencyCode = currencyCode
        self.totalDuties = totalDuties
        self.subtotalPrice = subtotalPrice
        self.needsShipping = needsShipping
        self.totalTax = totalTax
        self.paymentDue = paymentDue
    }

    /// Whether the checkout has any lines.
    public var hasLineItems: Bool { !lineItems.isEmpty }
}
