import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Checkouts (spec §5.8–5.10, §5.14, §6.7 "Checkout totals" and "Readiness sequence", J2 of §7) through
/// the real router.
@Suite struct StorefrontCheckoutTests {
    @Test func j2FromCreateToOrderWithOnePendingPollPerChange() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let created = try await steps.create([(12, 2), (31, 1)])
        #expect(created["checkoutUserErrors"] == [])
        #expect(created["checkout"]?["ready"] == false)
        #expect(created["checkout"]?["requiresShipping"] == true)
        let id = try #require(created["checkout"]?["id"]?.stringValue)

        // The seed's deprecated spelling of the email mutation still works.
        #expect(
            try await steps.update("checkoutEmailUpdate", "checkoutId:\"\(id)\",email:\"john.smith@example.com\"")[
                "checkoutUserErrors"] == [])
        #expect(try await steps.address(id)["checkoutUserErrors"] == [])

        let pendingRates = try await steps.rates(id)
        #expect(pendingRates == ["ready": false, "shippingRates": .null])
        let rates = try await steps.rates(id)
        #expect(rates["ready"] == true)
        #expect(rates["shippingRates"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Standard", "Express"])
        #expect(rates["shippingRates"]?[0]?["priceV2"]?["amount"] == "10.0")

        #expect(try await steps.shippingLine(id, "sandbox-standard-10.00")["checkoutUserErrors"] == [])
        #expect(try await steps.totals(id)["ready"] == false)
        let totals = try await steps.totals(id)
        #expect(totals["ready"] == true)
        #expect(totals["subtotalPriceV2"]?["amount"] == "253.0")
        #expect(totals["totalTaxV2"]?["amount"] == "32.89")
        #expect(totals["totalDuties"] == .null)
        #expect(totals["paymentDueV2"] == ["amount": "295.89", "currencyCode": "CAD"])

        let token = try await steps.vault()
        #expect(token.range(of: "^sbx-[0-9a-f]{32}$", options: .regularExpression) != nil)
        let completion = try await steps.complete(id, amount: "295.89", vault: token)
        #expect(completion["checkoutUserErrors"] == [])
        #expect(completion["payment"]?["ready"] == false)
        #expect(completion["checkout"]?["ready"] == false)
        let paymentID = try #require(completion["payment"]?["id"]?.stringValue)

        #expect(try await steps.order(id)["order"] == .null)
        let done = try await steps.order(id)
        #expect(done["order"]?["orderNumber"] == 1001)
        #expect(done["order"]?["totalPriceV2"]?["amount"] == "295.89")
        #expect(done["ready"] == true)
        #expect(done["completedAt"]?.stringValue != nil)

        // The same idempotency key again: the same payment, no second order.
        let again = try await steps.complete(id, amount: "295.89", vault: token)
        #expect(again["checkoutUserErrors"] == [])
        #expect(again["payment"]?["id"]?.stringValue == paymentID)
        let orders = try await client.control(.get, "/sandbox/storefront/shops/1/orders")
        #expect(orders.json.arrayValue?.count == 1)
        let payment = try await steps.payment(paymentID)
        #expect(payment["ready"] == true)
        #expect(payment["transaction"]?["statusV2"] == "SUCCESS")
        #expect(payment["creditCard"] == ["brand": "Visa", "lastDigits": "4242"])

        let stock = try await client.data("{node(id:\"\(GID.variant(12))\"){...on ProductVariant{quantityAvailable}}}")
        #expect(stock["node"]?["quantityAvailable"] == 98)
        // A completed checkout takes no more changes (K16).
        let late = try await steps.email(id)
        #expect(
            late["checkoutUserErrors"] == [
                ["code": "ALREADY_COMPLETED", "field": ["checkoutId"], "message": "Checkout is already completed"]
            ])
    }

    @Test(
        arguments: [
            (CheckoutSteps.toronto, "32.89", JSONValue.null, "295.89"),
            (CheckoutSteps.newYork, "0.0", ["amount": "0.0"], "268.0"),
            (CheckoutSteps.london, "0.0", ["amount": "12.65"], "300.65"),
        ] as [(String, String, JSONValue, String)])
    func totalsByDestination(address: String, tax: String, duties: JSONValue, total: String) async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let (id, due) = try await steps.readyToPay(address)
        let totals = try await steps.totals(id)
        #expect(totals["subtotalPriceV2"]?["amount"] == "253.0")
        #expect(totals["totalTaxV2"]?["amount"] == .string(tax))
        #expect(totals["totalDuties"] == duties)
        #expect(due == total)
    }

    @Test func replacingAPartialAddressKeepsTheChosenShippingLine() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let created = try await steps.create([(11, 1)], extra: ",allowPartialAddresses:true")
        let id = try #require(created["checkout"]?["id"]?.stringValue)
        #expect(
            try await steps.address(id, #"{city:"Toronto",province:"ON",zip:"M5V 0Z0",country:"CA"}"#)[
                "checkoutUserErrors"] == [])
        #expect(try await steps.shippingLine(id, "sandbox-express-25.00")["checkoutUserErrors"] == [])
        #expect(try await steps.address(id)["checkoutUserErrors"] == [])
        _ = try await steps.totals(id)
        let totals = try await steps.totals(id)
        #expect(totals["shippingLine"]?["handle"] == "sandbox-express-25.00")
        #expect(totals["totalPriceV2"]?["amount"] == "125.57")
    }

    @Test func readinessFollowsTheShopsSimulationSettings() async throws {
        let client = try StorefrontClient()
        let set = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation",
            // A long deadline: only the poll count may decide, however slow a loaded run is.
            json: [
                "checkoutReadyAfterPolls": 3, "shippingRatesReadyAfterPolls": 0,
                "asyncDeadlineSeconds": 3_600,
            ])
        #expect(set.status == 200)
        let steps = CheckoutSteps(client: client)
        let id = try await steps.createJ2()
        _ = try await steps.address(id)
        #expect(try await steps.rates(id)["ready"] == true)
        var answers: [JSONValue?] = []
        for _ in 0..<4 { answers.append(try await steps.totals(id)["ready"]) }
        #expect(answers == [false, false, false, true])
    }

    @Test func aClientThatWaitsPastTheDeadlineSeesTheResult() async throws {
        let client = try StorefrontClient()
        // Frozen, so only the advance below passes the deadline, however slowly a loaded machine runs the steps.
        try await client.context.clock.set(client.context.clock.now(), frozen: true)
        _ = try await client.control(
            .put, "/sandbox/storefront/shops/1/simulation",
            json: ["shippingRatesReadyAfterPolls": 50, "asyncDeadlineSeconds": 5])
        let steps = CheckoutSteps(client: client)
        let id = try await steps.createJ2()
        _ = try await steps.address(id)
        #expect(try await steps.rates(id)["ready"] == false)
        try await client.context.clock.advance(by: 6)
        #expect(try await steps.rates(id)["ready"] == true)
    }

    @Test func noRateZipAnswersReadyWithNoRates() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let id = try await steps.createJ2()
        _ = try await steps.address(
            id, #"{address1:"1 Main",city:"Nowhere",province:"NU",zip:"X0X 0X0",country:"CA",lastName:"Smith"}"#)
        _ = try await steps.rates(id)
        #expect(try await steps.rates(id) == ["ready": true, "shippingRates": []])
    }

    @Test func lineItemsCanBeAddedUpdatedAndRemoved() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let id = try await steps.createJ2()
        _ = try await steps.update(
            "checkoutLineItemsAdd", "checkoutId:\"\(id)\",lineItems:[{variantId:\"\(GID.variant(12))\",quantity:1}]")
        let listed = try await client.data(
            "{node(id:\"\(id)\"){...on Checkout{lineItems(first:5){edges{node{id quantity title}}}}}}")
        let lines = listed["node"]?["lineItems"]?["edges"]?.arrayValue?.compactMap { $0["node"] } ?? []
        #expect(lines.map { $0["quantity"] } == [3, 1])
        let first = try #require(lines.first?["id"]?.stringValue)
        let second = try #require(lines.last?["id"]?.stringValue)
        let updated = try await steps.update(
            "checkoutLineItemsUpdate", "checkoutId:\"\(id)\",lineItems:[{id:\"\(first)\",quantity:0}]")
        #expect(updated["checkoutUserErrors"] == [])
        let removed = try await steps.update(
            "checkoutLineItemsRemove", "checkoutId:\"\(id)\",lineItemIds:[\"\(second)\"]")
        #expect(removed["checkoutUserErrors"] == [])
        _ = try await steps.totals(id)
        #expect(try await steps.totals(id)["subtotalPriceV2"]?["amount"] == "0.0")
        let unknown = try await steps.update(
            "checkoutLineItemsRemove", "checkoutId:\"\(id)\",lineItemIds:[\"\(second)\"]")
        #expect(unknown["checkoutUserErrors"]?[0]?["code"] == "LINE_ITEM_NOT_FOUND")
    }
}
