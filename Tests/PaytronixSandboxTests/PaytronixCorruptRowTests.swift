import CommerceCore
import Foundation
import GRDB
import Testing

@testable import CommerceSandbox

/// A stored JSON column that no longer parses (a hand-edited database, a bug in an older build) is reported, naming
/// the row, instead of reading as an empty value and hiding the package or the delivery.
@Suite("Paytronix push rows with unreadable JSON")
struct PaytronixCorruptRowTests {
    @Test func aPackageWithUnreadableMetadataIsReportedNotHidden() async throws {
        let sandbox = try PaytronixRouterHarness()
        #expect(try await sandbox.upload("dev-aes.p12").status == 200)
        let listed = try await sandbox.call(.get, "/sandbox/paytronix/push-packages").body
        #expect(listed["packages"]?.arrayValue?.count == 1)

        try await sandbox.rig.context.database.writer.write { db in
            try db.execute(sql: "UPDATE paytronix_push_packages SET metadata = '{not json'")
        }
        let (status, body) = try await sandbox.call(.get, "/sandbox/paytronix/push-packages")
        #expect(status == 500)
        #expect(body["errorCode"] == "sandbox.internal_error")
        #expect(
            body["errorMessage"]?.stringValue?.contains(
                "paytronix_push_packages row 1 holds an unreadable value in metadata")
                == true)
    }
}
