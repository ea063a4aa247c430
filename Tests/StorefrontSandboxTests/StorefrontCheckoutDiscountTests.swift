import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// Discount codes and gift cards on a checkout (spec §4.4 and the sandbox decisions in Documentation/Buy.md):
/// each mutation's rules through the GraphQL endpoint, with the entry mirrored into `userErrors`.
@Suite struct StorefrontCheckoutDiscountTests {
    static let applications =
        "discountApplications(first:5){edges{node{__typename ... on DiscountCodeApplication{code applicable value{... on PricingPercentageValue{percentage}}}}}}"

    /// Runs `mutation` with `arguments`, selecting the checkout's discount applications; returns the payload.
    static func run(_ client: StorefrontClient, _ mutation: String, _ arguments: String) async throws -> JSONValue {
        try await client.data(
            """
            mutation {\(mutation)(\(arguments)){checkout{id \(applications)} checkoutUserErrors{code field message} userErrors{field message}}}
            """)[mutation] ?? .null
    }

    @Test(
        arguments: [
            (
                "checkoutDiscountCodeApplyV2", #"discountCode:"NOPE""#,
                [
                    checkoutError(
                        "DISCOUNT_NOT_FOUND", ["discountCode"],
                        "Unable to find a valid discount matching the code entered")
                ]
            ),
            (
                "checkoutDiscountCodeApply", #"discountCode:"  ""#,
                [checkoutError("BLANK", ["discountCode"], "Discount code can't be blank")]
            ),
            (
                "checkoutGiftCardApply", #"giftCardCode:"GIFT-0001""#,
                [checkoutError("GIFT_CARD_NOT_FOUND", ["giftCardCode"], "Gift card was not found")]
            ),
            (
                "checkoutGiftCardsAppend", #"giftCardCodes:["GIFT-0001",""]"#,
                [
                    checkoutError("GIFT_CARD_NOT_FOUND", ["giftCardCodes", "0"], "Gift card was not found"),
                    checkoutError("BLANK", ["giftCardCodes", "1"], "Gift card code can't be blank"),
                ]
            ),
            (
                "checkoutGiftCardsAppend", "giftCardCodes:[]",
                [checkoutError("BLANK", ["giftCardCodes"], "Gift card codes can't be blank")]
            ),
            (
                "checkoutGiftCardRemoveV2", #"appliedGiftCardId:"x""#,
                [checkoutError("GIFT_CARD_NOT_FOUND", ["appliedGiftCardId"], "Applied gift card does not exist")]
            ),
            (
                "checkoutGiftCardRemove", #"appliedGiftCardId:"x""#,
                [checkoutError("GIFT_CARD_NOT_FOUND", ["appliedGiftCardId"], "Applied gift card does not exist")]
            ),
        ] as [(String, String, [JSONValue])])
    func refusedCodesAreReported(_ mutation: String, arguments: String, expected: [JSONValue]) async throws {
        let client = try StorefrontClient()
        let id = try await CheckoutSteps(client: client).createJ2()
        let payload = try await Self.run(client, mutation, "checkoutId:\"\(id)\",\(arguments)")
        #expect(payload["checkoutUserErrors"] == .array(expected))
        #expect(
            payload["userErrors"]
                == .array(expected.map { ["field": $0["field"] ?? .null, "message": $0["message"] ?? .null] }))
        #expect(payload["checkout"]?["discountApplications"]?["edges"] == [])
    }

    @Test(arguments: [
        "checkoutDiscountCodeApplyV2", "checkoutDiscountCodeRemove", "checkoutGiftCardsAppend",
        "checkoutGiftCardRemoveV2",
    ])
    func unknownCheckoutsAreK1(_ mutation: String) async throws {
        let client = try StorefrontClient()
        let extra =
            [
                "checkoutDiscountCodeApplyV2": #",discountCode:"SANDBOX10""#,
                "checkoutGiftCardsAppend": #",giftCardCodes:["G"]"#,
                "checkoutGiftCardRemoveV2": #",appliedGiftCardId:"x""#,
            ][mutation] ?? ""
        let payload = try await Self.run(
            client, mutation, "checkoutId:\"\(GID.encode("gid://shopify/Checkout/nope?key=x"))\"\(extra)")
        #expect(payload["checkout"] == .null)
        #expect(payload["checkoutUserErrors"] == [checkoutError("INVALID", ["checkoutId"], "Checkout does not exist")])
    }

    @Test func aShopCodeIsAppliedAndRemovedWithoutChangingTheTotal() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let (id, due) = try await steps.readyToPay()
        let applied = try await Self.run(
            client, "checkoutDiscountCodeApplyV2", "checkoutId:\"\(id)\",discountCode:\"sandbox10\"")
        #expect(applied["checkoutUserErrors"] == [])
        #expect(
            applied["checkout"]?["discountApplications"]?["edges"]?.serialized()
                == #"[{"node":{"__typename":"DiscountCodeApplication","code":"SANDBOX10","applicable":true,"value":{"percentage":0}}}]"#
        )
        #expect(try await steps.totals(id)["paymentDueV2"]?["amount"]?.stringValue == due)
        let removed = try await Self.run(client, "checkoutDiscountCodeRemove", "checkoutId:\"\(id)\"")
        #expect(removed["checkoutUserErrors"] == [])
        #expect(removed["checkout"]?["discountApplications"]?["edges"] == [])
    }
}

