import Foundation
import Testing

@testable import Pay

/// The summary-item vectors of spec §6.6 (the original's fixtures) and the J3 Toronto checkout.
@Suite struct SummaryItemTests {
    @Test func noShippingWithTax() {
        #expect(
            pairs(fixtureCheckout().summaryItems(for: "SHOPIFY")) == [
                "CART TOTAL 44", "SUBTOTAL 44", "TAXES 6", "SHOPIFY 50",
            ])
    }

    @Test func dutiesAreShownEvenWhenZero() {
        #expect(
            pairs(fixtureCheckout(duties: dec("24.99")).summaryItems(for: "SHOPIFY"))
                == ["CART TOTAL 44", "SUBTOTAL 44", "DUTIES 24.99", "TAXES 6", "SHOPIFY 50"])
        #expect(
            pairs(fixtureCheckout(duties: 0).summaryItems(for: "SHOPIFY"))
                == ["CART TOTAL 44", "SUBTOTAL 44", "DUTIES 0", "TAXES 6", "SHOPIFY 50"])
    }

    @Test func shippingOnlyWhenPriced() {
        #expect(
            pairs(fixtureCheckout(shippingRate: upsStandard).summaryItems(for: "SHOPIFY"))
                == ["CART TOTAL 44", "SUBTOTAL 44", "SHIPPING 12", "TAXES 6", "SHOPIFY 50"])
        let free = PayShippingRate(handle: "free", title: "Free", price: 0)
        #expect(
            pairs(fixtureCheckout(shippingRate: free).summaryItems(for: "SHOPIFY"))
                == ["CART TOTAL 44", "SUBTOTAL 44", "TAXES 6", "SHOPIFY 50"])
    }

    @Test func noTaxLineWithoutTax() {
        #expect(
            pairs(fixtureCheckout(tax: 0).summaryItems(for: "SHOPIFY")) == [
                "CART TOTAL 44", "SUBTOTAL 44", "SHOPIFY 50",
            ])
    }

    @Test func giftCards() {
        let one = fixtureCheckout(giftCards: [giftCardA1B2], tax: 0).summaryItems(for: "SHOPIFY")
        #expect(
            pairs(one) == [
                "CART TOTAL 44", "SUBTOTAL 44", "GIFT CARD (\u{2022}\u{2022}\u{2022}\u{2022} A1B2) -5", "SHOPIFY 50",
            ])
        let two = fixtureCheckout(giftCards: [giftCardA1B2, giftCardC3D4], tax: 0).summaryItems(for: "SHOPIFY")
        #expect(pairs(two) == ["CART TOTAL 44", "SUBTOTAL 44", "GIFT CARDS (2) -7.5", "SHOPIFY 50"])
        let none = fixtureCheckout(giftCards: [], tax: 0).summaryItems(for: "SHOPIFY")
        #expect(pairs(none) == ["CART TOTAL 44", "SUBTOTAL 44", "SHOPIFY 50"])
    }

    @Test func discountsWithoutLineItems() {
        let cart = fixtureCheckout(lineItems: [], discount: PayDiscount(code: "WIN20", amount: dec("20.0")), tax: 0)
        #expect(
            pairs(cart.summaryItems(for: "SHOPIFY")) == [
                "CART TOTAL 0", "DISCOUNT (WIN20) -20", "SUBTOTAL 44", "SHOPIFY 50",
            ])
        let anonymous = fixtureCheckout(lineItems: [], discount: PayDiscount(code: "", amount: dec("20.0")), tax: 0)
        #expect(
            anonymous.summaryItems(for: "SHOPIFY").map(\.label) == ["CART TOTAL", "DISCOUNT", "SUBTOTAL", "SHOPIFY"])
        let shipping = fixtureCheckout(
            lineItems: [], shippingDiscount: PayDiscount(code: "FREESHIP", amount: dec("10.0")), tax: 0)
        #expect(
            pairs(shipping.summaryItems(for: "SHOPIFY")) == ["SUBTOTAL 44", "DISCOUNT (FREESHIP) -10", "SHOPIFY 50"])
    }

    @Test func fullyLoadedCheckoutKeepsTheOrder() {
        let checkout = fixtureCheckout(
            giftCards: [giftCardA1B2], discount: PayDiscount(code: "WIN20", amount: dec("20.0")),
            shippingDiscount: PayDiscount(code: "FREESHIP", amount: dec("10.0")), shippingRate: upsStandard)
        #expect(
            pairs(checkout.summaryItems(for: "SHOPIFY")) == [
                "CART TOTAL 44", "DISCOUNT (WIN20) -20", "SUBTOTAL 44", "SHIPPING 12", "DISCOUNT (FREESHIP) -10",
                "TAXES 6",
                "GIFT CARD (\u{2022}\u{2022}\u{2022}\u{2022} A1B2) -5", "SHOPIFY 50",
            ])
    }

    @Test func torontoCheckoutFromTheSandbox() {
        let checkout = PayCheckout(
            id: "c",
            lineItems: [PayLineItem(price: dec("89.00"), quantity: 2), PayLineItem(price: dec("75.00"), quantity: 1)],
            giftCards: nil, discount: nil, shippingDiscount: nil, shippingAddress: nil, shippingRate: standard,
            currencyCode: "CAD", totalDuties: nil, subtotalPrice: dec("253.00"), needsShipping: true,
            totalTax: dec("32.89"), paymentDue: dec("295.89"))
        #expect(
            pairs(checkout.summaryItems(for: "Sandbox Shoes"))
                == ["CART TOTAL 253", "SUBTOTAL 253", "SHIPPING 10", "TAXES 32.89", "Sandbox Shoes 295.89"])
    }

    @Test func lineItemTotalIsExact() {
        let items = [PayLineItem(price: dec("0.10"), quantity: 3), PayLineItem(price: dec("19.99"), quantity: 2)]
        #expect(items.totalPrice == dec("40.28"))
        #expect(fixtureCheckout(lineItems: []).hasLineItems == false)
    }
}
