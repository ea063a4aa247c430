import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// The §4.4 and §4.5 rule tables: each bad input gets its entry in `checkoutUserErrors` and the same
/// entry without `code` in `userErrors`.
@Suite struct StorefrontCheckoutUserErrorTests {
    @Test(
        arguments: [
            (
                "lineItems", #"lineItems:[{variantId:"\#(GID.variant(9999))",quantity:1}]"#,
                checkoutError("INVALID", ["input", "lineItems", "0", "variantId"], "Variant does not exist")
            ),
            (
                "quantity", #"lineItems:[{variantId:"\#(GID.variant(12))",quantity:0}]"#,
                checkoutError(
                    "GREATER_THAN_OR_EQUAL_TO", ["input", "lineItems", "0", "quantity"],
                    "Quantity must be greater than or equal to 1")
            ),
            (
                "stock", #"lineItems:[{variantId:"\#(GID.variant(41))",quantity:3}]"#,
                checkoutError(
                    "NOT_ENOUGH_IN_STOCK", ["input", "lineItems", "0", "quantity"], "Only 2 items are available")
            ),
            ("email", #"email:"nobody""#, checkoutError("INVALID", ["input", "email"], "Email is invalid")),
            (
                "domain", #"email:"a@shop.test""#,
                checkoutError("BAD_DOMAIN", ["input", "email"], "Email contains an invalid domain name")
            ),
            (
                "note", "note:\"\(String(repeating: "n", count: 5001))\"",
                checkoutError("TOO_LONG", ["input", "note"], "Note is too long (maximum is 5000 characters)")
            ),
            (
                "attribute", #"customAttributes:[{key:" ",value:"x"}]"#,
                checkoutError("BLANK", ["input", "customAttributes", "0", "key"], "Key can't be blank")
            ),
            (
                "currency", "presentmentCurrencyCode:USD",
                checkoutError(
                    "NOT_SUPPORTED", ["input", "presentmentCurrencyCode"], "Presentment currency is not supported")
            ),
            (
                "country", #"shippingAddress:{address1:"1 Rue",city:"Paris",zip:"75001",country:"FR",lastName:"S"}"#,
                checkoutError(
                    "NOT_SUPPORTED", ["input", "shippingAddress", "country"],
                    "Shipping to this country is not supported")
            ),
            (
                "zip",
                #"shippingAddress:{address1:"1 Main",city:"Toronto",province:"ON",zip:"12345",country:"CA",lastName:"S"}"#,
                checkoutError(
                    "INVALID_FOR_COUNTRY", ["input", "shippingAddress", "zip"], "Zip is not valid for Canada")
            ),
            (
                "province",
                #"shippingAddress:{address1:"1 Main",city:"Toronto",province:"ZZ",zip:"M5V 2J4",country:"CA",lastName:"S"}"#,
                checkoutError(
                    "INVALID_PROVINCE_IN_COUNTRY", ["input", "shippingAddress", "province"],
                    "Province is not valid for Canada")
            ),
            (
                "state",
                #"shippingAddress:{address1:"1 Main",city:"NYC",province:"ZZ",zip:"10001",country:"US",lastName:"S"}"#,
                checkoutError(
                    "INVALID_STATE_IN_COUNTRY", ["input", "shippingAddress", "province"],
                    "State is not valid for United States")
            ),
        ] as [(String, String, JSONValue)])
    func checkoutCreateRefusesBadInput(_ name: String, extra: String, expected: JSONValue) async throws {
        let client = try StorefrontClient()
        let input =
            extra.hasPrefix("lineItems") ? extra : #"lineItems:[{variantId:"\#(GID.variant(12))",quantity:1}],"# + extra
        let data = try await client.data(
            """
            mutation {checkoutCreate(input:{\(input)}){checkout{id} checkoutUserErrors{code field message} userErrors{field message}}}
            """)
        let payload = data["checkoutCreate"] ?? .null
        #expect(payload["checkout"] == .null, "\(name)")
        #expect(payload["checkoutUserErrors"] == [expected], "\(name)")
        #expect(payload["userErrors"]?[0]?["message"] == expected["message"], "\(name)")
        #expect(payload["userErrors"]?[0]?["code"] == nil, "\(name)")
    }

    @Test func fullAddressesNeedEveryFieldAndPartialOnesOnlyTheCountry() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let id = try await steps.createJ2()
        let blank = try await steps.address(id, #"{country:"CA"}"#)
        #expect(
            blank["checkoutUserErrors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } == [
                "Last name can't be blank", "Address1 can't be blank", "City can't be blank", "Zip can't be blank",
                "Province can't be blank",
            ])
        let partial = try await steps.create(
            [(12, 1)], extra: #",allowPartialAddresses:true,shippingAddress:{zip:"M5V"}"#)
        #expect(
            partial["checkoutUserErrors"] == [
                checkoutError("BLANK", ["input", "shippingAddress", "country"], "Country can't be blank")
            ])
    }