/// `checkoutCompleteFree` (P1–P4, and only with nothing to pay) and the deprecated
/// `checkoutCompleteWithCreditCard` (V1: a bare `amount`).
@Suite struct StorefrontCheckoutFreeCompletionTests {
    static func completeFree(_ client: StorefrontClient, _ id: String) async throws -> JSONValue {
        try await client.data(
            """
            mutation {checkoutCompleteFree(checkoutId:"\(id)"){checkout{id completedAt order{orderNumber totalPriceV2{amount}}}
              checkoutUserErrors{code field message} userErrors{field message}}}
            """)["checkoutCompleteFree"] ?? .null
    }

    /// A checkout of the gift card (variant 51, no shipping) with `email`.
    static func giftCardCheckout(_ steps: CheckoutSteps, email: String?) async throws -> String {
        let payload = try await steps.create([(51, 1)], extra: email.map { ",email:\"\($0)\"" } ?? "")
        return try #require(payload["checkout"]?["id"]?.stringValue)
    }

    @Test func aCheckoutWithSomethingToPayNeedsAPayment() async throws {
        let client = try StorefrontClient()
        let id = try await Self.giftCardCheckout(CheckoutSteps(client: client), email: "john@example.com")
        let payload = try await Self.completeFree(client, id)
        #expect(
            payload["checkoutUserErrors"] == [
                checkoutError(
                    "MISSING_PAYMENT_INPUT", ["checkoutId"],
                    "Checkout has 25.0 CAD to pay: complete it with a payment")
            ])
        #expect(payload["checkout"]?["completedAt"] == .null)
    }

    /// (case, variant lines, extra `checkoutCreate` input, expected entries). The gift card (51) is made free first.
    static let rules: [(String, [Int], String, [JSONValue])] = [
        (
            "P1 empty", [], "",
            [
                checkoutError("EMPTY", ["checkoutId"], "Checkout has no line items"),
                checkoutError("BLANK", ["email"], "Email can't be blank"),
            ]
        ),
        ("P2 no email", [51], "", [checkoutError("BLANK", ["email"], "Email can't be blank")]),
        (
            "P3 P4 nothing to ship to", [12], #",email:"a@example.com""#,
            [
                checkoutError("BLANK", ["shippingAddress"], "Shipping address can't be blank"),
                checkoutError("BLANK", ["shippingLine"], "Shipping line can't be blank"),
                checkoutError(
                    "MISSING_PAYMENT_INPUT", ["checkoutId"], "Checkout has 89.0 CAD to pay: complete it with a payment"),
            ]
        ),
        (
            "P3 partial address", [12],
            #",email:"a@example.com",allowPartialAddresses:true,shippingAddress:{country:"US",zip:"10001"}"#,
            [
                checkoutError("BLANK", ["shippingAddress", "lastName"], "Last name can't be blank"),
                checkoutError("BLANK", ["shippingAddress", "address1"], "Address1 can't be blank"),
                checkoutError("BLANK", ["shippingAddress", "city"], "City can't be blank"),
                checkoutError("BLANK", ["shippingAddress", "province"], "Province can't be blank"),
                checkoutError("BLANK", ["shippingLine"], "Shipping line can't be blank"),
                checkoutError(
                    "MISSING_PAYMENT_INPUT", ["checkoutId"], "Checkout has 89.0 CAD to pay: complete it with a payment"),
            ]
        ),
    ]

    @Test(arguments: rules)
    func theP1ToP4RulesApply(_ name: String, variants: [Int], extra: String, expected: [JSONValue]) async throws {
        let client = try StorefrontClient()
        #expect(
            try await client.control(.patch, "/sandbox/storefront/variants/51", json: ["price": "0.00"]).status == 200)
        let created = try await CheckoutSteps(client: client).create(variants.map { ($0, 1) }, extra: extra)
        let id = try #require(created["checkout"]?["id"]?.stringValue, "\(name)")
        let payload = try await Self.completeFree(client, id)
        #expect(payload["checkoutUserErrors"] == .array(expected), "\(name)")
        #expect(payload["checkout"]?["completedAt"] == .null, "\(name)")
        #expect(
            try await client.control(.get, "/sandbox/storefront/shops/1/orders").json == [], "\(name): no order written"
        )
    }

    @Test func aFreeCheckoutCompletesAtOnceWithAnOrder() async throws {
        let client = try StorefrontClient()
        #expect(
            try await client.control(.patch, "/sandbox/storefront/variants/51", json: ["price": "0.00"]).status == 200)
        let id = try await Self.giftCardCheckout(CheckoutSteps(client: client), email: "john@example.com")
        let payload = try await Self.completeFree(client, id)
        #expect(payload["checkoutUserErrors"] == [])
        #expect(payload["checkout"]?["completedAt"]?.stringValue != nil)
        #expect(payload["checkout"]?["order"]?.serialized() == #"{"orderNumber":1001,"totalPriceV2":{"amount":"0.0"}}"#)
        #expect(
            try await Self.completeFree(client, id)["checkoutUserErrors"] == [
                checkoutError("ALREADY_COMPLETED", ["checkoutId"], "Checkout is already completed")
            ])
        // K16 holds for the discount mutations too.
        let discount = try await StorefrontCheckoutDiscountTests.run(
            client, "checkoutDiscountCodeApplyV2", "checkoutId:\"\(id)\",discountCode:\"SANDBOX10\"")
        #expect(
            discount["checkoutUserErrors"] == [
                checkoutError("ALREADY_COMPLETED", ["checkoutId"], "Checkout is already completed")
            ])
    }

    static func completeV1(_ client: StorefrontClient, _ id: String, amount: String, vault: String) async throws
        -> JSONValue
    {
        try await client.data(
            """
            mutation {checkoutCompleteWithCreditCard(checkoutId:"\(id)",payment:{amount:"\(amount)",idempotencyKey:"v1",
              billingAddress:\(CheckoutSteps.toronto),vaultId:"\(vault)"}){payment{id ready} checkoutUserErrors{code field message}}}
            """)["checkoutCompleteWithCreditCard"] ?? .null
    }

    @Test func theDeprecatedCardFormTakesABareAmount() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let (id, due) = try await steps.readyToPay()
        let token = try await steps.vault()
        let wrong = try await Self.completeV1(client, id, amount: "1.00", vault: token)
        #expect(
            wrong["checkoutUserErrors"] == [
                checkoutError(
                    "TOTAL_PRICE_MISMATCH", ["payment", "amount"],
                    "Payment amount 1.0 does not match the amount due \(due)")
            ])
        let accepted = try await Self.completeV1(client, id, amount: due, vault: token)
        #expect(accepted["checkoutUserErrors"] == [])
        let paymentID = try #require(accepted["payment"]?["id"]?.stringValue)
        _ = try await steps.payment(paymentID)
        #expect(try await steps.payment(paymentID)["transaction"]?["statusV2"] == "SUCCESS")
    }
}
