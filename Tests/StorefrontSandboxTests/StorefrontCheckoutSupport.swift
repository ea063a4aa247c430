import CommerceCore
import Foundation
import Testing

@testable import CommerceSandbox

/// A `CheckoutUserError` entry as the sandbox renders it.
func checkoutError(_ code: String, _ field: [String], _ message: String) -> JSONValue {
    ["code": .string(code), "field": .array(field.map(JSONValue.string)), "message": .string(message)]
}

/// Steps of the §7 J2 checkout as raw GraphQL, shared by the checkout tests.
struct CheckoutSteps {
    let client: StorefrontClient

    static let toronto =
        #"{address1:"80 Spadina Ave.",city:"Toronto",province:"ON",zip:"M5V 2J4",country:"Canada",lastName:"Smith"}"#
    static let newYork =
        #"{address1:"1 Broadway",city:"New York",province:"NY",zip:"10001",country:"US",lastName:"Smith"}"#
    static let london = #"{address1:"1 Parliament St",city:"London",zip:"SW1A 1AA",country:"GB",lastName:"Smith"}"#

    /// `checkoutCreate` with (variant number, quantity) lines; returns the payload.
    func create(_ lines: [(Int, Int)], extra: String = "") async throws -> JSONValue {
        let items = lines.map { "{variantId:\"\(GID.variant($0.0))\",quantity:\($0.1)}" }.joined(separator: ",")
        let data = try await client.data(
            """
            mutation {checkoutCreate(input:{lineItems:[\(items)]\(extra)}){checkout{id ready requiresShipping}
              checkoutUserErrors{code field message} userErrors{field message}}}
            """)
        return data["checkoutCreate"] ?? .null
    }

    /// A new checkout with the J2 lines (variant 12 × 2, variant 31 × 1); returns its ID.
    func createJ2() async throws -> String {
        let payload = try await create([(12, 2), (31, 1)])
        return try #require(payload["checkout"]?["id"]?.stringValue)
    }

    /// Runs an update mutation by name with its arguments; returns the payload.
    func update(_ mutation: String, _ arguments: String) async throws -> JSONValue {
        let data = try await client.data(
            """
            mutation {\(mutation)(\(arguments)){checkout{id} checkoutUserErrors{code field message} userErrors{field message}}}
            """)
        return data[mutation] ?? .null
    }

    func address(_ id: String, _ address: String = toronto) async throws -> JSONValue {
        try await update("checkoutShippingAddressUpdateV2", "checkoutId:\"\(id)\",shippingAddress:\(address)")
    }

    func email(_ id: String, _ email: String = "john.smith@example.com") async throws -> JSONValue {
        try await update("checkoutEmailUpdateV2", "checkoutId:\"\(id)\",email:\"\(email)\"")
    }

    func shippingLine(_ id: String, _ handle: String) async throws -> JSONValue {
        try await update("checkoutShippingLineUpdate", "checkoutId:\"\(id)\",shippingRateHandle:\"\(handle)\"")
    }

    /// One Q16-style poll of the rates.
    func rates(_ id: String) async throws -> JSONValue {
        try await client.data(
            "{node(id:\"\(id)\"){...on Checkout{availableShippingRates{ready shippingRates{handle title priceV2{amount}}}}}}"
        )["node"]?["availableShippingRates"] ?? .null
    }

    /// One Q17-style poll of readiness and totals.
    func totals(_ id: String) async throws -> JSONValue {
        try await client.data(
            """
            {node(id:"\(id)"){...on Checkout{ready subtotalPriceV2{amount} totalTaxV2{amount} totalDuties{amount}
              totalPriceV2{amount} paymentDueV2{amount currencyCode} shippingLine{handle}}}}
            """)["node"] ?? .null
    }

    /// One Q18-style poll of completion.
    func order(_ id: String) async throws -> JSONValue {
        try await client.data(
            "{node(id:\"\(id)\"){...on Checkout{ready completedAt order{id orderNumber totalPriceV2{amount}}}}}")[
                "node"] ?? .null
    }

    /// A checkout ready to pay: J2 lines, email, `address`, the first rate chosen and every computation finished.
    func readyToPay(_ address: String = toronto) async throws -> (id: String, due: String) {
        let id = try await createJ2()
        _ = try await email(id)
        _ = try await self.address(id, address)
        _ = try await rates(id)
        let handle = try #require(try await rates(id)["shippingRates"]?[0]?["handle"]?.stringValue)
        _ = try await shippingLine(id, handle)
        _ = try await totals(id)
        let due = try #require(try await totals(id)["paymentDueV2"]?["amount"]?.stringValue)
        return (id, due)
    }

    /// `POST /sessions` with a card; returns the token.
    func vault(
        number: String = "4242424242424242", month: String = "12", year: String = "2030",
        first: String = "John", last: String = "Smith"
    ) async throws -> String {
        let body: JSONValue = [
            "credit_card": [
                "number": .string(number), "first_name": .string(first), "last_name": .string(last),
                "month": .string(month), "year": .string(year), "verification_value": "123",
            ]
        ]
        let reply = try await client.send(
            .post, "/sessions", body: body.serializedData(), headers: ["Content-Type": "application/json"])
        #expect(reply.status == 200)
        return try #require(reply.json["id"]?.stringValue)
    }

    /// `checkoutCompleteWithCreditCardV2`; returns the payload.
    func complete(_ id: String, amount: String, vault: String, key: String = "key-1", currency: String = "CAD")
        async throws -> JSONValue
    {
        let data = try await client.data(
            """
            mutation {checkoutCompleteWithCreditCardV2(checkoutId:"\(id)",payment:{paymentAmount:{amount:"\(amount)",currencyCode:\(currency)},
              idempotencyKey:"\(key)",billingAddress:\(Self.toronto),vaultId:"\(vault)"}){
              payment{id ready} checkout{id ready} checkoutUserErrors{code field message} userErrors{field message}}}
            """)
        return data["checkoutCompleteWithCreditCardV2"] ?? .null
    }

    /// One poll of a payment.
    func payment(_ paymentID: String) async throws -> JSONValue {
        try await client.data(
            "{node(id:\"\(paymentID)\"){...on Payment{ready errorMessage transaction{statusV2 kind} creditCard{brand lastDigits}}}}"
        )["node"] ?? .null
    }
}
