import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// A Storefront JSON column that no longer parses (a hand-edited database, a bug in an older build) is reported,
/// naming the row, instead of reading as a shop without settings, a cart without attributes or a page without the
/// checkout. Routes answer the sandbox's own 500 in the core's envelope; inside a GraphQL execution the field
/// answers the C7 internal error (its text never reaches the client), never an empty value.
@Suite("Storefront rows with unreadable JSON")
struct StorefrontCorruptRowTests {
    private func corrupt(_ client: StorefrontClient, _ sql: String) async throws {
        try await client.context.database.writer.write { db in try db.execute(sql: sql) }
    }

    /// The sandbox's own 500, naming table, row and column.
    private func expectReported(_ reply: (status: Int, json: JSONValue), _ row: String) {
        #expect(reply.status == 500, "\(reply.json.serialized())")
        #expect(reply.json["error"]?.stringValue?.contains(row) == true, "\(reply.json.serialized())")
    }

    @Test func aShopWithUnreadableSettingsIsReportedNotReset() async throws {
        let client = try StorefrontClient()
        try await corrupt(client, "UPDATE storefront_shops SET simulation = '{not json' WHERE id = 1")
        let row = "storefront_shops row 1 holds an unreadable value in simulation"
        let query = try await client.send(
            body: JSONValue.object(["query": "{shop{name}}"]).serializedData())
        expectReported((query.status, query.json), row)
        expectReported(try await client.control(.get, "/sandbox/storefront/shops"), row)
    }

    @Test func shipsToThatIsNotAListOfCountriesIsReported() async throws {
        let client = try StorefrontClient()
        try await corrupt(client, #"UPDATE storefront_shops SET ships_to = '["CA", 7]' WHERE id = 1"#)
        expectReported(
            try await client.control(.get, "/sandbox/storefront/shops"),
            "storefront_shops row 1 holds an unreadable value in ships_to")
    }

    @Test func aCartWithUnreadableAttributesIsReportedNotEmptied() async throws {
        let client = try StorefrontClient()
        let created = try await client.data(
            """
            mutation {cartCreate(input:{lines:[{merchandiseId:"\(GID.variant(11))",quantity:1}],
              attributes:[{key:"gift",value:"yes"}]}){cart{id checkoutUrl}}}
            """)
        let url = try #require(created["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)
        let token = try #require(url.split(separator: "/").last.map(String.init))
        let cartID = try #require(created["cartCreate"]?["cart"]?["id"]?.stringValue)

        try await corrupt(client, "UPDATE storefront_carts SET attributes = '[{\"key\":1}]'")
        let page = try await client.control(.get, "/cart/c/\(token)")
        expectReported(page, "storefront_carts row \(token) holds an unreadable value in attributes")
        // Through GraphQL: the C7 internal error at `cart`, not a cart without its attributes.
        let body = try await client.graphQL("{cart(id:\"\(cartID)\"){attributes{key value}}}")
        #expect(body["data"]?["cart"] == .null, "\(body.serialized())")
        #expect(body["errors"]?[0]?["extensions"]?["code"] == "INTERNAL_SERVER_ERROR", "\(body.serialized())")
    }

    @Test func aCheckoutWithAnUnreadableBodyIsReportedNotSkipped() async throws {
        let client = try StorefrontClient()
        let id = try await CheckoutSteps(client: client).createJ2()
        let token = try #require(
            GID.decode(id)?.split(separator: "/").last?.split(separator: "?").first.map(String.init))
        #expect(try await client.control(.get, "/sandbox/storefront/checkouts/\(token)").status == 200)

        try await corrupt(client, "UPDATE storefront_checkouts SET body = '{\"token\":' WHERE token = '\(token)'")
        let row = "storefront_checkouts row \(token) holds an unreadable value in body"
        expectReported(try await client.control(.get, "/sandbox/storefront/checkouts/\(token)"), row)
        // The console's page used to list it as `null`.
        expectReported(try await client.control(.get, "/sandbox/storefront/pages/checkouts"), row)
    }

    @Test func anUnreadableEmailIsReportedNotDropped() async throws {
        let client = try StorefrontClient()
        try await corrupt(
            client,
            "INSERT INTO storefront_emails (id, shop_id, body, created_at) VALUES (7, 1, '{\"to\":', 0)")
        expectReported(
            try await client.control(.get, "/sandbox/storefront/shops/1/emails"),
            "storefront_emails row 7 holds an unreadable value in body")
    }

    @Test func aProductWithUnreadableTagsIsReportedNotUntagged() async throws {
        let client = try StorefrontClient()
        let created = try await client.data(
            "mutation {cartCreate(input:{lines:[{merchandiseId:\"\(GID.variant(21))\",quantity:1}]}){cart{checkoutUrl}}}"
        )
        let url = try #require(created["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)
        let token = try #require(url.components(separatedBy: "/cart/c/").last)

        try await corrupt(client, "UPDATE storefront_products SET tags = 'blue' WHERE id = 1")
        let body = try await client.graphQL("{product(id:\"\(GID.product(1))\"){tags}}")
        #expect(body["data"]?["product"] == .null, "\(body.serialized())")
        #expect(body["errors"]?[0]?["extensions"]?["code"] == "INTERNAL_SERVER_ERROR", "\(body.serialized())")
        // The cart page reads the same snapshot and names the row.
        expectReported(
            try await client.control(.get, "/cart/c/\(token)"),
            "storefront_products row 1 holds an unreadable value in tags")
    }

    @Test func aVaultSessionWithAnUnknownOutcomeIsNotApproved() async throws {
        let client = try StorefrontClient()
        let steps = CheckoutSteps(client: client)
        let (id, due) = try await steps.readyToPay()
        let vault = try await steps.vault()
        try await corrupt(client, "UPDATE storefront_vault_sessions SET outcome = 'maybe'")
        let completed = try await client.graphQL(
            """
            mutation {checkoutCompleteWithCreditCardV2(checkoutId:"\(id)",payment:{paymentAmount:{amount:"\(due)",
              currencyCode:CAD},idempotencyKey:"key-1",billingAddress:\(CheckoutSteps.toronto),vaultId:"\(vault)"}){
              payment{id}}}
            """)
        // Acceptance reads the session: the C7 internal error, not an accepted (or approved) payment.
        #expect(completed["errors"]?[0]?["extensions"]?["code"] == "INTERNAL_SERVER_ERROR", "\(completed.serialized())")
        #expect(completed["data"]?["checkoutCompleteWithCreditCardV2"]?["payment"] == nil)
    }
}
