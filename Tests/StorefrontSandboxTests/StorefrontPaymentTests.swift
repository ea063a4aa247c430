import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// The card vault (spec §5.13, §4.1 V1–V3, §6.5) and payment outcomes (§4.5 P13–P19, §5.10).
@Suite struct StorefrontPaymentTests {
    @Test func vaultAcceptsAnyObjectAndRefusesEverythingElse() async throws {
        let client = try StorefrontClient()
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let empty = try await client.send(.post, "/sessions", body: Data("{}".utf8), headers: json)
        #expect(empty.status == 200)
        #expect(empty.json["id"]?.stringValue?.range(of: "^sbx-[0-9a-f]{32}$", options: .regularExpression) != nil)
        let list = try await client.send(.post, "/sessions", body: Data("[1]".utf8), headers: json)
        #expect(list.status == 400)
        #expect(
            list.json == [
                "errors": [["message": "Request body is not a JSON object.", "extensions": ["code": "BAD_REQUEST"]]]
            ])
        let huge = try await client.send(.post, "/sessions", body: Data(repeating: 0x20, count: 70_000), headers: json)
        #expect(huge.status == 413)

        let settings = try await client.data("{shop{paymentSettings{cardVaultUrl currencyCode}}}")
        #expect(settings["shop"]?["paymentSettings"]?["cardVaultUrl"]?.stringValue?.hasSuffix("/sessions") == true)
        #expect(settings["shop"]?["paymentSettings"]?["currencyCode"] == "CAD")
    }

    @Test func vaultKeepsNeitherTheNumberNorTheCode() async throws {
        let client = try StorefrontClient()
        _ = try await CheckoutSteps(client: client).vault(number: "4111111111111111")
        let stored = try await client.context.database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM storefront_vault_sessions")
                .map { row in row.columnNames.map { "\(row[$0] ?? "")" }.joined(separator: "|") }.joined()
        }
        #expect(stored.contains("4111111111111111") == false)
        #expect(stored.contains("1111"))
    }

    @Test(arguments: [
        ("4242424242424241", "12", "2030", "John", "Card number is invalid", "FAILURE"),
        ("4242424242424242", "13", "2030", "John", "Expiry month is invalid", "FAILURE"),
        ("4242424242424242", "01", "20", "John", "Card is expired", "FAILURE"),
        ("4242424242424242", "12", "2030", "", "Card holder name is missing", "FAILURE"),
        ("6011111111111117", "12", "2030", "John", "Card brand is not accepted", "FAILURE"),
        ("4000000000000002", "12", "2030", "John", "Your card was declined", "FAILURE"),
        ("3", "12", "2030", "John", "An error occurred while processing your payment", "ERROR"),
    ])
    func failedPaymentsReopenTheCheckout(
        number: String, month: String, year: String, first: String,
        message: String, status: String
    ) async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let (id, due) = try await steps.readyToPay()
        let token = try await steps.vault(number: number, month: month, year: year, first: first)
        let accepted = try await steps.complete(id, amount: due, vault: token)
        #expect(accepted["checkoutUserErrors"] == [])
        let paymentID = try #require(accepted["payment"]?["id"]?.stringValue)
        #expect(try await steps.payment(paymentID)["ready"] == false)
        let finished = try await steps.payment(paymentID)
        #expect(finished["ready"] == true)
        #expect(finished["errorMessage"] == .string(message))
        #expect(finished["transaction"]?["statusV2"] == .string(status))
        let checkout = try await steps.order(id)
        #expect(checkout["order"] == .null)
        #expect(checkout["ready"] == true)
        // Open again: a good card with a new key goes through.
        let retry = try await steps.complete(id, amount: due, vault: try await steps.vault(), key: "key-2")
        #expect(retry["checkoutUserErrors"] == [])
    }

    @Test func vaultSessionsServeOnePaymentAndExpireAfterADay() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let reused = checkoutError("INVALID", ["payment", "vaultId"], "Vault ID is invalid, expired or already used")
        let (first, due) = try await steps.readyToPay()
        let token = try await steps.vault()
        _ = try await steps.complete(first, amount: due, vault: token)
        _ = try await steps.order(first)
        #expect(try await steps.order(first)["order"]?["orderNumber"] == 1001)
        let (second, _) = try await steps.readyToPay()
        #expect(try await steps.complete(second, amount: due, vault: token)["checkoutUserErrors"] == [reused])

        let stale = try await steps.vault()
        try await client.context.clock.advance(by: 24 * 3600 + 1)
        #expect(try await steps.complete(second, amount: due, vault: stale)["checkoutUserErrors"] == [reused])
    }

    @Test func associatedCustomersOwnTheOrder() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        _ = try await client.data(
            #"mutation {customerCreate(input:{email:"buyer@example.org",password:"secret1"}){customer{id}}}"#)
        let login = try await client.data(
            #"mutation {customerAccessTokenCreate(input:{email:"buyer@example.org",password:"secret1"}){customerAccessToken{accessToken}}}"#
        )
        let access = try #require(
            login["customerAccessTokenCreate"]?["customerAccessToken"]?["accessToken"]?.stringValue)
        let (id, due) = try await steps.readyToPay()
        let associated = try await client.data(
            """
            mutation {checkoutCustomerAssociateV2(checkoutId:"\(id)",customerAccessToken:"\(access)"){customer{email} checkoutUserErrors{code}}}
            """)
        #expect(associated["checkoutCustomerAssociateV2"]?["customer"]?["email"] == "buyer@example.org")
        _ = try await steps.complete(id, amount: due, vault: try await steps.vault())
        _ = try await steps.order(id)
        _ = try await steps.order(id)
        let orders = try await client.data(
            "{customer(customerAccessToken:\"\(access)\"){orders(first:5){edges{node{orderNumber}}}}}")
        #expect(orders["customer"]?["orders"]?["edges"]?[0]?["node"]?["orderNumber"] == 1001)
    }

    @Test func applePayTokenDecidesTheOutcome() async throws {
        for (outcome, orderExpected) in [("approve", true), ("decline", false)] {
            let steps = CheckoutSteps(client: try StorefrontClient())
            let (id, due) = try await steps.readyToPay()
            let data = #"{"version":"EC_v1","data":"eA==","sandbox_outcome":"\#(outcome)"}"#
            let escaped = data.replacingOccurrences(of: "\"", with: "\\\"")
            let reply = try await steps.client.data(
                """
                mutation {checkoutCompleteWithTokenizedPaymentV3(checkoutId:"\(id)",payment:{paymentAmount:{amount:"\(due)",currencyCode:CAD},
                  idempotencyKey:"pay-1",billingAddress:\(CheckoutSteps.toronto),paymentData:"\(escaped)",type:APPLE_PAY}){
                  payment{id ready} checkoutUserErrors{code field message}}}
                """)
            #expect(reply["checkoutCompleteWithTokenizedPaymentV3"]?["checkoutUserErrors"] == [])
            _ = try await steps.order(id)
            let final = try await steps.order(id)
            #expect((final["order"]?["orderNumber"] == 1001) == orderExpected, "\(outcome)")
        }
    }

    @Test func unsupportedWalletsAreRefused() async throws {
        let steps = CheckoutSteps(client: try StorefrontClient())
        let (id, due) = try await steps.readyToPay()
        let reply = try await steps.client.data(
            """
            mutation {checkoutCompleteWithTokenizedPaymentV3(checkoutId:"\(id)",payment:{paymentAmount:{amount:"\(due)",currencyCode:CAD},
              idempotencyKey:"pay-1",billingAddress:\(CheckoutSteps.toronto),paymentData:"",type:GOOGLE_PAY}){
              payment{id} checkoutUserErrors{code field message}}}
            """)
        #expect(
            reply["checkoutCompleteWithTokenizedPaymentV3"]?["checkoutUserErrors"] == [
                checkoutError("BLANK", ["payment", "paymentData"], "Payment data can't be blank"),
                checkoutError("NOT_SUPPORTED", ["payment", "type"], "Payment type is not supported"),
            ])
    }
}