    @Test(arguments: [
        ("sandbox-nowhere-1.00", checkoutError("INVALID", ["shippingRateHandle"], "Shipping rate is invalid")),
        (
            "sandbox-international-35.00",
            checkoutError("SHIPPING_RATE_EXPIRED", ["shippingRateHandle"], "Shipping rate has expired")
        ),
    ])
    func shippingLinesMustComeFromTheCurrentRates(handle: String, expected: JSONValue) async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let id = try await steps.createJ2()
        let early = try await steps.shippingLine(id, "sandbox-standard-10.00")
        #expect(
            early["checkoutUserErrors"] == [
                checkoutError("INVALID", ["shippingRateHandle"], "Shipping address must be set before a shipping rate")
            ])
        _ = try await steps.address(id)
        #expect(try await steps.shippingLine(id, handle)["checkoutUserErrors"] == [expected])
    }

    @Test func unknownCheckoutsAreReportedNotFailed() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let payload = try await steps.email(GID.encode("gid://shopify/Checkout/nope?key=x"))
        #expect(payload["checkout"] == .null)
        #expect(payload["checkoutUserErrors"] == [checkoutError("INVALID", ["checkoutId"], "Checkout does not exist")])
    }

    @Test func completionChecksAmountCurrencyKeyAndVault() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let (id, _) = try await steps.readyToPay()
        let token = try await steps.vault()
        let wrong = try await steps.complete(id, amount: "295.00", vault: "sbx-unknown", key: " ", currency: "USD")
        #expect(wrong["payment"] == .null)
        #expect(
            wrong["checkoutUserErrors"] == [
                checkoutError(
                    "TOTAL_PRICE_MISMATCH", ["payment", "paymentAmount"],
                    "Payment amount 295.0 does not match the amount due 295.89"),
                checkoutError("INVALID", ["payment", "paymentAmount", "currencyCode"], "Currency must be CAD"),
                checkoutError("BLANK", ["payment", "idempotencyKey"], "Idempotency key can't be blank"),
                checkoutError("INVALID", ["payment", "vaultId"], "Vault ID is invalid, expired or already used"),
            ])
        let accepted = try await steps.complete(id, amount: "295.89", vault: token)
        #expect(accepted["checkoutUserErrors"] == [])
        let locked = try await steps.complete(id, amount: "295.89", vault: token, key: "key-2")
        #expect(
            locked["checkoutUserErrors"] == [
                checkoutError("LOCKED", ["checkoutId"], "Checkout is locked while a payment is processed")
            ])
    }

    @Test func anEmptyCheckoutCannotBePaid() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let created = try await steps.create([])
        let id = try #require(created["checkout"]?["id"]?.stringValue)
        let payload = try await steps.complete(id, amount: "0.0", vault: try await steps.vault())
        #expect(
            payload["checkoutUserErrors"] == [
                checkoutError("EMPTY", ["checkoutId"], "Checkout has no line items"),
                checkoutError("BLANK", ["email"], "Email can't be blank"),
            ])
    }
}
