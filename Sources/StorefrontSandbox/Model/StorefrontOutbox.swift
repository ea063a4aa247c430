import CommerceCore
import Foundation
import GRDB

/// The "emails" a shop sends (password resets), kept for tests to read instead of being delivered (spec §5.16).
enum StorefrontOutbox {
    static func send(_ db: Database, shopID: Int64, _ email: JSONValue, at time: Date) throws {
        try db.execute(
            sql: "INSERT INTO storefront_emails (shop_id, body, created_at) VALUES (?,?,?)",
            arguments: [shopID, email.serialized(), time.timeIntervalSince1970])
    }

    /// The shop's emails, newest first.
    static func emails(_ db: Database, shopID: Int64) throws -> [JSONValue] {
        try String.fetchAll(
            db, sql: "SELECT body FROM storefront_emails WHERE shop_id = ? ORDER BY id DESC", arguments: [shopID]
        )
        .compactMap { try? JSONValue.parse($0) }
    }
}
