import Foundation
import Pay

/// An exact decimal from text (floating-point literals are not exact in `Decimal`).
func dec(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

/// The original SDK's test checkout (spec §6.6): 16.00 × 2 and 12.00 × 1, subtotal 44, tax 6, due 50.
func fixtureCheckout(
    lineItems: [PayLineItem] = [
        PayLineItem(price: dec("16.00"), quantity: 2), PayLineItem(price: dec("12.00"), quantity: 1),
    ],
    giftCards: [PayGiftCard]? = nil, discount: PayDiscount? = nil, shippingDiscount: PayDiscount? = nil,
    shippingRate: PayShippingRate? = nil, duties: Decimal? = nil, needsShipping: Bool = false,
    tax: Decimal = dec("6.0"), due: Decimal = dec("50.0")
) -> PayCheckout {
    PayCheckout(
        id: "checkout-1", lineItems: lineItems, giftCards: giftCards, discount: discount,
        shippingDiscount: shippingDiscount,
        shippingAddress: nil, shippingRate: shippingRate, currencyCode: "CAD", totalDuties: duties,
        subtotalPrice: dec("44.0"), needsShipping: needsShipping, totalTax: tax, paymentDue: due)
}

let giftCardA1B2 = PayGiftCard(id: "gc-1", balance: dec("20.00"), amount: dec("5.00"), lastCharacters: "A1B2")
let giftCardC3D4 = PayGiftCard(id: "gc-2", balance: dec("10.00"), amount: dec("2.50"), lastCharacters: "C3D4")
let upsStandard = PayShippingRate(handle: "shipping-rate", title: "UPS Standard", price: dec("12.0"))
let standard = PayShippingRate(handle: "sandbox-standard-10.00", title: "Standard", price: dec("10.00"))
let express = PayShippingRate(handle: "sandbox-express-25.00", title: "Express", price: dec("25.00"))

/// Labels and amounts, for compact comparisons.
func pairs(_ items: [PaySummaryItem]) -> [String] {
    items.map { "\($0.label) \($0.amount)" }
}

let torontoPartial = PayContact(
    postalAddress: PayContact.PostalAddress(
        city: "Toronto", state: "ON", postalCode: "M5V",
        country: "Canada", isoCountryCode: "CA"))
let johnSmith = PayContact(
    firstName: "John", lastName: "Smith", phone: "+16471234567", email: "john.smith@example.com",
    postalAddress: PayContact.PostalAddress(
        street: "80 Spadina Ave.\nSuite 400", city: "Toronto", state: "ON",
        postalCode: "M5V 2J4", country: "Canada", isoCountryCode: "CA"))
