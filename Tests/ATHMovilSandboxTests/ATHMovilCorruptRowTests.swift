import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// A payment row whose stored items no longer parse (a hand-edited database) is reported, naming the row, rather
/// than read as a payment without items.
@Suite("ATH Móvil payment rows with unreadable JSON")
struct ATHMovilCorruptRowTests {
    @Test func aPaymentWithUnreadableItemsIsReportedNotEmptied() async throws {
        let rig = try ATHMovilRig()
        let (id, _) = try await rig.createPayment(extra: [
            "items": [["name": "Tee", "description": "", "quantity": 1, "price": 20, "tax": 0, "metadata": ""]]
        ])
        #expect(try await rig.call(.get, "/sandbox/athmovil/payments/\(id)").status == 200)

        try await rig.rig.context.database.writer.write { db in
            try db.execute(sql: "UPDATE athmovil_ecommerce SET items_json = '[{not json'")
        }
        let reply = try await rig.call(.get, "/sandbox/athmovil/payments/\(id)")
        #expect(reply.status == 500)
        #expect(reply.text.contains("athmovil_ecommerce row \(id) holds an unreadable value in items_json"))
    }
}
