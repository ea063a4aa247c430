import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// A 2026-04 cart whose `details` document no longer decodes is reported, naming the row and the column, instead of
/// reading as a cart without addresses, gift cards or payment.
@Suite struct Storefront2026CartDetailsRowTests {
    @Test func unreadableDetailsAreReportedNotEmptied() async throws {
        let client = try StorefrontClient()
        let created = try await client.data(
            #"mutation {cartCreate(input:{lines:[{merchandiseId:"\#(GID.variant(11))",quantity:1}]}){cart{checkoutUrl}}}"#
        )
        let url = try #require(created["cartCreate"]?["cart"]?["checkoutUrl"]?.stringValue)
        let token = try #require(url.split(separator: "/").last.map(String.init))
        try await client.context.database.writer.write { db in
            try db.execute(sql: #"UPDATE storefront_carts SET details = '{"addresses":7}'"#)
        }
        let page = try await client.control(.get, "/cart/c/\(token)")
        #expect(page.status == 500)
        #expect(
            page.json["error"]?.stringValue?.contains(
                "storefront_carts row \(token) holds an unreadable value in details")
                == true, "\(page.json.serialized())")
    }
}
